#!/usr/bin/env bash
# The build's processor-time budget: each part of `vitrine build` run alone (rendering and writing
# on one thread), on a generated catalog in tmpfs, and the wall-time floor that allows on this machine's cores.
# Numbers go to BENCHMARKS.md ("Where a build's time goes").
# usage: scripts/bench-budget.sh [PRODUCTS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
products="${1:-10000}"
runs="${2:-5}"
scripts/install-deps.sh
work=/dev/shm/vitrine-budget-bench
rm -rf "$work"
scripts/gencatalog.sh "$work/catalog" "$products"
swift build -c release --package-path Benchmarks/BuildBudget >&2
Benchmarks/BuildBudget/.build/release/vitrine-build-budget "$work/catalog" Templates "$work/output" "$runs" 2026-12-01T12:00:00Z
rm -rf "$work"
