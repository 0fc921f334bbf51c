#!/usr/bin/env python3
"""Times `vitrine import shopify` on a generated Shopify product CSV, output to tmpfs.

usage: Benchmarks/import-shopify.py VITRINE [--rows 100000] [--runs 3] [--tmp /dev/shm/vitrine-import]

Writes a CSV in Shopify's export layout: products of 1–8 shade variants, each with a Body (HTML)
holding a paragraph, a list and a quoted comma, an image per product, tags and a vendor from 500.
Prints the median wall time, processor time and peak memory of importing it into an empty folder.
"""
import argparse, csv, os, random, shutil, statistics

from timing import timed

HEADER = ["Handle", "Title", "Body (HTML)", "Vendor", "Type", "Tags", "Published", "Option1 Name", "Option1 Value",
          "Variant SKU", "Variant Inventory Qty", "Variant Price", "Variant Barcode", "Image Src", "Image Position",
          "Variant Image", "Status"]


def write_csv(path, rows):
    r = random.Random(7)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(HEADER)
        written = product = 0
        while written < rows:
            product += 1
            handle = f"product-{product:06d}"
            variants = min(r.randint(1, 8), rows - written)
            for v in range(variants):
                first = v == 0
                w.writerow([
                    handle, f"Product {product}, edition {product % 7}" if first else "",
                    f"<p>Gentle care, made for <strong>every</strong> day.</p><ul><li>Apply</li><li>Rinse</li></ul>" if first else "",
                    f"Vendor {product % 500}" if first else "", f"Type {product % 40}" if first else "",
                    "serum, night" if first else "", "true" if first else "", "Shade" if first else "", f"Shade {v}",
                    f"SKU-{product:06d}-{v}", str(r.randint(0, 20)), f"{r.randint(5, 200)}.{r.randint(0, 99):02d}", "",
                    f"https://cdn.example.com/{handle}.png" if first else "", "1" if first else "", "", "active" if first else ""])
                written += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vitrine")
    ap.add_argument("--rows", type=int, default=100000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--tmp", default="/dev/shm/vitrine-import")
    a = ap.parse_args()
    shutil.rmtree(a.tmp, ignore_errors=True)
    os.makedirs(a.tmp)
    source = os.path.join(a.tmp, "products_export.csv")
    write_csv(source, a.rows)
    runs = []
    for _ in range(a.runs):
        output = os.path.join(a.tmp, "Content")
        shutil.rmtree(output, ignore_errors=True)
        runs.append(timed([a.vitrine, "import", "shopify", source, "--output", output]))
    files = sum(len(f) for _, _, f in os.walk(os.path.join(a.tmp, "Content")))
    print(f"{a.rows:,} rows ({os.path.getsize(source) / 1e6:.1f} MB) → {files:,} files; {a.runs} runs, medians: "
          f"wall {statistics.median(r[0] for r in runs):.2f} s, processor {statistics.median(r[2] for r in runs):.2f} s, "
          f"peak {statistics.median(r[1] for r in runs):.0f} MiB")


if __name__ == "__main__":
    main()
