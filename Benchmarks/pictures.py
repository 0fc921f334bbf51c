#!/usr/bin/env python3
"""Times Vitrine's picture derivation beside Hugo's image processing, on the same photos.

usage: Benchmarks/pictures.py VITRINE [--photos 1000] [--runs 1] [--cached-runs 3] [--cached-only]
                              [--only hugo,webp,default,none,as-is]
                              [--work /dev/shm/vitrine-pictures] [--clock 2026-12-01T12:00:00Z]

Makes `--photos` synthetic photos of 2,000–3,000 pixels a side (four in five JPEG, one in five
PNG; Perlin noise in each band, so they compress like photos rather than flat drawings) with
libvips's `vips` command, once, kept in the work folder. Then, on the same photos:

- Hugo (Debian `hugo`, extended): a site whose home page calls `.Resize "<w>x webp"` for widths
  320, 640, 1024 and 1600 on each photo under `assets/`, quality 80; cold = no `resources/_gen`.
- Vitrine, WebP only (`images.formats: [webp]`): the same four widths in WebP, plus the JPEG or
  PNG fallback every `<img>` needs; a catalog of `--photos` products from gencatalog.py, one
  photo each.
- Vitrine with its defaults: AVIF and WebP and the fallback.

Cold runs start with no cache; cached runs keep the previous run's cache (Hugo's `resources/_gen`,
Vitrine's `.Output.vitrine-cache/images`). "Photos as they are" builds the same catalog with
`images.widths: []`, publishing the photos unchanged as Vitrine did before it derived them: a
cached build's extra time over it is what derived pictures add to a build ("no photos" is the
catalog without `image` keys). `--cached-only` skips the cold runs (one untimed build warms the
caches). `--only` runs some of the five (a cold WebP cache alone takes minutes). Prints medians of wall time, processor time and peak memory (GNU time). Everything is
written into the work folder, which should be tmpfs.
"""
import argparse, json, os, random, re, shutil, statistics, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

from timing import timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENCATALOG = os.path.join(ROOT, "..", "shared", "tools", "gencatalog.py")
WIDTHS = [320, 640, 1024, 1600]


def make_photo(path, width, height, seed):
    """Three bands of Perlin noise at different cell sizes, joined and saved by libvips."""
    if os.path.exists(path):
        return
    work = path + ".parts"
    os.makedirs(work, exist_ok=True)
    bands = []
    for band, cell in enumerate([160, 96, 240]):
        out = os.path.join(work, f"{band}.v")
        subprocess.run(["vips", "perlin", out, str(width), str(height), "--cell-size", str(cell), "--uchar",
                        "--seed", str(seed * 3 + band)], check=True)
        bands.append(out)
    options = "[Q=90]" if path.endswith(".jpg") else "[compression=6]"
    subprocess.run(["vips", "bandjoin", " ".join(bands), path + options], check=True)
    shutil.rmtree(work)


def photos(folder, count):
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(15)
    jobs = []
    for i in range(count):
        ext = "png" if i % 5 == 4 else "jpg"
        jobs.append((os.path.join(folder, f"photo-{i:04d}.{ext}"), rng.randint(2000, 3000), rng.randint(2000, 3000), i))
    with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        list(pool.map(lambda job: make_photo(*job), jobs))
    return [job[0] for job in jobs]


def link(source, target):
    os.makedirs(os.path.dirname(target), exist_ok=True)
    if not os.path.exists(target):
        os.link(source, target)


