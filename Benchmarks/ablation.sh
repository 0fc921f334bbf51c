#!/bin/bash
# What a build costs without parts of its work: every HTML page replaced by 8,269 bytes made from
# nothing (`pages`), every product's API document by 2,693 (`api`), no search index (`search`).
# The files are still written, at the sizes of the real ones. No design of the template engine or
# the page contexts can make a build faster than its `pages` row; the last row is what the rest
# costs (loading, the plan, the feeds and sitemap, and writing every file).
#
#   Benchmarks/ablation.sh /dev/shm/c100k 3
#
# The switches are `Benchmarks/Ablation/ablate.patch`, applied to a copy of this commit in a git
# worktree (`ABLATION_TREE`, /tmp/vitrine-ablation by default) and built there in release: the
# first run compiles everything (eleven minutes on two cores), later runs only what changed;
# `git worktree remove --force /tmp/vitrine-ablation` deletes it. The product never reads
# `ABLATE`. Output goes to /dev/shm/vitrine-ablation, replaced each run. The patch touches three
# lines (a page job, a product document job, the search index's start); when those change,
# `git apply` stops the script, and the patch is made again against them.
set -euo pipefail
content=${1:?usage: Benchmarks/ablation.sh CONTENT [ROUNDS]}
rounds=${2:-3}
repo=$(cd "$(dirname "$0")/.." && pwd)
tree=${ABLATION_TREE:-/tmp/vitrine-ablation}
output=/dev/shm/vitrine-ablation

[ -d "$tree" ] || git -C "$repo" worktree add --detach "$tree" HEAD >/dev/null
git -C "$tree" checkout -q --detach "$(git -C "$repo" rev-parse HEAD)"
git -C "$tree" reset -q --hard
git -C "$tree" apply "$repo/Benchmarks/Ablation/ablate.patch"
(cd "$tree" && swift build -c release --static-swift-stdlib --product vitrine 2>&1 | tail -1)

printf '%-18s %8s %8s %8s %10s\n' ablated wall user system peak
for round in $(seq "$rounds"); do
    for ablate in none pages pages,api pages,api,search; do
        rm -rf "$output"
        ABLATE=$ablate /usr/bin/time -f "%e %U %S %M" -o /tmp/vitrine-ablation.time \
            "$tree/.build/release/vitrine" build --content "$content" --templates "$repo/Templates" \
            --output "$output" --clock 2026-12-01T00:00:00Z --quiet
        read -r wall user system peak < /tmp/vitrine-ablation.time
        printf '%-18s %7ss %7ss %7ss %6d MiB\n' "$ablate" "$wall" "$user" "$system" $((peak / 1024))
    done
done
rm -rf "$output"
