#!/usr/bin/env python3
"""End-to-end checks of payments: `vitrine checkout` with Stripe, Stripe played by the local
stand-in (scripts/e2e/stripe_standin.py, a test double that checks every request against Stripe's
documented parameters of Create a Checkout Session).

usage: payment_check.py --bin VITRINE --content DIR --templates DIR --work DIR --orders FILE
                        --site URL --service URL --standin URL [--clock ISO] [--no-browser]

The stand-in, the built site and the service are already running (scripts/e2e-payment.sh starts
them); the service's environment (VITRINE_CHECKOUT_SECRET, STRIPE_*) is this process's, so that
the extra instances started here (a later clock, the editor) share it. Checks, one `PASS name` or
`FAIL name: reason` line each; exit 1 if any failed:
- the session request as the stand-in recorded it (names, unit amounts after promotions, images,
  shipping rates and free-shipping thresholds from site.json, return URLs, reference, key);
- paying twice, Stripe refusing (400), failing (500) or unreachable, expired and altered links;
- webhooks: valid, wrong secret, stale or missing signature, replayed, amounts that do not add
  up, out-of-order and failed payments, expiry, unknown sessions and event types;
- the browser: bag → summary → Pay → the stand-in's page → the site's success page; the order in
  SQLite and in the editor's order list.
"""
import argparse, copy, html, http.client, json, os, re, secrets, subprocess, sys, time, urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import loopback  # noqa: E402
from loopback import Checks, free_port, request, stop, wait_until  # noqa: E402

parser = argparse.ArgumentParser()
for name in ("--bin", "--content", "--templates", "--work", "--orders", "--site", "--service", "--standin"):
    parser.add_argument(name, required=True)
parser.add_argument("--clock", default="2026-12-01T12:00:00Z")
parser.add_argument("--no-browser", action="store_true")
args = parser.parse_args()
SITE, SERVICE, STANDIN = (u.rstrip("/") + "/" for u in (args.site, args.service, args.standin))
SETTINGS = json.load(open(os.path.join(args.content, "site.json")))
CURRENCY = SETTINGS.get("currency", "USD")
children = []


check = Checks()


# ------------------------------------------------------------------------------------------------
# Plumbing


def standin(method, path, body=None):
    status, headers, data = request(method, STANDIN + path, body if body is not None else ({} if method == "POST" else None))
    if status != 200:
        raise RuntimeError(f"stand-in {method} {path}: {status} {data[:300]!r}")
    return json.loads(data), headers


def rows(sql, *parameters):
    """Rows of the orders file as dicts."""
    return loopback.rows(args.orders, sql, *parameters)


def order_of(session_id):
    found = rows("SELECT * FROM orders WHERE session_id = ?", session_id)
    return found[0] if len(found) == 1 else (None if not found else found)


def orders_count():
    return rows("SELECT COUNT(*) AS n FROM orders")[0]["n"]


def cart_token(cart, code=None):
    url = SERVICE + "cart/" + cart + (f"?code={code}" if code else "")
    status, headers, body = request("GET", url)
    location = headers.get("location", "")
    if status != 303 or not location.startswith("../checkout/"):
        raise RuntimeError(f"GET {url}: {status} Location {location!r} {body[:200]!r}")
    return location[len("../checkout/"):]


