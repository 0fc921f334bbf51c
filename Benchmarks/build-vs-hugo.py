#!/usr/bin/env python3
"""Times `vitrine build` against `hugo` on the same synthetic catalog, output to tmpfs.

usage: Benchmarks/build-vs-hugo.py [--products 10000] [--brands 100] [--promotions 200] [--runs 5] [--languages ko,ja,ar]
       VITRINE_BINARY=.build/release/vitrine Benchmarks/build-vs-hugo.py   # with a binary built already

Builds vitrine in release mode, writes the catalog with ../shared/tools/gencatalog.py (and the
same catalog as a Hugo site), then runs each build --runs times and prints median wall time,
processor time (user + system), peak resident memory (GNU time's %M) and the ratio. Needs Debian
`hugo` and `time`.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile

from timing import timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENCATALOG = os.path.join(ROOT, "..", "shared", "tools", "gencatalog.py")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--products", type=int, default=10000)
    ap.add_argument("--brands", type=int, default=100)
    ap.add_argument("--promotions", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tmp", default="/dev/shm/vitrine-bench")
    # Translations and one market per language: Vitrine's storefronts against Hugo's languages.
    ap.add_argument("--languages", default="")
    a = ap.parse_args()
    for tool in ("hugo", "/usr/bin/time"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing: apt-get install hugo time")
    # VITRINE_BINARY: a release binary built already (scripts/build-release.sh prints its path).
    vitrine = os.environ.get("VITRINE_BINARY") or subprocess.run(
        [os.path.join(ROOT, "scripts", "build-release.sh")], check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
    shutil.rmtree(a.tmp, ignore_errors=True)
    os.makedirs(a.tmp)
    content, hugo_site = os.path.join(a.tmp, "content"), os.path.join(a.tmp, "hugo")
    subprocess.run([sys.executable, GENCATALOG, content, "--products", str(a.products), "--brands", str(a.brands),
                    "--promotions", str(a.promotions), "--hugo", hugo_site]
                   + (["--languages", a.languages] if a.languages else []), check=True)
    results = {"vitrine": [], "hugo": []}
    for run in range(a.runs):
        # Both tools start from no output folder, so neither pays for clearing the last run's files.
        out = os.path.join(a.tmp, "out-vitrine")
        shutil.rmtree(out, ignore_errors=True)
        results["vitrine"].append(timed([vitrine, "build", "--quiet", "--content", content,
                                         "--templates", os.path.join(ROOT, "Templates"), "--output", out,
                                         "--clock", "2026-12-01T12:00:00Z"]))
        hugo_out = os.path.join(a.tmp, "out-hugo")
        shutil.rmtree(hugo_out, ignore_errors=True)
        results["hugo"].append(timed(["hugo", "--quiet", "--buildFuture", "-d", hugo_out], cwd=hugo_site))
    pages = sum(len(files) for _, _, files in os.walk(os.path.join(a.tmp, "out-vitrine")))
    summary = {}
    for name, samples in results.items():
        wall = statistics.median(s[0] for s in samples)
        memory = statistics.median(s[1] for s in samples)
        cpu = statistics.median(s[2] for s in samples)
        summary[name] = (wall, memory)
        print(f"{name:8} median wall {wall:6.2f} s   processor {cpu:6.2f} s   peak memory {memory:6.0f} MiB   "
              f"(runs: {', '.join(f'{s[0]:.2f}' for s in samples)})")
    print(f"vitrine wrote {pages} files; hugo/vitrine wall-time ratio: {summary['hugo'][0] / summary['vitrine'][0]:.1f}x")


if __name__ == "__main__":
    main()
