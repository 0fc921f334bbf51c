#!/usr/bin/env bash
# Benchmarks JSON API and schema generation on the 10,000-product generated catalog (release
# build, tmpfs), then whole builds of the same catalog for context. Prints medians of RUNS runs.
# usage: scripts/bench-api.sh [RUNS]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
scratch=/dev/shm/vitrine-bench-api
catalog="$scratch/cat10k"
mkdir -p "$scratch"
if [ ! -f "$catalog/site.json" ]; then
  scripts/gencatalog.sh "$catalog" 10000
fi
vitrine="$(scripts/build-release.sh)"
swift build -c release --package-path Benchmarks/APIBenchmark >&2
echo "== API and schema generation (in memory, all cores)"
Benchmarks/APIBenchmark/.build/release/vitrine-api-benchmark "$catalog" "$runs"
echo "== vitrine build of the same catalog, into tmpfs"
times=()
for i in $(seq "$runs"); do
  rm -rf "$scratch/out"
  start=$(date +%s.%N)
  "$vitrine" build --content "$catalog" --templates Templates --output "$scratch/out" \
    --clock 2026-12-01T12:00:00Z --quiet
  end=$(date +%s.%N)
  t=$(python3 -c "print(f'{$end - $start:.3f}')")
  times+=("$t")
  echo "run $i: ${t} s, $(find "$scratch/out/api" -type f | wc -l) API and schema files"
done
python3 -c "import statistics,sys; print(f'median of {len(sys.argv)-1}: {statistics.median(map(float, sys.argv[1:])):.3f} s')" "${times[@]}"