BROWSER_POST = {"Content-Type": "application/x-www-form-urlencoded",
                "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def pay(token):
    """The summary page's form, posted as a browser posts it."""
    return request("POST", SERVICE + f"checkout/{token}/pay", b"", BROWSER_POST)


def session_of(location):
    match = re.fullmatch(re.escape(STANDIN) + r"pay/(cs_test_[A-Za-z0-9]+)", location or "")
    return match.group(1) if match else None


def new_requests(since):
    listed, _ = standin("GET", f"_standin/requests?since={since}")
    return listed


def request_count():
    return len(standin("GET", "_standin/requests")[0])


def checkout_session(cart, code=None):
    """cart → token → Pay → the stand-in's session id and the recorded session request."""
    token = cart_token(cart, code)
    before = request_count()
    status, headers, body = pay(token)
    session = session_of(headers.get("location"))
    if status != 303 or session is None:
        raise RuntimeError(f"Pay for {cart}: {status} Location {headers.get('location')!r} {body[:300]!r}")
    recorded = [r for r in new_requests(before) if r.get("session") == session]
    return token, session, recorded[-1] if recorded else None


def summary_json(token):
    status, _, body = request("GET", SERVICE + f"api/checkout/{token}")
    if status != 200:
        raise RuntimeError(f"GET api/checkout/{token}: {status}")
    return json.loads(body)


def minor(text):
    whole, _, fraction = str(text).partition(".")
    return int(whole) * 100 + int((fraction + "00")[:2])


def root_rates():
    """site.json's rates the root storefront sells with: with markets, those of the first market's
    countries in the shop's own currency (the other markets' carts have their own)."""
    markets = SETTINGS.get("markets") or []
    countries = set(markets[0]["countries"]) if markets else None
    return [r for r in SETTINGS.get("shipping", []) if countries is None or r["country"] in countries]


def expected_shipping(goods_total):
    """The root's rates in the shop's currency at what a cart of `goods_total` pays: free from `freeOver` up."""
    options = []
    for rate in root_rates():
        amount = minor(rate["price"])
        if rate.get("freeOver") is not None and goods_total >= minor(rate["freeOver"]):
            amount = 0
        options.append({"country": rate["country"], "service": rate["service"], "amount": amount,
                        "min": rate.get("minDays"), "max": rate.get("maxDays")})
    return options[:5]


def shipping_index(session_id, country, service):
    """The index of the shipping option named after `service` for `country` in the session request."""
    record = next(r for r in standin("GET", "_standin/requests")[0] if r.get("session") == session_id)
    for i, option in enumerate(record["params"].get("shipping_options", [])):
        name = option.get("shipping_rate_data", {}).get("display_name", "")
        if service in name and country in name:
            return i
    for i, option in enumerate(record["params"].get("shipping_options", [])):
        if service in option.get("shipping_rate_data", {}).get("display_name", ""):
            return i
    return 0


def complete(session_id, **options):
    event, headers = standin("POST", f"_standin/sessions/{session_id}/complete", options)
    return event, headers.get("standin-delivery-status")


def send_event(session_id, kind, deliver=True):
    event, headers = standin("POST", f"_standin/sessions/{session_id}/events", {"type": kind, "deliver": deliver})
    return event, headers.get("standin-delivery-status")


def resend(event_id):
    return standin("POST", f"_standin/events/{event_id}/resend")[0]


def deliver(**options):
    return standin("POST", "_standin/deliver", options)[0]


def api_order(session_id):
    status, headers, body = request("GET", SERVICE + f"api/orders/{session_id}")
    try:
        return status, json.loads(body), headers
    except ValueError:
        return status, body[:300], headers


def events_of(event_id):
    return rows("SELECT * FROM stripe_events WHERE event_id = ?", event_id)


def start_service(clock, extra=()):
    """Another instance of the service on this content and orders file, with the same secrets."""
    port = free_port()
    log = open(os.path.join(args.work, f"service-{port}.log"), "w")
    env = dict(os.environ, STRIPE_API_BASE=STANDIN.rstrip("/"))
    process = subprocess.Popen([args.bin, "checkout", "--content", args.content, "--host", "127.0.0.1", "--port", str(port),
                                "--clock", clock, "--orders", args.orders, *extra], stdout=log, stderr=log, env=env)
    children.append(process)
    url = f"http://127.0.0.1:{port}/"

    def up():
        try:
            return request("GET", url + "healthz", timeout=2)[0] == 200
        except OSError:
            return process.poll() is not None
    wait_until(up, timeout=60)
    return url, process


# ------------------------------------------------------------------------------------------------
# The stand-in itself: strict, so that a session it made means the request was Stripe-valid.

def standin_is_strict():
    body = urllib.parse.urlencode({"mode": "payment", "success_url": "http://127.0.0.1/ok", "line_items[0][quantity]": "1",
                                   "line_items[0][price_data][currency]": "usd", "line_items[0][price_data][unit_amount]": "100",
                                   "line_items[0][price_data][product_data][name]": "x",
                                   "line_items[0][price_data][product_data][colour]": "red"}).encode()
    status, _, data = request("POST", STANDIN + "v1/checkout/sessions", body,
                              {"Authorization": "Bearer sk_test_123", "Content-Type": "application/x-www-form-urlencoded"})
    error = json.loads(data).get("error", {})
    check("stand-in: refuses an undocumented parameter as Stripe does",
          status == 400 and error.get("code") == "parameter_unknown"
          and error.get("param") == "line_items[0][price_data][product_data][colour]", (status, error))


# ------------------------------------------------------------------------------------------------
# The session request

def session_request():
    cart = "EST-ANR-50:1,ORG-CIMK-100:3"
    token = cart_token(cart, "XMAS10")
    status, headers, page = request("GET", SERVICE + f"checkout/{token}")
    text = page.decode("utf-8", "replace")
    form = re.search(r'<form method="post" action="([^"]+)"', text)
    action = urllib.parse.urljoin(SERVICE + f"checkout/{token}", html.unescape(form.group(1))) if form else None
    check("summary page: a Pay form posting to checkout/<token>/pay", status == 200 and action == SERVICE + f"checkout/{token}/pay",
          (action or "")[-80:] if form else f"{status}: no form")
    check("summary page: the Pay button (id=pay)", 'id="pay"' in text)
    quote = summary_json(token)

    before = request_count()
    status, headers, body = pay(token)
    session = session_of(headers.get("location"))
    check("Pay: 303 to the stand-in's hosted page of a new session", status == 303 and session is not None,
          f"{status} {headers.get('location')} {body[:200]!r}")
    if session is None:
        return None
    recorded = new_requests(before)
    check("Pay: exactly one session request reached Stripe", len(recorded) == 1, [r.get("status") for r in recorded])
    record = recorded[-1]
    params = record["params"] or {}
    check("request: Stripe accepted it (200 from the documented-parameter check)", record["status"] == 200, record.get("error"))
    check("request: an Idempotency-Key header", bool(record["headers"].get("Idempotency-Key")), record["headers"])
    check("request: the secret key as a Bearer token", record["headers"].get("Authorization") is True)
    check("request: mode=payment", params.get("mode") == "payment", params.get("mode"))
    lines = params.get("line_items", [])
    check("request: one line item per cart line", len(lines) == len(quote["lines"]) == 2, (len(lines), len(quote["lines"])))
    for line, quoted in zip(lines, quote["lines"]):
        data = line.get("price_data", {})
        product = data.get("product_data", {})
        sku = quoted["sku"]
        check(f"request: {sku}: the catalog's name", product.get("name") == quoted["name"], (product.get("name"), quoted["name"]))
        check(f"request: {sku}: the quantity", line.get("quantity") == str(quoted["quantity"]), (line.get("quantity"), quoted["quantity"]))
        unit = int(data.get("unit_amount", -1))
        check(f"request: {sku}: unit amount in minor units after promotions × quantity = the line's amount",
              unit * quoted["quantity"] == quoted["lineAmount"], (unit, quoted["quantity"], quoted["lineAmount"]))
        check(f"request: {sku}: currency {CURRENCY.lower()}", data.get("currency") == CURRENCY.lower(), data.get("currency"))
        images = product.get("images", [])
        check(f"request: {sku}: images are absolute URLs on the site", images and all(i.startswith(SITE) for i in images), images)
        for image in images:
            got, headers_, _ = request("GET", image)
            check(f"request: {sku}: the site serves its image", got == 200 and headers_.get("content-type", "").startswith("image/"),
                  (image, got, headers_.get("content-type")))
    serum = next((l for l in lines if "Night Repair" in l.get("price_data", {}).get("product_data", {}).get("name", "")), None)
    check("request: the serum (50 ml) at 84.00 less XMAS10's 10 % = 7560",
          serum and serum["price_data"]["unit_amount"] == "7560"
          and serum["price_data"]["product_data"]["name"] == "Advanced Night Repair Serum (50 ml)", serum)
    countries = params.get("shipping_address_collection", {}).get("allowed_countries")
    check("request: shipping to the site's countries (US, DE), each once", countries and len(countries) == len(set(countries))
          and set(countries) == {r["country"] for r in root_rates()}, countries)
    check_shipping_options("cart over every threshold", params, quote["total"])
    check("request: success_url is the site's success page with Stripe's placeholder",
          params.get("success_url") == SITE + "checkout/success/?session_id={CHECKOUT_SESSION_ID}", params.get("success_url"))
    check("request: cancel_url is the site's cancelled page", params.get("cancel_url") == SITE + "checkout/cancelled/",
          params.get("cancel_url"))
    reference = params.get("client_reference_id")
    check("request: client_reference_id present (≤ 200 characters)", reference and len(reference) <= 200, reference)
    session_obj, _ = standin("GET", f"_standin/sessions/{session}")
    check("session: its total is the service's total", session_obj["amount_subtotal"] == quote["total"],
          (session_obj["amount_subtotal"], quote["total"]))

    order = order_of(session)
    check("order: recorded once the session was made, status open", isinstance(order, dict) and order["status"] == "open",
          order)
    if isinstance(order, dict):
        check("order: its cart reference is the client_reference_id", order["cart_reference"] == reference,
              (order["cart_reference"], reference))
        lines_ = rows("SELECT * FROM order_lines WHERE order_number = ? ORDER BY position", order["number"])
        check("order: its lines are the cart's", [(l["sku"], l["quantity"], l["line_total"]) for l in lines_]
              == [(q["sku"], q["quantity"], q["lineAmount"]) for q in quote["lines"]], lines_)
        check("order: goods total = the cart's total", order["goods_total"] == quote["total"], (order["goods_total"], quote["total"]))
    status_, body_, _ = api_order(session)
    check("api/orders: open before payment, no shipping yet", status_ == 200 and isinstance(body_, dict) and body_.get("status") == "open"
          and body_.get("shipping") is None and body_.get("total") == quote["total"], (status_, body_))

    # Pressing Pay again: the same session (Stripe's idempotency), one order.
    before = request_count()
    status, headers, _ = pay(token)
    again = new_requests(before)
    check("Pay twice: the same session", status == 303 and session_of(headers.get("location")) == session,
          (status, headers.get("location")))
    check("Pay twice: the same Idempotency-Key", again and again[-1]["headers"].get("Idempotency-Key") == record["headers"].get("Idempotency-Key"),
          [r["headers"].get("Idempotency-Key") for r in again])
    check("Pay twice: one order", len(rows("SELECT number FROM orders WHERE session_id = ?", session)) == 1
          and len(rows("SELECT number FROM orders WHERE cart_reference = ?", reference)) == 1)

    # The thresholds: below every one, and between them.
    for cart_, label in (("ORG-CIMK-100:2", "cart under every threshold"), ("ORG-CIMK-100:7", "cart over US Standard's threshold only")):
        token_ = cart_token(cart_)
        total = summary_json(token_)["total"]
        before = request_count()
        status, headers, _ = pay(token_)
        recorded_ = new_requests(before)
        if check(f"Pay: {label}", status == 303 and recorded_, status):
            check_shipping_options(label, recorded_[-1]["params"], total)
    return token, session, quote


def check_shipping_options(label, params, goods_total):
    expected = expected_shipping(goods_total)
    options = params.get("shipping_options", [])
    got = []
    for option in options:
        data = option.get("shipping_rate_data", {})
        estimate = data.get("delivery_estimate", {})
        got.append({"name": data.get("display_name"), "type": data.get("type", "fixed_amount"),
                    "amount": int(data.get("fixed_amount", {}).get("amount", -1)),
                    "currency": data.get("fixed_amount", {}).get("currency"),
                    "min": estimate.get("minimum", {}).get("value"), "max": estimate.get("maximum", {}).get("value")})
    ok = len(got) == len(expected) and all(
        e["service"] in (g["name"] or "") and g["amount"] == e["amount"] and g["currency"] == CURRENCY.lower()
        and g["type"] == "fixed_amount" and (e["min"] is None or g["min"] == str(e["min"])) and (e["max"] is None or g["max"] == str(e["max"]))
        for g, e in zip(got, expected))
    check(f"request: shipping options at site.json's rates, {label} ({goods_total / 100:.2f})", ok,
          f"expected {[(e['service'], e['amount']) for e in expected]}, got {[(g['name'], g['amount']) for g in got]}")


# ------------------------------------------------------------------------------------------------
# Stripe refusing, failing, unreachable; links expired or altered

def failures_at_stripe():
    for code, cart in ((400, "ORG-CIMK-100:11"), (500, "ORG-CIMK-100:12")):
        token = cart_token(cart)
        count = orders_count()
        standin("POST", "_standin/fail-next", {"status": code, "count": 1})
        before = request_count()
        status, headers, body = pay(token)
        recorded = new_requests(before)
        check(f"Stripe answers {code}: the shopper gets a 502 page", status == 502 and headers.get("content-type", "").startswith("text/html"),
              f"{status} {headers.get('content-type')} {body[:200]!r}")
        check(f"Stripe answers {code}: the page says payment could not be started",
              re.search(rb"<html", body, re.IGNORECASE) and re.search(rb"payment", body, re.IGNORECASE), body[:300])
        check(f"Stripe answers {code}: the request did reach Stripe", recorded and recorded[-1]["status"] == code,
              [r["status"] for r in recorded])
        reference = recorded[-1]["params"].get("client_reference_id") if recorded and recorded[-1]["params"] else None
        check(f"Stripe answers {code}: no order recorded", orders_count() == count
              and not rows("SELECT number FROM orders WHERE cart_reference = ?", reference or ""), orders_count() - count)
        if code == 500:
            # Stripe saves a 500 under its idempotency key and replays it for 24 hours.
            status, _, _ = pay(token)
            check("after Stripe's 500, Pay again on the same link: still a 502, still no order (Stripe replays "
                  "the saved 500 for the same Idempotency-Key)", status == 502 and orders_count() == count, status)
    token = cart_token("ORG-CIMK-100:13")
    count = orders_count()
    standin("POST", "_standin/fail-next", {"status": 500, "count": 1, "close": True, "save": False})
    started = time.monotonic()
    try:
        status, headers, body = request("POST", SERVICE + f"checkout/{token}/pay", b"", BROWSER_POST, timeout=120)
    except OSError as error:
        status, body = None, repr(error).encode()
    waited = time.monotonic() - started
    check("Stripe drops the connection without an answer: a 502 page, no order", status == 502 and orders_count() == count,
          f"{status} {body[:200]!r}")
    check("Stripe drops the connection without an answer: the shopper waits at most 25 s", waited <= 25,
          f"answered after {waited:.0f} s (the service's HTTP client retried the POST on a new connection, see the "
          f"stand-in's log: a request with Content-Length but no body, then waited for its timeout)")

    # An altered link: 403, Stripe never asked.
    token = cart_token("ORG-CIMK-100:14")
    altered = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    before = request_count()
    status, _, _ = pay(altered)
    check("an altered link: 403 and Stripe not asked", status == 403 and request_count() == before, status)
    # An expired link: a second instance whose clock is 45 minutes on (links last 30) reads it.
    later = time_after(args.clock, 45 * 60)
    url, process = start_service(later)
    if not check("a second instance (clock 45 minutes on) starts", process.poll() is None,
                 open(os.path.join(args.work, f"service-{urllib.parse.urlsplit(url).port}.log")).read()[-500:]):
        return
    count = orders_count()
    before = request_count()
    status, _, body = request("POST", url + f"checkout/{token}/pay", b"", BROWSER_POST)
    check("an expired link: 410 and Stripe not asked, no order", status == 410 and request_count() == before and orders_count() == count,
          f"{status} {body[:200]!r}")
    process.terminate()
    process.wait(timeout=20)


def time_after(iso, seconds):
    import datetime
    moment = datetime.datetime.fromisoformat(iso.replace("Z", "+00:00")) + datetime.timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


# ------------------------------------------------------------------------------------------------
# Webhooks

def webhooks(main_session):
    # A valid event: a small cart, US Standard not free (3 × 8.50 + 4.95). Every cart of these
    # checks differs (tokens of equal carts made in the same second are equal).
    _, session, record = checkout_session("ORG-CIMK-100:3")
    shipping = shipping_index(session, "US", "Standard")
    expected_shipping_amount = int(record["params"]["shipping_options"][shipping]["shipping_rate_data"]["fixed_amount"]["amount"])
    event, delivered = complete(session, country="US", email="ada@example.com", shipping=shipping)
    total = event["data"]["object"]["amount_total"]
    check("webhook: a valid completed event is acknowledged (2xx)", delivered and delivered.startswith("2"), delivered)
    order = order_of(session)
    check("webhook: the order is paid, with the amount, email, country and shipping",
          isinstance(order, dict) and order["status"] == "paid" and order["amount_paid"] == total
          and order["email"] == "ada@example.com" and order["country"] == "US"
          and order["shipping_amount"] == expected_shipping_amount and order["paid_at"]
          and order["payment_intent"] == event["data"]["object"]["payment_intent"], order)
    check("webhook: nothing to review when the amounts add up", isinstance(order, dict) and order["review_reason"] is None,
          order and order.get("review_reason"))
    check("webhook: the event is recorded once", len(events_of(event["id"])) == 1, events_of(event["id"]))
    status, body, headers = api_order(session)
    check("api/orders: paid, with shipping and total", status == 200 and body.get("status") == "paid" and body.get("shipping") == expected_shipping_amount
          and body.get("total") == total and isinstance(order, dict) and body.get("number") == order["number"]
          and [l.get("name") for l in body.get("lines", [])] == ["Clear Improvement Charcoal Mask"]
          and all(body.get(k) for k in ("totalText", "subtotalText")), (status, body))
    check("api/orders: the site's origin may read it (CORS)", headers.get("access-control-allow-origin") == SITE.rstrip("/"),
          headers.get("access-control-allow-origin"))
    check("api/orders: no email, address or payment ids", "ada@example.com" not in json.dumps(body) and "pi_" not in json.dumps(body))
    status, _, _ = api_order("cs_test_" + "x" * 58)
    check("api/orders: 404 for an unknown session", status == 404, status)

    # Replayed: the same event again, applied once.
    before = order_of(session)
    answer = resend(event["id"])
    after = order_of(session)
    check("webhook: a replayed event is acknowledged", answer["status"] and 200 <= answer["status"] < 300, answer)
    check("webhook: a replayed event is applied once (one stripe_events row, order unchanged)",
          len(events_of(event["id"])) == 1 and before == after, (events_of(event["id"]), before, after))
    check("webhook: still one order for the session", len(rows("SELECT number FROM orders WHERE session_id = ?", session)) == 1)

    # Signatures.
    probe = copy.deepcopy(event)
    probe["id"] = "evt_" + secrets.token_hex(12)
    answer = deliver(event=probe, secret="whsec_not_the_endpoints")
    check("webhook: a wrong secret → 400, nothing applied", answer["status"] == 400 and not events_of(probe["id"]), answer)
    answer = deliver(event=probe, timestamp=int(time.time()) - 600)
    check("webhook: a timestamp 10 minutes old → 400, nothing applied", answer["status"] == 400 and not events_of(probe["id"]), answer)
    answer = deliver(event=probe, timestamp=int(time.time()) + 600)
    check("webhook: a timestamp 10 minutes ahead → 400", answer["status"] == 400 and not events_of(probe["id"]), answer)
    answer = deliver(event=probe, omit_signature=True)
    check("webhook: no Stripe-Signature → 400", answer["status"] == 400 and not events_of(probe["id"]), answer)
    answer = deliver(event=probe, signature="t=1,v1=zz")
    check("webhook: a malformed Stripe-Signature → 400", answer["status"] == 400, answer)
    body = json.dumps(probe, indent=2)
    answer = deliver(body=body + " ", signature=standin_signature(body))
    check("webhook: a body changed after signing → 400", answer["status"] == 400 and not events_of(probe["id"]), answer)
    answer = deliver(body="{not json", timestamp=None)
    check("webhook: a signed body that is not JSON → 4xx", answer["status"] and 400 <= answer["status"] < 500, answer)
    other = {"id": "evt_" + secrets.token_hex(12), "object": "event", "type": "payment_intent.succeeded", "livemode": False,
             "api_version": "2025-03-31.basil", "created": int(time.time()), "pending_webhooks": 1,
             "request": {"id": None, "idempotency_key": None},
             "data": {"object": {"id": "pi_" + secrets.token_hex(12), "object": "payment_intent"}}}
    answer = deliver(event=other)
    check("webhook: an event type orders do not follow is acknowledged (2xx), so Stripe stops retrying",
          answer["status"] and 200 <= answer["status"] < 300, answer)
    # Rolling secrets: several v1, one of them right.
    standin("POST", "_standin/config", {"extra_secrets": ["whsec_previous"]})
    probe2 = copy.deepcopy(event)
    probe2["id"] = "evt_" + secrets.token_hex(12)
    probe2["type"] = "checkout.session.async_payment_succeeded"
    answer = deliver(event=probe2)
    standin("POST", "_standin/config", {"extra_secrets": []})
    check("webhook: several v1 signatures (a secret being rolled), one valid → 2xx", answer["status"] and 200 <= answer["status"] < 300, answer)

    # Amount that does not add up: flagged for review.
    _, session, _ = checkout_session("ORG-CIMK-100:4")
    shipping = shipping_index(session, "US", "Standard")
    event, delivered = complete(session, country="US", email="bob@example.com", shipping=shipping, amount_total=1)
    order = order_of(session)
    check("webhook: an amount different from the cart flags the order for review",
          isinstance(order, dict) and order["review_reason"] is not None and order["amount_paid"] == 1, order)
    # Shipping that was not offered for the country: flagged.
    _, session, _ = checkout_session("ORG-CIMK-100:5")
    shipping = shipping_index(session, "US", "Express")
    event, delivered = complete(session, country="DE", email="cy@example.com", shipping=shipping)
    order = order_of(session)
    check("webhook: a US rate for a German address flags the order for review",
          isinstance(order, dict) and order["review_reason"] is not None, order)

    # Out of order: the delayed payment's success arrives before the completed event.
    _, session, _ = checkout_session("ORG-CIMK-100:6")
    shipping = shipping_index(session, "US", "Standard")
    completed, delivered = complete(session, country="US", email="dee@example.com", shipping=shipping,
                                    payment_status="unpaid", deliver=False)
    succeeded, delivered = send_event(session, "checkout.session.async_payment_succeeded")
    order = order_of(session)
    check("webhook: async_payment_succeeded before completed → paid", isinstance(order, dict) and order["status"] == "paid", order)
    answer = resend(completed["id"])
    order = order_of(session)
    check("webhook: the late completed (unpaid) event does not un-pay", answer["status"] == 200 and isinstance(order, dict)
          and order["status"] == "paid" and order["email"] == "dee@example.com", (answer, order))
    expired, delivered = send_event(session, "checkout.session.expired")
    order = order_of(session)
    check("webhook: an expired event after payment does not un-pay", delivered and delivered.startswith("2")
          and isinstance(order, dict) and order["status"] == "paid", (delivered, order))
    # A delayed payment that fails.
    _, session, _ = checkout_session("ORG-CIMK-100:8")
    shipping = shipping_index(session, "US", "Standard")
    complete(session, country="US", email="eve@example.com", shipping=shipping, payment_status="unpaid")
    order = order_of(session)
    check("webhook: completed with the payment pending → processing", isinstance(order, dict) and order["status"] == "processing", order)
    status, body, _ = api_order(session)
    check("api/orders: processing", status == 200 and isinstance(body, dict) and body.get("status") == "processing", (status, body))
    send_event(session, "checkout.session.async_payment_failed")
    order = order_of(session)
    check("webhook: async_payment_failed → failed", isinstance(order, dict) and order["status"] == "failed" and order["paid_at"] is None, order)
    # Expired unpaid.
    _, session, _ = checkout_session("ORG-CIMK-100:10")
    send_event(session, "checkout.session.expired")
    order = order_of(session)
    check("webhook: an open session expiring → expired", isinstance(order, dict) and order["status"] == "expired", order)
    # An event about a session this service never made: kept, flagged.
    stranger = copy.deepcopy(event)
    stranger["id"] = "evt_" + secrets.token_hex(12)
    stranger["data"]["object"]["id"] = "cs_test_" + secrets.token_hex(29)
    answer = deliver(event=stranger)
    order = order_of(stranger["data"]["object"]["id"])
    check("webhook: a paid session without an order is acknowledged and kept, flagged for review",
          answer["status"] == 200 and isinstance(order, dict) and order["review_reason"] is not None, (answer, order))

    # The main (browser-less) session of the params check: paid to Germany, over DHL's threshold.
    if main_session:
        shipping = shipping_index(main_session, "DE", "DHL")
        event, delivered = complete(main_session, country="DE", email="fay@example.com", shipping=shipping)
        order = order_of(main_session)
        check("webhook: the serum cart paid to Germany, free DHL shipping over 80.00", isinstance(order, dict) and order["status"] == "paid"
              and order["shipping_amount"] == 0 and order["country"] == "DE" and order["review_reason"] is None, order)


def standin_signature(body):
    config, _ = standin("GET", "_standin/config")
    import hmac, hashlib
    t = int(time.time())
    return f"t={t},v1=" + hmac.new(config["webhook_secret"].encode(), f"{t}.{body}".encode(), hashlib.sha256).hexdigest()


# ------------------------------------------------------------------------------------------------
# The browser, and the editor's order list

def browser_flow():
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from site_browser import chromium

    def wait(driver, predicate, timeout=15):
        try:
            return WebDriverWait(driver, timeout).until(predicate)
        except WebDriverException:
            return None

    driver = chromium("--window-size=1200,900")
    driver.set_page_load_timeout(30)
    session = None
    try:
        driver.get(SITE)
        driver.execute_script("window.localStorage.clear()")
        driver.get(SITE + "products/clear-improvement-charcoal-mask/")
        add = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-bag-add]"))
        if not check("browser: the product page has an Add to bag button", add is not None):
            return None
        add.click()
        wait(driver, lambda d: "Added" in (d.find_element(By.CSS_SELECTOR, "[data-product-actions] [data-bag-status]").text or ""))
        driver.get(SITE + "bag/")
        button = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-bag-checkout-button]"))
        button.click()
        landed = wait(driver, lambda d: d.current_url.startswith(SERVICE + "checkout/"))
        if not check("browser: the bag's checkout button leads to the service's summary", landed, driver.current_url):
            return None
        pay_button = wait(driver, lambda d: d.find_element(By.ID, "pay"))
        if not check("browser: the summary page has a Pay button", pay_button is not None, driver.page_source[:300]):
            return None
        pay_button.click()
        hosted = wait(driver, lambda d: d.current_url.startswith(STANDIN + "pay/"))
        if not check("browser: Pay leads to the (stand-in's) hosted payment page", hosted, driver.current_url):
            return None
        session = driver.current_url.rsplit("/", 1)[1]
        Select(driver.find_element(By.NAME, "country")).select_by_value("US")
        radios = driver.find_elements(By.CSS_SELECTOR, 'input[name="shipping"]')
        labels = {r.get_attribute("id"): driver.find_element(By.CSS_SELECTOR, f'label[for="{r.get_attribute("id")}"]').text for r in radios}
        standard = next((r for r in radios if "Standard" in labels[r.get_attribute("id")] and "US" in labels[r.get_attribute("id")]), None)
        check("browser: the hosted page offers the shop's shipping options", standard is not None and len(radios) == len(root_rates()),
              labels)
        if standard is not None:
            standard.click()
        email = driver.find_element(By.NAME, "email")
        email.clear()
        email.send_keys("browser@example.com")
        driver.find_element(By.ID, "pay").click()
        back = wait(driver, lambda d: d.current_url.startswith(SITE + "checkout/success/?session_id="))
        check("browser: paying returns to the site's success page with the session id",
              back and driver.current_url == SITE + "checkout/success/?session_id=" + session, driver.current_url)
        if not back:
            return session
        number = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-order-number]").text or None, timeout=35)
        order = order_of(session)
        check("browser: the success page shows the order number", number and isinstance(order, dict) and number == str(order["number"]),
              (number, order and order.get("number") if isinstance(order, dict) else order))
        lines = [r.text for r in driver.find_elements(By.CSS_SELECTOR, "[data-order-lines] tr")]
        check("browser: the success page lists the line", len(lines) == 1 and "Clear Improvement Charcoal Mask" in lines[0], lines)
        status = driver.find_element(By.CSS_SELECTOR, "[data-order-status]").text
        check("browser: the success page says the payment was received", "Payment received" in status, status)
        total = driver.find_element(By.CSS_SELECTOR, "[data-order-total]").text
        check("browser: the success page shows the total with shipping", "13.45" in total, total)
        reviews = [(a.text, a.get_attribute("href")) for a in driver.find_elements(By.CSS_SELECTOR, "[data-order-review-links] a")]
        _, _, answer = request("GET", SERVICE + "api/orders/" + session)
        try:
            expected = [(link["name"], link["url"]) for link in json.loads(answer).get("reviewLinks", [])]
        except (ValueError, AttributeError, KeyError, TypeError):
            expected = answer
        check("browser: the success page offers the order line's review link", len(reviews) == 1 and reviews == expected
              and "/reviews/" in reviews[0][1], (reviews, expected))
        bag = driver.execute_script("return window.localStorage.getItem('vitrine.bag.v1')")
        check("browser: the bag is emptied once paid", bag in (None, "", "[]", "{}") or '"lines":[]' in bag.replace(" ", ""), bag)
        check("browser: the order is paid in the orders file", isinstance(order, dict) and order["status"] == "paid"
              and order["email"] == "browser@example.com" and order["country"] == "US" and order["amount_paid"] == 1345, order)

        # Cancel: back to the site's cancelled page.
        _, cancelled, _ = checkout_session("ORG-CIMK-100:9")
        driver.get(STANDIN + "pay/" + cancelled)
        link = wait(driver, lambda d: d.find_element(By.ID, "cancel"))
        link.click()
        landed = wait(driver, lambda d: d.current_url == SITE + "checkout/cancelled/")
        heading = driver.find_element(By.TAG_NAME, "h1").text if landed else ""
        check("browser: Cancel on the payment page returns to the site's cancelled page", landed and heading, (driver.current_url, heading))
        order = order_of(cancelled)
        check("browser: a cancelled checkout leaves its order open", isinstance(order, dict) and order["status"] == "open", order)
    finally:
        driver.quit()
    return session


