#!/usr/bin/env python3
"""Checks the storefronts' language links over every page of a built site; called by e2e-html.sh.

    e2e-hreflang-check.py OUTPUT_DIR CONTENT_DIR

Read from the pages themselves, independently of Vitrine's code, and against CONTENT_DIR/site.json:
- every indexable page has a self-referencing canonical and names itself among its alternates;
- alternates are reciprocal: each page an alternate points to exists and names exactly the same
  set (Google ignores a pair that does not link back);
- `x-default` is the root storefront's page, present exactly when the root has the page;
- each hreflang is the storefront's language and market country, once per page;
- `<html lang>` is the storefront's language with its country, `dir="rtl"` exactly on ar, he, fa, ur;
- the storefront switcher links to the same pages as the head's alternates;
- each storefront's sitemap lists, for every page, the same alternates as the page's head.
Prints one line per storefront and check, then "hreflang: N passed, M failed"; exits 1 on failure.
"""
import html.parser
import json
import os
import re
import sys
from collections import defaultdict

out, content = sys.argv[1:3]
site = json.load(open(os.path.join(content, "site.json"), encoding="utf-8"))
root_url = site["baseURL"]
RTL = {"ar", "he", "fa", "ur"}


def storefronts():
    """prefix -> (language, country) as the contract lays storefronts out."""
    fronts = {}
    for m_index, market in enumerate(site.get("markets", [])):
        for l_index, language in enumerate(market["languages"]):
            prefix = "" if m_index == 0 and l_index == 0 else f"{language}-{market['id']}/".lower()
            fronts[prefix] = (language, market["countries"][0])
    return fronts


FRONTS = storefronts()


class Head(html.parser.HTMLParser):
    """The parts of a page this check reads: html lang/dir, canonical, alternates, the switcher."""

    def __init__(self):
        super().__init__()
        self.lang = self.dir = self.canonical = self.robots = None
        self.alternates = []
        self.switcher = []
        self.in_switcher = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang, self.dir = a.get("lang"), a.get("dir")
        elif tag == "link" and a.get("rel") == "canonical":
            self.canonical = a.get("href")
        elif tag == "link" and a.get("rel") == "alternate" and "hreflang" in a:
            self.alternates.append((a["hreflang"], a["href"]))
        elif tag == "meta" and a.get("name") == "robots":
            self.robots = a.get("content")
        elif tag == "nav" and "storefronts" in (a.get("class") or "").split():
            self.in_switcher = 1
        elif tag == "nav" and self.in_switcher:
            self.in_switcher += 1
        elif tag == "a" and self.in_switcher and a.get("hreflang"):
            self.switcher.append((a["hreflang"], a["href"]))

    def handle_endtag(self, tag):
        if tag == "nav" and self.in_switcher:
            self.in_switcher -= 1


def storefront_of(relative):
    for prefix in sorted(FRONTS, key=len, reverse=True):
        if prefix and relative.startswith(prefix):
            return prefix
    return ""


def url_of(relative):
    return root_url + (relative[: -len("index.html")] if relative.endswith("index.html") else relative)


pages = {}
for folder, _, files in os.walk(out):
    for name in files:
        if name.endswith(".html") and name != "404.html":
            relative = os.path.relpath(os.path.join(folder, name), out).replace(os.sep, "/")
            head = Head()
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                head.feed(f.read())
            pages[url_of(relative)] = (storefront_of(relative), head)

sitemap_links = {}
for prefix in FRONTS:
    text = open(os.path.join(out, prefix, "sitemap.xml"), encoding="utf-8").read()
    for block in re.findall(r"<url>(.*?)</url>", text, re.S):
        loc = re.search(r"<loc>(.*?)</loc>", block).group(1)
        sitemap_links[loc] = set(re.findall(r'<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/>', block))

problems = defaultdict(lambda: defaultdict(list))
counted = defaultdict(int)
for url, (prefix, head) in sorted(pages.items()):
    language, country = FRONTS[prefix]
    counted[prefix] += 1
    tag = f"{language}-{country}"
    say = lambda check, text: problems[prefix][check].append(f"{url[len(root_url):] or '/'}: {text}")
    if head.lang != tag:
        say("lang and dir", f'<html lang="{head.lang}">, expected {tag}')
    if (head.dir == "rtl") != (language.split("-")[0] in RTL):
        say("lang and dir", f'dir="{head.dir}" for {language}')
    if head.robots and "noindex" in head.robots:
        continue
    alternates = set(head.alternates)
    if head.canonical != url:
        say("canonical", f"canonical {head.canonical}")
    if len(alternates) != len(head.alternates) or len({h for h, _ in head.alternates}) != len(head.alternates):
        say("alternates", f"an hreflang is named twice: {head.alternates}")
    if (tag, url) not in alternates:
        say("alternates", f"does not name itself as {tag}")
    for hreflang, href in alternates:
        if hreflang == "x-default":
            continue
        other = pages.get(href)
        if other is None:
            say("reciprocity", f"{hreflang} points to {href}, which is not a page")
            continue
        other_tag = "-".join(FRONTS[other[0]])
        if hreflang != other_tag:
            say("alternates", f"{href} is named {hreflang}, but its storefront is {other_tag}")
        if set(other[1].alternates) != alternates:
            say("reciprocity", f"{href} names {sorted(set(other[1].alternates) ^ alternates)} differently")
    root_page = next((href for h, href in alternates if h == "-".join(FRONTS[""])), None)
    x_default = [href for h, href in alternates if h == "x-default"]
    if x_default != ([root_page] if root_page else []):
        say("x-default", f"x-default {x_default}, root storefront's page {root_page}")
    switcher = set(head.switcher)
    if len(alternates) > 1 and switcher != {a for a in alternates if a[0] != "x-default"}:
        say("switcher", f"switcher {sorted(switcher)} differs from the alternates")
    if url in sitemap_links and sitemap_links[url] != alternates:
        say("sitemap", f"sitemap's xhtml:link {sorted(sitemap_links[url] ^ alternates)} differ from the head")
    elif url not in sitemap_links:
        say("sitemap", "not in its storefront's sitemap")

passed = failed = 0
for prefix in FRONTS:
    for check in ("lang and dir", "canonical", "alternates", "reciprocity", "x-default", "switcher", "sitemap"):
        found = problems[prefix][check]
        name = f"{prefix or '/'} {check} ({counted[prefix]} pages)"
        if found:
            failed += 1
            print(f"FAIL {name}")
            for line in found[:8]:
                print(f"     {line}")
        else:
            passed += 1
            print(f"ok   {name}")
print(f"hreflang: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
