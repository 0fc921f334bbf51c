#!/usr/bin/env python3
"""Times `vitrine deploy` to a folder of releases on this machine (rsync, `cp -al`, one rename):
the first deploy of a built site, a deploy with nothing changed, and a deploy after one product's
price changed and an incremental build; says how many files each sent.

usage: Benchmarks/deploy.py VITRINE [--products 10000] [--runs 3]
                            [--clock 2026-12-01T12:00:00Z] [--tmp /dev/shm/vitrine-deploy]

The catalog comes from ../shared/tools/gencatalog.py. Each round starts from a fresh target and a
fresh output. Prints medians of wall time and peak memory (GNU time's %M) and the files sent.
Needs Debian `time` and `rsync`.
"""
import argparse, os, re, shutil, statistics, subprocess, sys

from timing import timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENCATALOG = os.path.join(ROOT, "..", "shared", "tools", "gencatalog.py")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vitrine")
    ap.add_argument("--products", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--clock", default="2026-12-01T12:00:00Z")
    ap.add_argument("--tmp", default="/dev/shm/vitrine-deploy")
    a = ap.parse_args()
    if not shutil.which("/usr/bin/time") or not shutil.which("rsync"):
        sys.exit("needs /usr/bin/time and rsync: apt-get install time rsync")
    vitrine = os.path.abspath(a.vitrine)
    content = os.path.join(a.tmp, f"content-{a.products}")
    if not os.path.exists(os.path.join(content, "site.json")):
        subprocess.run([sys.executable, GENCATALOG, content, "--products", str(a.products), "--brands", str(max(1, a.products // 100)),
                        "--promotions", str(max(1, a.products // 50))], check=True, stdout=subprocess.DEVNULL)
    product = os.path.join(content, "products", sorted(os.listdir(os.path.join(content, "products")))[0])
    original = open(product, encoding="utf-8").read()
    output, target = os.path.join(a.tmp, "Output"), os.path.join(a.tmp, "target")
    build = [vitrine, "build", "--quiet", "--incremental", "--content", content, "--output", output, "--clock", a.clock]
    rounds = {"first deploy": [], "nothing changed": [], "one price changed": []}
    files = {}
    try:
        for run in range(a.runs):
            for folder in (output, target, os.path.join(a.tmp, ".Output.vitrine-cache")):
                shutil.rmtree(folder, ignore_errors=True)
            with open(product, "w", encoding="utf-8") as f:
                f.write(original)
            subprocess.run(build, check=True)
            deploy = [vitrine, "deploy", target, "--output", output, "--quiet"]
            rounds["first deploy"].append(timed(deploy))
            rounds["nothing changed"].append(timed(deploy))
            with open(product, "w", encoding="utf-8") as f:
                f.write(re.sub(r"^price: (\d+)", lambda m: f"price: {int(m.group(1)) + 1 + run}", original, count=1, flags=re.M))
            subprocess.run(build, check=True)
            before = subprocess.run([vitrine, "deploy", target, "--output", output, "--dry-run", "--verbose"], capture_output=True,
                                    text=True, check=True).stdout
            files["one price changed"] = sum(1 for line in before.splitlines() if line.startswith("would send "))
            rounds["one price changed"].append(timed(deploy))
    finally:
        with open(product, "w", encoding="utf-8") as f:
            f.write(original)
    print(f"{a.products:,} products, {a.runs} runs, medians:")
    for name, results in rounds.items():
        walls = [r[0] for r in results]
        note = f"  {files[name]} files sent" if name in files else ""
        print(f"  {name:<20} wall {statistics.median(walls):6.2f} s  peak {statistics.median(r[1] for r in results):6.0f} MiB"
              f"  (runs {', '.join(f'{w:.2f}' for w in walls)}){note}")


if __name__ == "__main__":
    main()
