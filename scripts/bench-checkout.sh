#!/usr/bin/env bash
# Load test of `vitrine checkout` with wrk on loopback: GET /cart/… and POST /api/checkout-links,
# 2 threads, 64 connections, 20 s each. Release build; by default the sample shop and a two-line
# cart with a promotion code. Prints requests/s and p99 latency of every run and their medians.
# Settings: DURATION (20s), RUNS (3), CONTENT (Content), CART (EST-ANR-50:1,ORG-CIMK-100:2),
# CODE (XMAS10; empty for none), e.g.
#   CONTENT=/dev/shm/cat10k CART=SKU-000000:1,SKU-000001:2 CODE= scripts/bench-checkout.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh wrk curl
bin="$(scripts/build-release.sh)"
duration="${DURATION:-20s}"
runs="${RUNS:-3}"
content="${CONTENT:-Content}"
cart="${CART:-EST-ANR-50:1,ORG-CIMK-100:2}"
code="${CODE-XMAS10}"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
out="$(mktemp -d /dev/shm/vitrine-bench.XXXXXX 2>/dev/null || mktemp -d)"
VITRINE_CHECKOUT_SECRET="$(python3 -c 'import secrets; print(secrets.token_urlsafe(48))')" \
  "$bin" checkout --content "$content" --port "$port" --clock 2026-12-01T12:00:00Z >"$out/service.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$out"' EXIT
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break; sleep 0.1; done

base="http://127.0.0.1:$port"
query=""; [ -n "$code" ] && query="?code=$code"
# The POST body: the same cart as JSON.
python3 - "$cart" "$code" >"$out/post.lua" <<'PY'
import json, sys
cart, code = sys.argv[1], sys.argv[2]
items = [{"sku": s, "quantity": int(q)} for s, q in (entry.rsplit(":", 1) for entry in cart.split(","))]
body = {"items": items}
if code:
    body["code"] = code
print('wrk.method = "POST"')
print('wrk.headers["Content-Type"] = "application/json"')
print("wrk.body = " + json.dumps(json.dumps(body, separators=(",", ":"))))
PY
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# Warm-up, not reported.
wrk -t2 -c64 -d3s "$base/cart/$cart$query" >/dev/null

bench() {  # name, wrk arguments…
  local name="$1"; shift
  local rates=() p99s=()
  for run in $(seq 1 "$runs"); do
    wrk -t2 -c64 -d"$duration" --latency "$@" >"$out/wrk.txt"
    if grep -q "Non-2xx or 3xx responses" "$out/wrk.txt"; then
      echo "$name: some responses were errors:" >&2; cat "$out/wrk.txt" >&2; exit 1
    fi
    local rate p99
    rate="$(awk '/^Requests\/sec:/ {print $2}' "$out/wrk.txt")"
    p99="$(awk '$1 == "99%" {print $2}' "$out/wrk.txt")"
    echo "$name run $run: $rate req/s, p99 $p99"
    rates+=("$rate"); p99s+=("$p99")
  done
  python3 - "$name" "${rates[*]}" "${p99s[*]}" <<'PY'
import statistics, sys
name, rates, p99s = sys.argv[1], [float(x) for x in sys.argv[2].split()], sys.argv[3].split()
def ms(text):
    for unit, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    return float(text)
print(f"{name} median: {statistics.median(rates):,.0f} req/s, p99 {statistics.median([ms(p) for p in p99s]):.2f} ms")
PY
}

echo "content: $content; cart: $cart; code: ${code:-none}"
bench "GET /cart/$cart$query" "$base/cart/$cart$query"
bench "POST /api/checkout-links" -s "$out/post.lua" "$base/api/checkout-links"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
