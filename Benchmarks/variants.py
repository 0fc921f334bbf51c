#!/usr/bin/env python3
"""Times one `vitrine` binary on a generated catalog with and without variants, runs interleaved.

usage: Benchmarks/variants.py VITRINE [--products 10000] [--share 0.33] [--runs 7]
                              [--clock 2026-12-01T12:00:00Z] [--tmp /dev/shm/vitrine-variants]

Both catalogs come from ../shared/tools/gencatalog.py with the same seed; `--variant-share`
gives that share of the products `options: [shade]` and 3–40 variants, leaving every other file
as it was. Each run builds both from no output folder into tmpfs. Prints the median wall time,
processor time (user + system) and peak resident memory (GNU time's %M) of each, their ratio,
and what each wrote (pages, merchant-feed items). Needs Debian `time`.
"""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile

from timing import timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENCATALOG = os.path.join(ROOT, "..", "shared", "tools", "gencatalog.py")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vitrine")
    ap.add_argument("--products", type=int, default=10000)
    ap.add_argument("--share", type=float, default=0.33)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--clock", default="2026-12-01T12:00:00Z")
    ap.add_argument("--tmp", default="/dev/shm/vitrine-variants")
    a = ap.parse_args()
    if not shutil.which("/usr/bin/time"):
        sys.exit("/usr/bin/time is missing: apt-get install time")
    shutil.rmtree(a.tmp, ignore_errors=True)
    os.makedirs(a.tmp)
    size = ["--products", str(a.products), "--brands", str(max(1, a.products // 100)),
            "--promotions", str(max(1, a.products // 50))]
    catalogs = {"plain": os.path.join(a.tmp, "plain"), "variants": os.path.join(a.tmp, "variants")}
    subprocess.run([sys.executable, GENCATALOG, catalogs["plain"]] + size, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, GENCATALOG, catalogs["variants"], "--variant-share", str(a.share)] + size,
                   check=True, stdout=subprocess.DEVNULL)
    results = {name: [] for name in catalogs}
    for _ in range(a.runs):
        for name, content in catalogs.items():
            output = os.path.join(a.tmp, "out-" + name)
            shutil.rmtree(output, ignore_errors=True)
            results[name].append(timed([a.vitrine, "build", "--quiet", "--content", content, "--output", output,
                                        "--templates", os.path.join(ROOT, "Templates"), "--clock", a.clock]))
    print(f"{a.products:,} products, {a.share:.0%} with variants, {a.runs} interleaved runs, medians:")
    medians = {}
    for name, runs in results.items():
        wall = statistics.median(r[0] for r in runs)
        rss = statistics.median(r[1] for r in runs)
        cpu = statistics.median(r[2] for r in runs)
        medians[name] = (wall, rss, cpu)
        output = os.path.join(a.tmp, "out-" + name)
        feed = open(os.path.join(output, "feeds", "products.xml"), encoding="utf-8").read()
        items = feed.count("<item>")
        groups = len(set(re.findall(r"<g:item_group_id>([^<]+)</g:item_group_id>", feed)))
        pages = sum(1 for _, _, files in os.walk(output) for f in files if f.endswith(".html"))
        print(f"  {name:9} wall {wall:5.2f} s  cpu {cpu:5.2f} s  peak {rss:5.0f} MiB  "
              f"({pages:,} pages, {items:,} feed items in {groups:,} groups)")
    (w0, m0, c0), (w1, m1, c1) = medians["plain"], medians["variants"]
    print(f"  variants / plain: wall {w1 / w0:.2f}x  cpu {c1 / c0:.2f}x  peak memory {m1 / m0:.2f}x")


if __name__ == "__main__":
    main()
