#!/usr/bin/env python3
"""What a page's pictures weigh, as a browser at 1x downloads them and as they were before derivation.

usage: Benchmarks/page-weight.py OUTPUT PAGE [PAGE …]
       e.g. Benchmarks/page-weight.py Output brands/diar/index.html

For each `<picture>` on the page: the file a browser that shows AVIF picks (the smallest AVIF
candidate at least as wide as the slot, the slot being the `<img width>`), the file an older
browser gets (the `<img src>`, JPEG or PNG), and the original the content names, which is what
Vitrine published before it derived pictures (cards showed `thumbnail`, else `image`, as they
were). Prints the three totals and the ratios.
"""
import html.parser, os, re, sys


class Pictures(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.items, self.sources, self.inside = [], [], False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "picture":
            self.inside, self.sources = True, []
        elif tag == "source" and self.inside:
            self.sources.append((a.get("type"), a.get("srcset", "")))
        elif tag == "img":
            self.items.append({"src": a.get("src"), "width": int(a.get("width", "0")), "sources": list(self.sources)})

    def handle_endtag(self, tag):
        if tag == "picture":
            self.inside = False


def resolve(output, page, url):
    return os.path.normpath(os.path.join(output, os.path.dirname(page), url))


def original(path):
    """`serum-320.3f9a0c12de.jpg` → the content's `serum.<ext>` beside it."""
    folder, name = os.path.split(path)
    match = re.match(r"(.+)-\d+\.[0-9a-f]{10}\.\w+$", name)
    if not match:
        return path
    for candidate in sorted(os.listdir(folder)):
        stem, _ = os.path.splitext(candidate)
        if stem == match.group(1):
            return os.path.join(folder, candidate)
    return path


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    output = sys.argv[1]
    for page in sys.argv[2:]:
        parser = Pictures()
        parser.feed(open(os.path.join(output, page), encoding="utf-8").read())
        modern = fallback = before = 0
        for item in parser.items:
            src = resolve(output, page, item["src"])
            fallback += os.path.getsize(src)
            before += os.path.getsize(original(src))
            chosen = src
            for kind, srcset in item["sources"]:
                if kind == "image/avif":
                    candidates = sorted((int(w[:-1]), url) for url, w in (c.strip().split() for c in srcset.split(",")))
                    wide = [url for w, url in candidates if w >= item["width"]] or [candidates[-1][1]]
                    chosen = resolve(output, page, wide[0])
            modern += os.path.getsize(chosen)
        print(f"{page}: {len(parser.items)} pictures; as published before derivation {before / 1024:,.0f} KiB; "
              f"AVIF at 1x {modern / 1024:,.1f} KiB ({before / max(modern, 1):,.0f}x less); "
              f"JPEG/PNG fallback {fallback / 1024:,.1f} KiB ({before / max(fallback, 1):,.0f}x less)")


if __name__ == "__main__":
    main()
