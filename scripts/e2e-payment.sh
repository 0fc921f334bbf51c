#!/usr/bin/env bash
# End-to-end check of payments: `vitrine checkout` with STRIPE_SECRET_KEY and --orders against a
# local stand-in of Stripe's API (scripts/e2e/stripe_standin.py, a test double that checks each
# request against Stripe's documented parameters of Create a Checkout Session and sends signed
# webhooks), the sample shop built against it and served on 127.0.0.1, headless Chromium for the
# shopper's way through, buyers' reviews (scripts/e2e/review_check.py: the form, its abuse cases,
# approval in the editor), then a load test (1,000 concurrent checkouts, and a kill -9 of the
# service during webhook deliveries). Nothing leaves the machine.
# usage: scripts/e2e-payment.sh   (PAYMENT_LOAD=0 skips the load test; VITRINE_BIN=… skips the build)
# Prints "payment: N passed, M failed" last; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh chromium chromium-driver curl
python3 -c "import selenium" 2>/dev/null || pip install -q selenium

if [ -n "${VITRINE_BIN:-}" ]; then
  bin="$VITRINE_BIN"
else
  swift build --product vitrine >&2
  bin="$(swift build --show-bin-path)/vitrine"
fi
clock="2026-12-01T12:00:00Z"
work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "${KEEP_WORK:-0}" = 1 ]; then echo "work files kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1" >&2; }
summary() { echo "payment: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() {  # url seconds
  for _ in $(seq 1 $(($2 * 10))); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
# Runs a Python check script, counting its PASS/FAIL lines as ours.
run_checks() {  # label log command…
  local label="$1" log="$2" rc=0
  shift 2
  "$@" >"$log" 2>&1 || rc=$?
  while IFS= read -r line; do
    case "$line" in
      PASS\ *) pass "$label: ${line#PASS }" ;;
      FAIL\ *) fail "$label: ${line#FAIL }" ;;
      INFO\ * | TIME\ *) echo "$line" ;;
    esac
  done <"$log"
  if [ "$rc" -ne 0 ] && ! grep -q '^FAIL' "$log"; then
    fail "$label stopped (exit $rc)"; tail -30 "$log" >&2
  fi
}

# Read whole before searching: `grep -q` leaves at the first match, and with pipefail the help's
# writer, cut off by the closed pipe, would fail the test.
help_text="$("$bin" checkout --help 2>&1)"
if ! grep -q -- "--orders" <<<"$help_text"; then
  fail "vitrine checkout has no --orders option: this build has no payments"
  summary; exit 1
fi

export VITRINE_CHECKOUT_SECRET="$(python3 -c 'import secrets; print(secrets.token_urlsafe(48))')"
export STRIPE_SECRET_KEY="sk_test_123"
export STRIPE_WEBHOOK_SECRET="whsec_test"

port="$(free_port)"
site_port="$(free_port)"
service="http://127.0.0.1:$port/"
site="http://127.0.0.1:$site_port/"

# A copy of the sample shop whose checkoutURL is this service and whose baseURL is this site.
cp -R Content "$work/Content"
python3 - "$work/Content/site.json" "$site" "$service" <<'PY'
import json, sys
path, site, service = sys.argv[1:]
settings = json.load(open(path))
settings["baseURL"], settings["checkoutURL"] = site, service
json.dump(settings, open(path, "w"), indent=2)
PY
"$bin" build --content "$work/Content" --templates Templates --output "$work/Output" --clock "$clock" --quiet
python3 -m http.server "$site_port" --bind 127.0.0.1 --directory "$work/Output" >"$work/site.log" 2>&1 &
pids+=($!)

# The stand-in, sending its webhooks to the service's endpoint.
python3 scripts/e2e/stripe_standin.py --port 0 --webhook-url "${service}webhooks/stripe" \
  --webhook-secret "$STRIPE_WEBHOOK_SECRET" >"$work/standin.out" 2>"$work/standin.log" &
pids+=($!)
standin=""
for _ in $(seq 1 100); do
  standin="$(head -1 "$work/standin.out" 2>/dev/null | sed -n 's/^listening on //p')"
  [ -n "$standin" ] && break
  sleep 0.1
done
if [ -z "$standin" ]; then
  fail "the Stripe stand-in did not start"; cat "$work/standin.log" >&2
  summary; exit 1
fi

STRIPE_API_BASE="$standin" "$bin" checkout --content "$work/Content" --host 127.0.0.1 --port "$port" --clock "$clock" \
  --orders "$work/orders.sqlite" >"$work/service.log" 2>&1 &
pids+=($!)
if wait_for "${service}healthz" 60 && wait_for "$site" 20; then pass "stand-in, service and site up"
else
  fail "service did not answer /healthz"; cat "$work/service.log" >&2
  summary; exit 1
fi

browser=()
[ "${PAYMENT_BROWSER:-1}" = 0 ] && browser=(--no-browser)
run_checks checks "$work/checks.log" timeout 900 python3 scripts/e2e/payment_check.py --bin "$bin" \
  --content "$work/Content" --templates Templates --work "$work" --orders "$work/orders.sqlite" \
  --site "$site" --service "$service" --standin "$standin/" --clock "$clock" "${browser[@]}"
# Reviews from buyers: links of paid orders, the form and its abuse cases, approval in the editor.
run_checks reviews "$work/reviews.log" timeout 300 python3 scripts/e2e/review_check.py --bin "$bin" \
  --content "$work/Content" --templates Templates --work "$work" --orders "$work/orders.sqlite" \
  --service "$service" --standin "$standin/"
if grep -q "Traceback\|stand-in internal error" "$work/standin.log"; then
  fail "the stand-in logged an internal error"; grep -B2 -A12 "Traceback" "$work/standin.log" | head -60 >&2
fi

if [ "${PAYMENT_LOAD:-1}" != 0 ]; then
  mkdir -p "$work/load"
  run_checks load "$work/load.log" timeout 600 python3 scripts/e2e/payment_load.py --bin "$bin" \
    --content "$work/Content" --work "$work/load" --clock "$clock"
fi

summary
