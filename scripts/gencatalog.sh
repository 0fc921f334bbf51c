#!/usr/bin/env bash
# Writes a synthetic catalog for the benchmarks with the shared gencatalog.py: PRODUCTS products,
# 100 brands and 200 promotions, as the issues' benchmarks specify. Extra arguments go to
# gencatalog.py (e.g. --hugo DIR). The script is found at $GENCATALOG, then beside this checkout
# (../shared/tools/), then at /work/shared/tools/.
# usage: scripts/gencatalog.sh OUT PRODUCTS [gencatalog.py option …]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/gencatalog.sh OUT PRODUCTS [option …]" >&2; exit 64; }
out="$1"; products="$2"; shift 2
root="$(cd "$(dirname "$0")/.." && pwd)"
for candidate in "${GENCATALOG:-}" "$root/../shared/tools/gencatalog.py" /work/shared/tools/gencatalog.py; do
  if [ -n "$candidate" ] && [ -f "$candidate" ]; then
    exec python3 "$candidate" "$out" --products "$products" --brands 100 --promotions 200 "$@" >&2
  fi
done
echo "gencatalog.py not found: set GENCATALOG to its path" >&2
exit 1
