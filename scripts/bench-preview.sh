#!/usr/bin/env bash
# Preview and incremental-build benchmark on a 10,000-product catalog in tmpfs, release build:
#  1. a full `vitrine build` against a no-change `vitrine build --incremental` (median of RUNS each);
#  2. one product edited, `vitrine build --incremental` (median of RUNS);
#  3. `vitrine serve`: from saving one product file to its new page being served (median of RUNS).
# Numbers go to BENCHMARKS.md.  usage: scripts/bench-preview.sh [PRODUCTS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
products="${1:-10000}"
runs="${2:-7}"
clock=2026-12-01T12:00:00Z
scripts/install-deps.sh
work=/dev/shm/vitrine-preview-bench
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
scripts/gencatalog.sh "$work/catalog" "$products"
vitrine="$(scripts/build-release.sh)"

# Milliseconds taken by a command.
ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo $(((t1 - t0) / 1000000)); }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

build=("$vitrine" build --content "$work/catalog" --templates Templates --clock "$clock" --quiet)
full=$(for _ in $(seq "$runs"); do ms "${build[@]}" --output "$work/full"; done | median)
"${build[@]}" --output "$work/incr" --incremental
nochange=$(for _ in $(seq "$runs"); do ms "${build[@]}" --output "$work/incr" --incremental; done | median)
onechange=$(for i in $(seq "$runs"); do
  sed -i "s/^price: .*/price: 1$i.00/" "$work/catalog/products/p-00$((1234 + i * 977)).md"
  ms "${build[@]}" --output "$work/incr" --incremental
done | median)
diff -r "$work/full" "$work/incr" >/dev/null && echo "incremental output equals the full build's" >&2 || {
  # The full build was made before the edits above: build it again and compare.
  "${build[@]}" --output "$work/full"
  diff -r "$work/full" "$work/incr" >&2 && echo "incremental output equals the full build's" >&2
}
echo "full build (median of $runs): ${full} ms"
echo "no-change --incremental (median of $runs): ${nochange} ms ($((1000 * nochange / full / 10)).$((1000 * nochange / full % 10))% of full)"
echo "one product changed, --incremental (median of $runs): ${onechange} ms"
python3 Benchmarks/preview-latency.py "$vitrine" "$work/catalog" "$work/serve" "$runs" "$clock"
