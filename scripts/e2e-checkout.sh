#!/usr/bin/env bash
# End-to-end check of `vitrine checkout`: the real service on 127.0.0.1, checked by schemathesis
# against its own OpenAPI document, then a browser (chromium + selenium) that fills the bag on
# the built site and follows checkout to the service's summary page.
# usage: scripts/e2e-checkout.sh   (after `swift build`; reuses the debug binary)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh chromium chromium-driver curl
python3 -c "import schemathesis" 2>/dev/null || pip install -q schemathesis
python3 -c "import selenium" 2>/dev/null || pip install -q selenium

swift build --product vitrine >&2
bin="$(swift build --show-bin-path)/vitrine"
clock="2026-12-01T12:00:00Z"
work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1" >&2; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() {  # url seconds
  for _ in $(seq 1 $(($2 * 10))); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

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
# The browser checks follow the direct Buy links too, which a shop turns on.
settings["directBuy"] = True
json.dump(settings, open(path, "w"), indent=2)
PY

# The service refuses to start without a secret, with a short one, and on invalid content.
if env -u VITRINE_CHECKOUT_SECRET "$bin" checkout --content "$work/Content" --port "$port" 2>"$work/nosecret.err"; then
  fail "starts without VITRINE_CHECKOUT_SECRET"
elif grep -q "VITRINE_CHECKOUT_SECRET is not set" "$work/nosecret.err"; then pass "refuses to start without a secret"
else fail "no secret: unexpected message: $(cat "$work/nosecret.err")"; fi
if VITRINE_CHECKOUT_SECRET=short "$bin" checkout --content "$work/Content" --port "$port" 2>"$work/short.err"; then
  fail "starts with a 5-byte secret"
else pass "refuses a short secret"; fi
cp -R "$work/Content" "$work/Broken"
sed -i 's/^brand: origins$/brand: no-such-brand/' "$work/Broken/products/origins/clear-improvement-charcoal-mask.md"
if VITRINE_CHECKOUT_SECRET="$(python3 -c 'print("x" * 40)')" "$bin" checkout --content "$work/Broken" --port "$port" \
  2>"$work/broken.err"; then
  fail "starts on invalid content"
elif grep -q "clear-improvement-charcoal-mask.md:.*error:.*no-such-brand" "$work/broken.err"; then
  pass "refuses invalid content, printing the diagnostics"
else fail "invalid content: unexpected message: $(cat "$work/broken.err")"; fi

# The site, built against this service, served on another origin.
"$bin" build --content "$work/Content" --templates Templates --output "$work/Output" --clock "$clock" --quiet
python3 -m http.server "$site_port" --bind 127.0.0.1 --directory "$work/Output" >"$work/site.log" 2>&1 &
pids+=($!)

VITRINE_CHECKOUT_SECRET="$(python3 -c 'import secrets; print(secrets.token_urlsafe(48))')" \
  "$bin" checkout --content "$work/Content" --host 127.0.0.1 --port "$port" --clock "$clock" >"$work/service.log" 2>&1 &
pids+=($!)
if wait_for "${service}healthz" 60 && wait_for "$site" 20; then pass "service and site up"
else
  fail "service did not answer /healthz"; cat "$work/service.log" >&2
  echo "checkout: $passed passed, $failed failed"; exit 1
fi

# schemathesis: every documented operation, positive and negative data; no 5xx, every
# response documented and conforming to its schema.
run_schemathesis() {
  schemathesis run "${service}openapi.json" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection,unsupported_method \
    --max-examples "${SCHEMATHESIS_EXAMPLES:-60}" --max-redirects 0 --seed "$1" --workers 1 \
    --suppress-health-check all --warnings off --output-truncate true >"$work/schemathesis.log" 2>&1
}
# hypothesis (under schemathesis) now and then crashes with a KeyError in its own source cache
# before any request is judged; such a run is retried once. A failed check is never retried.
if run_schemathesis 20261201; then
  pass "schemathesis: $(grep -E '^[0-9]+ (passed|failed)|passed' "$work/schemathesis.log" | tail -1)"
elif grep -q "hypothesis/internal/cache.py" "$work/schemathesis.log" && run_schemathesis 20261202; then
  pass "schemathesis (after an internal hypothesis crash): $(grep -E 'passed' "$work/schemathesis.log" | tail -1)"
else
  fail "schemathesis"; tail -80 "$work/schemathesis.log" >&2
fi

# The browser: two products into the bag, a quantity changed, the total, checkout, the summary.
browser_rc=0
python3 scripts/e2e/checkout_browser.py "$site" "$service" >"$work/browser.log" 2>&1 || browser_rc=$?
while read -r status name; do
  case "$status" in
    PASS) pass "browser: $name" ;;
    FAIL) fail "browser: $name" ;;
  esac
done <"$work/browser.log"
if [ "$browser_rc" -ne 0 ] && ! grep -q '^FAIL' "$work/browser.log"; then
  fail "browser test stopped (exit $browser_rc)"; tail -30 "$work/browser.log" >&2
fi

echo "checkout: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
