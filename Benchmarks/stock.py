#!/usr/bin/env python3
"""Times `Content/stock.csv`: a full build (`--incremental` into an empty folder) with a row for
every SKU against one without, and incremental builds after one row and after a thousand rows
change.

usage: Benchmarks/stock.py VITRINE [--products 10000] [--runs 5]
                           [--clock 2026-12-01T12:00:00Z] [--tmp /dev/shm/vitrine-stock]

The catalog comes from ../shared/tools/gencatalog.py. The sheet gives every product SKU its file's
price and a quantity, so the full build with it writes the same pages but for availability; the
incremental rounds then change prices in it. Prints medians of wall time and peak memory (GNU
time's %M). Issue 51's targets, at 100,000 products: one change under 1.0 s and 400 MiB, a
thousand under 3 s. Needs Debian `time`.
"""
import argparse, os, re, shutil, statistics, subprocess, sys

from timing import timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENCATALOG = os.path.join(ROOT, "..", "shared", "tools", "gencatalog.py")


def products(content):
    """(sku, price) of every product file gencatalog wrote, in file-name order."""
    found = []
    folder = os.path.join(content, "products")
    for name in sorted(os.listdir(folder)):
        text = open(os.path.join(folder, name), encoding="utf-8").read(600)
        sku, price = re.search(r"^sku: (\S+)$", text, re.M), re.search(r"^price: (\S+)$", text, re.M)
        if sku and price:
            found.append((sku.group(1), price.group(1)))
    return found


def write_sheet(content, rows):
    with open(os.path.join(content, "stock.csv"), "w", encoding="utf-8") as sheet:
        sheet.write("sku,price,quantity\n")
        for sku, price, quantity in rows:
            sheet.write(f"{sku},{price},{quantity}\n")


def cents(price, change):
    whole, _, fraction = price.partition(".")
    value = int(whole) * 100 + int((fraction + "00")[:2]) + change
    return f"{value // 100}.{value % 100:02d}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vitrine")
    ap.add_argument("--products", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--clock", default="2026-12-01T12:00:00Z")
    ap.add_argument("--tmp", default="/dev/shm/vitrine-stock")
    a = ap.parse_args()
    if not shutil.which("/usr/bin/time"):
        sys.exit("/usr/bin/time is missing: apt-get install time")
    content = os.path.join(a.tmp, f"content-{a.products}")
    if not os.path.exists(os.path.join(content, "site.json")):
        subprocess.run([sys.executable, GENCATALOG, content, "--products", str(a.products), "--brands", str(max(1, a.products // 100)),
                        "--promotions", str(max(1, a.products // 50))], check=True, stdout=subprocess.DEVNULL)
    catalog = products(content)
    rows = [(sku, price, 5 + index % 20) for index, (sku, price) in enumerate(catalog)]
    output = os.path.join(a.tmp, "output")
    templates = os.path.join(ROOT, "Templates")

    def build(*extra):
        return timed([a.vitrine, "build", "--quiet", "--content", content, "--output", output, "--templates", templates,
                      "--clock", a.clock, *extra])

    results = {"full, no stock.csv": [], f"full, stock.csv with {len(rows):,} rows": [],
               "incremental, 1 row changed": [], "incremental, 1,000 rows changed": []}
    for run in range(a.runs):
        sheet = os.path.join(content, "stock.csv")
        if os.path.exists(sheet):
            os.remove(sheet)
        shutil.rmtree(output, ignore_errors=True)
        results["full, no stock.csv"].append(build("--incremental"))
        write_sheet(content, rows)
        shutil.rmtree(output, ignore_errors=True)
        results[f"full, stock.csv with {len(rows):,} rows"].append(build("--incremental"))
        changed = list(rows)
        changed[run] = (changed[run][0], cents(changed[run][1], 1 + run), changed[run][2])
        write_sheet(content, changed)
        results["incremental, 1 row changed"].append(build("--incremental"))
        step = max(1, len(changed) // 1000)
        for index in range(0, min(len(changed), step * 1000), step):
            changed[index] = (changed[index][0], cents(changed[index][1], 2 + run), changed[index][2])
        write_sheet(content, changed)
        results["incremental, 1,000 rows changed"].append(build("--incremental"))
    os.remove(os.path.join(content, "stock.csv"))
    print(f"{a.products:,} products, {a.runs} runs, medians:")
    for name, runs in results.items():
        print(f"  {name:36} wall {statistics.median(r[0] for r in runs):5.2f} s  peak {statistics.median(r[1] for r in runs):5.0f} MiB  "
              f"(runs {', '.join(f'{r[0]:.2f}' for r in runs)})")


if __name__ == "__main__":
    main()