def editor_orders(session):
    order = order_of(session) if session else None
    if not isinstance(order, dict):
        check("editor: an order to look for", False, "the browser flow made no order")
        return
    output = os.path.join(args.work, "EditorOutput")
    log = open(os.path.join(args.work, "editor.log"), "w")
    process = subprocess.Popen([args.bin, "serve", "--edit", "--content", args.content, "--templates", args.templates,
                                "--output", output, "--port", "0", "--clock", args.clock, "--orders", args.orders],
                               stdout=subprocess.PIPE, stderr=log, text=True)
    children.append(process)
    serving = process.stdout.readline()
    editing = process.stdout.readline()
    if not check("editor: serve --edit --orders starts", " at " in serving and process.poll() is None,
                 (serving, editing, open(os.path.join(args.work, "editor.log")).read()[-500:])):
        return
    base = serving.split(" at ")[1].split(" ")[0].strip()
    status, _, body = request("GET", base + "_vitrine/edit/orders/")
    text = body.decode("utf-8", "replace")
    check("editor: the order list answers", status == 200, f"{status} {text[:200]}")
    check("editor: the order list shows the browser's order number", re.search(rf"\b{order['number']}\b", text) is not None,
          f"no {order['number']} in {len(text)} characters")
    status, _, body = request("GET", base + f"_vitrine/edit/orders/{order['number']}")
    check("editor: the order's page shows its line and email", status == 200 and b"Clear Improvement Charcoal Mask" in body
          and b"browser@example.com" in body, status)
    stop(process)


def main():
    main_session = None
    try:
        standin_is_strict()
        _, main_session, _ = session_request() or (None, None, None)
    except Exception as error:  # a broken step is a failure, and the others still run
        check("session request checks ran to the end", False, repr(error))
    for name, step in (("Stripe failures and links", failures_at_stripe), ("webhooks", lambda: webhooks(main_session))):
        try:
            step()
        except Exception as error:
            check(f"{name} checks ran to the end", False, repr(error))
    if not args.no_browser:
        session = None
        try:
            session = browser_flow()
        except Exception as error:
            check("browser checks ran to the end", False, repr(error))
        try:
            editor_orders(session)
        except Exception as error:
            check("editor checks ran to the end", False, repr(error))
    for process in children:
        if process.poll() is None:
            process.kill()
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
