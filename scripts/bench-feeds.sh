#!/usr/bin/env bash
# Feed generation benchmark: a 10,000-product catalog from gencatalog.py, a release build of
# Benchmarks/FeedWriterBenchmark, output to tmpfs, median of 5 runs. Numbers go to BENCHMARKS.md.
# usage: scripts/bench-feeds.sh [PRODUCTS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
products="${1:-10000}"
runs="${2:-5}"
scripts/install-deps.sh
work=/dev/shm/vitrine-feeds-bench
mkdir -p "$work"
scripts/gencatalog.sh "$work/catalog" "$products"
swift build -c release --package-path Benchmarks/FeedWriterBenchmark >&2
Benchmarks/FeedWriterBenchmark/.build/release/feedwriter-benchmark \
  "$work/catalog" Templates "$work/output" "$runs" 2026-12-01T12:00:00Z
rm -rf "$work"