def vitrine_catalog(folder, files, formats):
    """gencatalog's products, each given one photo; `formats` None: no photos at all."""
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run([sys.executable, GENCATALOG, folder, "--products", str(len(files)),
                    "--brands", str(max(1, len(files) // 100)), "--promotions", str(max(1, len(files) // 50))],
                   check=True, stdout=subprocess.DEVNULL)
    products = sorted(os.path.join(r, n) for r, _, names in os.walk(os.path.join(folder, "products")) for n in names)
    if formats is not None:
        site_path = os.path.join(folder, "site.json")
        site = json.load(open(site_path))
        site["images"] = {"formats": formats, "quality": 80} if formats != "as-is" else {"widths": []}
        json.dump(site, open(site_path, "w"), indent=2)
        for product, photo in zip(products, files):
            name = os.path.basename(photo)
            link(photo, os.path.join(folder, "images", "products", name))
            text = open(product).read()
            text = text.replace("---\n", f"---\nimage: images/products/{name}\n", 1)
            open(product, "w").write(text)
    return folder


def hugo_site(folder, files):
    os.makedirs(os.path.join(folder, "layouts"), exist_ok=True)
    os.makedirs(os.path.join(folder, "content"), exist_ok=True)
    for photo in files:
        link(photo, os.path.join(folder, "assets", "photos", os.path.basename(photo)))
    open(os.path.join(folder, "config.toml"), "w").write(
        'baseURL = "https://example.com/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
        '[imaging]\nquality = 80\n')
    open(os.path.join(folder, "content", "_index.md"), "w").write("---\ntitle: Photos\n---\n")
    widths = " ".join(str(w) for w in WIDTHS)
    open(os.path.join(folder, "layouts", "index.html"), "w").write(
        '{{ range resources.Match "photos/*" }}{{ $img := . }}'
        '{{ range (slice ' + widths + ') }}<img src="{{ ($img.Resize (printf "%dx webp" .)).RelPermalink }}">'
        '{{ end }}{{ end }}\n')
    return folder


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vitrine")
    ap.add_argument("--photos", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=1, help="cold runs of each")
    ap.add_argument("--cached-runs", type=int, default=3)
    ap.add_argument("--cached-only", action="store_true")
    ap.add_argument("--work", default="/dev/shm/vitrine-pictures")
    ap.add_argument("--clock", default="2026-12-01T12:00:00Z")
    ap.add_argument("--only", default="hugo,webp,default,none,as-is")
    a = ap.parse_args()
    only = set(a.only.split(","))
    for tool in ["/usr/bin/time", "vips", "hugo"]:
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing (Debian time, libvips-tools, hugo)")
    files = photos(os.path.join(a.work, "photos"), a.photos)
    variants = {
        "webp": ("Vitrine, WebP", ["webp"]),
        "default": ("Vitrine, AVIF + WebP (default)", ["avif", "webp"]),
        "none": ("Vitrine, no photos", None),
        "as-is": ("Vitrine, photos as they are", "as-is"),
    }
    sites = {name: vitrine_catalog(os.path.join(a.work, key), files, formats)
             for key, (name, formats) in variants.items() if key in only}
    hugo = hugo_site(os.path.join(a.work, "hugo"), files) if "hugo" in only else None
    templates = os.path.join(ROOT, "Templates")

    def vitrine(name, cold):
        output = os.path.join(a.work, "out-" + re.sub(r"\W+", "-", name))
        if cold:
            shutil.rmtree(os.path.join(a.work, "." + os.path.basename(output) + ".vitrine-cache"), ignore_errors=True)
        return timed([a.vitrine, "build", "--quiet", "--content", sites[name], "--templates", templates,
                      "--output", output, "--clock", a.clock])

    def hugo_run(cold):
        if cold:
            shutil.rmtree(os.path.join(hugo, "resources"), ignore_errors=True)
        shutil.rmtree(os.path.join(hugo, "public"), ignore_errors=True)
        return timed(["hugo", "--quiet", "--source", hugo, "--cacheDir", os.path.join(hugo, ".hugo-cache")])

    results = {}
    plain = ["Vitrine, no photos", "Vitrine, photos as they are"]
    for _ in range(0 if a.cached_only else a.runs):
        if hugo:
            results.setdefault(("Hugo, WebP", "cold"), []).append(hugo_run(True))
        for name in sites:
            if name not in plain:
                results.setdefault((name, "cold"), []).append(vitrine(name, True))
    if a.cached_only:
        if hugo:
            hugo_run(False)
        for name in sites:
            vitrine(name, False)
    for round in range(a.cached_runs):
        if hugo:
            results.setdefault(("Hugo, WebP", "cached"), []).append(hugo_run(False))
        # Every other round in the opposite order: a build runs a little slower or faster after
        # another that freed gigabytes of tmpfs, and no variant should always come first.
        for name in (list(sites) if round % 2 == 0 else list(reversed(sites))):
            results.setdefault((name, "cached"), []).append(vitrine(name, False))

    print(f"{a.photos:,} photos of 2,000–3,000 px (4/5 JPEG, 1/5 PNG), widths {WIDTHS}; "
          f"{a.runs} cold run(s), {a.cached_runs} cached, medians:")
    print(f"{'':34} {'':7} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9}")
    medians = {}
    for (name, kind), runs in results.items():
        wall = statistics.median(r[0] for r in runs)
        mib = statistics.median(r[1] for r in runs)
        cpu = statistics.median(r[2] for r in runs)
        medians[(name, kind)] = wall
        print(f"{name:34} {kind:7} {wall:8.2f} {cpu:8.2f} {mib:9.0f}")
    derived = [name for name in ["Vitrine, WebP", "Vitrine, AVIF + WebP (default)"] if name in sites]
    if not a.cached_only and hugo:
        hugo_cold = medians[("Hugo, WebP", "cold")]
        for name in derived:
            print(f"{name}: cold {hugo_cold / medians[(name, 'cold')]:.2f}x Hugo's speed")
    for baseline in [name for name in plain if name in sites]:
        base = medians[(baseline, "cached")]
        for name in derived:
            extra = medians[(name, "cached")] - base
            # Runs of one round are next to each other in time: their differences drift less than
            # the machine does over a long run.
            paired = statistics.median(
                r[0] - b[0] for r, b in zip(results[(name, "cached")], results[(baseline, "cached")]))
            print(f"{name}: a cached build takes {extra:+.2f} s over {baseline[9:]} ({extra / base:+.1%}); "
                  f"median of paired differences {paired:+.2f} s ({paired / base:+.1%})")


if __name__ == "__main__":
    main()
