#!/usr/bin/env python3
"""Times one `vitrine` binary on a generated catalog with and without reviews, runs interleaved.

usage: Benchmarks/reviews.py VITRINE [--products 10000] [--reviews 20] [--runs 7]
                             [--clock 2026-12-01T12:00:00Z] [--tmp /dev/shm/vitrine-reviews]

Both catalogs come from ../shared/tools/gencatalog.py with the same seed; `--reviews R` adds about
R reviews per product (skewed, as real shops' are) in Content/reviews/*.jsonl and leaves every
other file as it was. Each run builds both from no output folder into tmpfs. Prints the median
wall time, processor time and peak resident memory (GNU time's %M) of each, their ratio, and
what the reviews added (review count, ratings-feed bytes). Issue 52's targets: at 10,000 products
and 20 reviews each, under 1.25x in time and memory; at 100,000 products and 10 each (about
a million reviews), under 12 s. Needs Debian `time`.
"""
import argparse, os, shutil, statistics, subprocess, sys

from timing import timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENCATALOG = os.path.join(ROOT, "..", "shared", "tools", "gencatalog.py")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vitrine")
    ap.add_argument("--products", type=int, default=10000)
    ap.add_argument("--reviews", type=float, default=20)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--clock", default="2026-12-01T12:00:00Z")
    ap.add_argument("--tmp", default="/dev/shm/vitrine-reviews")
    ap.add_argument("--only-reviews", action="store_true", help="time the catalog with reviews alone")
    a = ap.parse_args()
    if not shutil.which("/usr/bin/time"):
        sys.exit("/usr/bin/time is missing: apt-get install time")
    size = ["--products", str(a.products), "--brands", str(max(1, a.products // 100)),
            "--promotions", str(max(1, a.products // 50))]
    catalogs = {"reviews": os.path.join(a.tmp, f"reviews-{a.products}-{a.reviews:g}")}
    if not a.only_reviews:
        catalogs = {"plain": os.path.join(a.tmp, f"plain-{a.products}"), **catalogs}
    for name, folder in catalogs.items():
        if not os.path.exists(os.path.join(folder, "site.json")):
            extra = ["--reviews", str(a.reviews)] if name == "reviews" else []
            subprocess.run([sys.executable, GENCATALOG, folder] + size + extra, check=True, stdout=subprocess.DEVNULL)
    results = {name: [] for name in catalogs}
    for _ in range(a.runs):
        for name, content in catalogs.items():
            output = os.path.join(a.tmp, "out-" + name)
            shutil.rmtree(output, ignore_errors=True)
            results[name].append(timed([a.vitrine, "build", "--quiet", "--content", content, "--output", output,
                                        "--templates", os.path.join(ROOT, "Templates"), "--clock", a.clock]))
    reviews = sum(1 for f in os.listdir(os.path.join(catalogs["reviews"], "reviews"))
                  for line in open(os.path.join(catalogs["reviews"], "reviews", f), encoding="utf-8") if line.strip())
    print(f"{a.products:,} products, {reviews:,} reviews, {a.runs} interleaved runs, medians:")
    medians = {}
    for name, runs in results.items():
        wall = statistics.median(r[0] for r in runs)
        rss = statistics.median(r[1] for r in runs)
        cpu = statistics.median(r[2] for r in runs)
        medians[name] = (wall, rss, cpu)
        feeds = os.path.join(a.tmp, "out-" + name, "feeds")
        ratings = sum(os.path.getsize(os.path.join(feeds, f)) for f in os.listdir(feeds) if f.startswith("product-ratings"))
        print(f"  {name:8} wall {wall:5.2f} s  cpu {cpu:5.2f} s  peak {rss:5.0f} MiB  (ratings feed {ratings / 1e6:.1f} MB; "
              f"runs {', '.join(f'{r[0]:.2f}' for r in runs)})")
    if "plain" in medians:
        (w0, m0, c0), (w1, m1, c1) = medians["plain"], medians["reviews"]
        print(f"  reviews / plain: wall {w1 / w0:.2f}x  cpu {c1 / c0:.2f}x  peak memory {m1 / m0:.2f}x")


if __name__ == "__main__":
    main()
