#!/usr/bin/env python3
"""Times two `vitrine` binaries on the same catalog, runs interleaved, output to tmpfs.

usage: Benchmarks/compare-builds.py OLD_VITRINE NEW_VITRINE [--products 10000] [--runs 9]
                                    [--clock 2026-12-01T12:00:00Z] [--old-templates DIR]

For "is this change slower?": each run builds with the old binary, then the new one, from no
output folder, so drifts in the host's speed fall on both alike. Prints median wall time,
processor time (user + system) and peak resident memory (GNU time's %M) of each, and the ratio.
`--old-templates` gives the old binary its own theme when the change edited Templates/.
Needs Debian `time`.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile

from timing import timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENCATALOG = os.path.join(ROOT, "..", "shared", "tools", "gencatalog.py")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--products", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--clock", default="2026-12-01T12:00:00Z")
    ap.add_argument("--old-templates", default=os.path.join(ROOT, "Templates"))
    ap.add_argument("--tmp", default="/dev/shm/vitrine-compare")
    a = ap.parse_args()
    if not shutil.which("/usr/bin/time"):
        sys.exit("/usr/bin/time is missing: apt-get install time")
    shutil.rmtree(a.tmp, ignore_errors=True)
    os.makedirs(a.tmp)
    content = os.path.join(a.tmp, "content")
    subprocess.run([sys.executable, GENCATALOG, content, "--products", str(a.products), "--brands", "100",
                    "--promotions", "200"], check=True, stdout=subprocess.DEVNULL)
    builds = {"old": (a.old, a.old_templates), "new": (a.new, os.path.join(ROOT, "Templates"))}
    results = {name: [] for name in builds}
    for _ in range(a.runs):
        for name, (binary, templates) in builds.items():
            out = os.path.join(a.tmp, "out-" + name)
            shutil.rmtree(out, ignore_errors=True)
            results[name].append(timed([binary, "build", "--quiet", "--content", content, "--templates", templates,
                                         "--output", out, "--clock", a.clock]))
    medians = {}
    for name, samples in results.items():
        medians[name] = [statistics.median(s[i] for s in samples) for i in range(3)]
        wall, memory, cpu = medians[name]
        print(f"{name}: median wall {wall:5.2f} s   processor {cpu:5.2f} s   peak memory {memory:5.0f} MiB   "
              f"(wall per run: {', '.join(f'{s[0]:.2f}' for s in samples)})")
    print(f"new/old: wall {medians['new'][0] / medians['old'][0]:.3f}   processor {medians['new'][2] / medians['old'][2]:.3f}   "
          f"memory {medians['new'][1] / medians['old'][1]:.3f}")


if __name__ == "__main__":
    main()
