#!/usr/bin/env bash
# Search benchmark: index build time, total index size and the bytes one cold one-word query
# fetches, on gencatalog.py catalogs of 10,000 and 100,000 products; on 10,000 also Pagefind
# (PyPI pagefind-bin) over the same built product pages, measured the same way.
# Work happens in tmpfs (BENCH_DIR, default /dev/shm/vitrine-bench-search); times are medians of
# RUNS runs (default 5). Figures go to $BENCH_DIR/results.json and a table on standard output.
# usage: scripts/bench-search.sh [SIZE…]        e.g. scripts/bench-search.sh 10000
set -euo pipefail
cd "$(dirname "$0")/.."
work=${BENCH_DIR:-/dev/shm/vitrine-bench-search}
runs=${RUNS:-5}
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)
words=(night serum nig)
mkdir -p "$work"
scripts/install-deps.sh chromium chromium-driver
python3 -c "import selenium" 2>/dev/null || pip install -q selenium
python3 -c "import pagefind_bin" 2>/dev/null || pip install -q pagefind-bin
pagefind="$(python3 -c 'import pagefind_bin, os; print(os.path.dirname(pagefind_bin.__file__))')/pagefind"
vitrine="$(scripts/build-release.sh)"
results="$work/results.jsonl"; : > "$results"
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

for n in "${sizes[@]}"; do
  catalog="$work/catalog-$n"
  if [ ! -f "$catalog/.complete" ]; then
    scripts/gencatalog.sh "$catalog" "$n"
    touch "$catalog/.complete"
  fi
  echo "== $n products: index build (median of $runs, in process)" >&2
  index=$($vitrine search-index --content "$catalog" --repeat "$runs" --json)
  echo "{\"size\": $n, \"tool\": \"vitrine\", \"index\": $index}" >> "$results"
  echo "== $n products: full site build for the cold queries" >&2
  site="$work/site-$n"
  $vitrine build --content "$catalog" --templates Templates --output "$site" --clock 2026-12-01T12:00:00Z --quiet
  for word in "${words[@]}"; do
    echo "{\"size\": $n, \"tool\": \"vitrine\", \"query\": $(python3 scripts/bench-search.py vitrine "$site" "$word")}" >> "$results"
  done
  if [ "$n" -le 20000 ]; then
    echo "== $n products: Pagefind $("$pagefind" --version) over products/**/*.html (median of $runs)" >&2
    times=(); cpu=()
    TIMEFORMAT='%R %U %S'
    for _ in $(seq "$runs"); do
      rm -rf "$site/pagefind"
      read -r real user sys < <({ time "$pagefind" --site "$site" --glob "products/**/*.html" --silent >&2; } 2>&1 | tail -1)
      times+=("$real"); cpu+=("$(python3 -c "print($user + $sys)")")
    done
    bytes=$(du -sb "$site/pagefind" | cut -f1)
    files=$(find "$site/pagefind" -type f | wc -l)
    echo "{\"size\": $n, \"tool\": \"pagefind\", \"index\": {\"runs\": [$(IFS=,; echo "${times[*]}")], \"cpuRuns\": [$(IFS=,; echo "${cpu[*]}")], \"bytes\": $bytes, \"files\": $files}}" >> "$results"
    for word in "${words[@]}"; do
      for mode in pagefind-ui pagefind-api; do
        echo "{\"size\": $n, \"tool\": \"$mode\", \"query\": $(python3 scripts/bench-search.py "$mode" "$site" "$word")}" >> "$results"
      done
    done
    rm -f "$site/pagefind-bench.html"
  fi
done

python3 - "$results" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
print("| products | tool | index build, wall (median) | processor time, all cores (median) | index size | files |")
print("|---:|---|---:|---:|---:|---:|")
for r in rows:
    if "index" not in r: continue
    i = r["index"]
    if r["tool"] == "vitrine":
        print(f"| {r['size']:,} | Vitrine, catalog in memory to files in memory (content load {i['loadSeconds']:.1f} s not included) "
              f"| {i['indexSeconds']:.2f} s | {i['indexCPUSeconds']:.2f} s | {i['bytes']/1e6:.1f} MB | {i['files']:,} |")
    else:
        print(f"| {r['size']:,} | Pagefind, whole CLI run (read HTML, index, write) | {statistics.median(i['runs']):.2f} s "
              f"| {statistics.median(i['cpuRuns']):.2f} s | {i['bytes']/1e6:.1f} MB | {i['files']:,} |")
print()
print("| products | page | query | bytes fetched (cold) | requests | results shown | page says |")
print("|---:|---|---|---:|---:|---:|---|")
for r in rows:
    if "query" not in r: continue
    q = r["query"]
    print(f"| {r['size']:,} | {r['tool']} | {q['word']} | {q['bytes']/1024:.1f} KB | {q['requests']} | {q['shown']} | {q['found']} |")
PY
