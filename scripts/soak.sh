#!/usr/bin/env bash
# Puts the checkout service and the preview server, one after the other, under a few minutes of
# mixed good and bad requests (wrk with scripts/soak/*.lua: valid carts and links beside malformed
# JSON, prices, bad escapes, forged and oversized tokens, traversal attempts, 16 KB headers) while
# slow and idle clients (scripts/soak/slowloris.py) hold connections open. Reports requests per
# second, p99 latency, the number of 5xx answers (must be 0) and resident memory at start and end.
# Not a test: run it by hand and copy the figures into BENCHMARKS.md.
# usage: scripts/soak.sh [SECONDS_PER_SERVICE] [CONNECTIONS]   (default 120 and 64; needs Debian wrk)
set -euo pipefail
seconds="${1:-120}"
connections="${2:-64}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
command -v wrk >/dev/null || { echo "soak: wrk is missing: apt-get install wrk" >&2; exit 1; }
vitrine="$(scripts/build-release.sh)"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
export SOAK_COMMON="$root/scripts/soak/common.lua"

rss() { awk '/VmRSS/ {printf "%.0f MiB", $2 / 1024}' "/proc/$1/status"; }

soak() { # name pid port script
  local name=$1 pid=$2 port=$3 script=$4
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.2; done
  local before; before=$(rss "$pid")
  python3 scripts/soak/slowloris.py "$port" 100 "$seconds" > "$work/$name-slow.txt" &
  local slow=$!
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$script" "http://127.0.0.1:$port" > "$work/$name-wrk.txt"
  wait "$slow"
  echo "== $name: $seconds s, $connections wrk connections, 100 slow and 100 idle clients"
  grep -E "Requests/sec|answers:|Socket errors|99%" "$work/$name-wrk.txt"
  cat "$work/$name-slow.txt"
  echo "resident memory: $before at start, $(rss "$pid") at the end"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

VITRINE_CHECKOUT_SECRET="soak-secret-$(date +%s)-0123456789abcdefghijklmnop" \
  "$vitrine" checkout --content Content --port 18181 --clock 2026-11-23T12:00:00Z > "$work/checkout.log" 2>&1 &
soak checkout $! 18181 scripts/soak/checkout.lua

"$vitrine" serve --content Content --output "$work/Output" --port 18182 --clock 2026-11-23T12:00:00Z > "$work/serve.log" 2>&1 &
soak preview $! 18182 scripts/soak/preview.lua
