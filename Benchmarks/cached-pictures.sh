#!/bin/bash
# What derived pictures add to a cached rebuild, measured in pairs, for one or two binaries.
#
# usage: Benchmarks/cached-pictures.sh ROUNDS VITRINE [OTHER_VITRINE]
#   e.g. Benchmarks/cached-pictures.sh 14 .build/release/vitrine /tmp/vitrine-before
#
# Needs the catalogs `Benchmarks/pictures.py` leaves in /dev/shm/vitrine-pictures (run it once
# with `--cached-only --only default,as-is`, which also fills the picture cache). Each round builds
# the catalog with its photos as they are (`images.widths: []`) and with the defaults (AVIF, WebP
# and the fallback, all from the cache), once per binary, in an order that turns each round, so no
# build always follows the same other one; the difference is taken within each round and its
# median printed. On this machine, blocks of runs minutes apart differ by a tenth: only pairs
# measured side by side tell a few per cent apart. Both binaries write the same two output
# folders (a second pair of outputs would not fit in 24 GiB of tmpfs beside the photos).
set -euo pipefail
ROUNDS=$1; shift
BINARIES=("$@")
WORK=${WORK:-/dev/shm/vitrine-pictures}
TEMPLATES=$(cd "$(dirname "$0")/.." && pwd)/Templates
TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
runs=()
for b in "${!BINARIES[@]}"; do runs+=("$b as-is" "$b default"); done
count=${#runs[@]}
for round in $(seq "$ROUNDS"); do
  for i in $(seq 0 $((count - 1))); do
    j=$(( (i + round) % count )); [ $((round % 2)) = 0 ] && j=$(( count - 1 - j ))
    read -r b catalog <<< "${runs[$j]}"
    /usr/bin/time -f "$round $b $catalog %e %U %S %M" -a -o "$TIMES" "${BINARIES[$b]}" build --quiet \
      --templates "$TEMPLATES" --content "$WORK/$catalog" --output "$WORK/out-$catalog" --clock 2026-12-01T12:00:00Z
  done
done
python3 - "$TIMES" "${BINARIES[@]}" <<'PY'
import collections, statistics, sys
wall, user, system, peak = (collections.defaultdict(dict) for _ in range(4))
for line in open(sys.argv[1]):
    r, b, catalog, e, u, s, m = line.split()
    key = (int(b), catalog)
    wall[key][int(r)], user[key][int(r)], system[key][int(r)], peak[key][int(r)] = float(e), float(u), float(s), int(m) / 1024
for b, binary in enumerate(sys.argv[2:]):
    med = lambda d, k: statistics.median(d[(b, k)].values())
    rounds = wall[(b, "as-is")].keys()
    diff = statistics.median(wall[(b, "default")][r] - wall[(b, "as-is")][r] for r in rounds)
    udiff = statistics.median(user[(b, "default")][r] - user[(b, "as-is")][r] for r in rounds)
    sdiff = statistics.median(system[(b, "default")][r] - system[(b, "as-is")][r] for r in rounds)
    print(f"{binary}: as they are {med(wall, 'as-is'):.3f} s (user {med(user, 'as-is'):.3f}, {med(peak, 'as-is'):.0f} MiB); "
          f"derived {med(wall, 'default'):.3f} s (user {med(user, 'default'):.3f}, {med(peak, 'default'):.0f} MiB); "
          f"difference, median of {len(rounds)} pairs: {diff:+.3f} s ({100 * diff / med(wall, 'as-is'):+.1f} %), user {udiff:+.3f} s, system {sdiff:+.3f} s")
PY
