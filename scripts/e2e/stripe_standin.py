#!/usr/bin/env python3
"""A local stand-in for the part of Stripe's API that `vitrine checkout` uses. A TEST DOUBLE, NOT STRIPE.

usage: stripe_standin.py [--host 127.0.0.1] --port 0 [--webhook-url URL] [--webhook-secret SECRET]
                         [--clock ISO8601] [--fixtures fixtures3.json] [--verbose]

Prints `listening on http://127.0.0.1:<port>` as its first line of standard output, then serves
until killed. Nothing here talks to Stripe; no money moves.

What it models
- `POST /v1/checkout/sessions` ("Create a Checkout Session"): a secret test key as a Bearer token
  (or Basic auth with the key as user name), a form-encoded body in Stripe's bracket notation
  (`line_items[0][price_data][currency]=usd`), checked against PARAMETERS below, a table that
  follows Stripe's API reference for Create a Checkout Session (the parameters a shop sends, not
  all of them: an undocumented *or unmodelled* one is refused as `parameter_unknown`). Errors have
  Stripe's shape, `{"error": {"type", "code", "param", "message"}}`, with Stripe's codes where
  Stripe documents one (parameter_unknown, parameter_missing, parameter_invalid_empty,
  parameter_invalid_integer, parameters_exclusive, url_invalid, email_invalid, resource_missing,
  amount_too_large); messages for wrong enum values, lengths and ranges carry no code, as
  Stripe's do. The stand-in is stricter than Stripe in one place: currencies must be in the
  documented lowercase form.
- `Idempotency-Key`: the first result of a key is saved and replayed for the same parameters
  (`Idempotent-Replayed: true`), a different body under the same key is an `idempotency_error`,
  a concurrent request with a key in use is 409 `idempotency_key_in_use`. As at Stripe, results
  of requests refused by validation are not saved, 500s are.
- Answers are `checkout.session` objects built from Stripe's published example object
  (fixtures3.json from stripe/openapi, MIT), its `url` pointing at the stand-in's own hosted
  payment page `GET /pay/<id>`, a plain HTML form (email, name, country, shipping option, Pay,
  Cancel). Paying completes the session and sends `checkout.session.completed` to the webhook
  URL, signed as Stripe documents (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`,
  plus a fake `v0=` as Stripe adds to test-mode events), retried with a short backoff
  (0.2 s, 0.5 s, 1 s, then 2 s; 30 attempts) where Stripe retries for days.
- Also `GET /v1/checkout/sessions/<id>` (`expand[]=line_items`), `…/<id>/line_items`,
  `POST …/<id>/expire`, `GET /v1/shipping_rates/<id>`, `GET /v1/events/<id>`. A session that
  expires (by the API or its `expires_at`) sends `checkout.session.expired`.
- `--verbose` logs every request with its headers (the key masked) and body size to standard
  error; a body shorter than its Content-Length is always logged.

Control endpoints for tests (JSON in and out; not Stripe's)
  POST /_standin/fail-next      {"status": 400|402|429|500|…, "count": 1, "delay": 0, "close": false, "save": null}
  GET  /_standin/requests       every session-create request: headers of interest, params, status
  GET  /_standin/sessions       [{id, status, payment_status}]
  GET  /_standin/sessions/<id>  the session object
  POST /_standin/sessions/<id>/complete  {"country", "email", "name", "shipping": 0,
                                 "payment_status": "paid"|"unpaid", "amount_total", "deliver": true}
  POST /_standin/sessions/<id>/events    {"type": "checkout.session.async_payment_succeeded"|
                                 "…async_payment_failed"|"…expired"|"…completed", "deliver": true}
  POST /_standin/events/<evt>/resend     the same event again, synchronously: {"status", "body"}
  GET  /_standin/events/<evt>            the event
  POST /_standin/deliver        {"event": {…} | "body": "raw", "secret", "timestamp", "signature",
                                 "omit_signature", "url"} → {"status", "body", "signature"}
  GET  /_standin/deliveries     per event: id, type, session, attempts, last_status, acknowledged
                                (?session=, ?type=; ?summary=1: counts only)
  POST /_standin/config         {"webhook_url", "webhook_secret", "extra_secrets", "retry_delays",
                                 "max_attempts", "signature_v0", "api_version"}
  POST /_standin/reset          forgets requests, sessions, events, idempotency keys
Completing and sending events return the event; the `Standin-Delivery-Status` header holds the
receiver's status of the first attempt (or `none`/`error`).

Stripe never expires a completed session; on request the stand-in still sends such an event (for
out-of-order tests) without changing the stored session.
"""
import argparse
import base64
import copy
import datetime
import decimal
import hashlib
import heapq
import hmac
import html
import http.client
import http.server
import json
import os
import re
import secrets
import string
import sys
import threading
import time
import urllib.parse

# Stripe's example objects that the stand-in answers with, kept in the repository (MIT, see the
# LICENSE beside them) so the tests need nothing outside it.
DEFAULT_FIXTURES = os.environ.get(
    "STRIPE_FIXTURES",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "StripeFixtures", "fixtures3-subset.json"))
API_VERSION = "2025-03-31.basil"
ALPHANUMERIC = string.ascii_letters + string.digits


def random_id(prefix, length=24):
    return prefix + "".join(secrets.choice(ALPHANUMERIC) for _ in range(length))


# ------------------------------------------------------------------------------------------------
# Errors

class StripeError(Exception):
    """An error answer in Stripe's shape."""

    def __init__(self, message, param=None, code=None, status=400, type="invalid_request_error", headers=None):
        super().__init__(message)
        self.message, self.param, self.code, self.status, self.type = message, param, code, status, type
        self.headers = headers or {}

    def body(self):
        error = {"message": self.message, "type": self.type}
        if self.code:
            error["code"] = self.code
            error["doc_url"] = f"https://stripe.com/docs/error-codes/{self.code.replace('_', '-')}"
        if self.param:
            error["param"] = self.param
        error["request_log_url"] = None
        return {"error": error}


def unknown(path):
    return StripeError(f"Received unknown parameter: {path}", path, "parameter_unknown")


def missing(path):
    return StripeError(f"Missing required param: {path}.", path, "parameter_missing")


def empty(path):
    return StripeError(
        f"You passed an empty string for '{path}'. We assume empty values are an attempt to unset a parameter; "
        f"however '{path}' cannot be unset. You should remove '{path}' from your request or supply a non-empty value.",
        path, "parameter_invalid_empty")


def exclusive(path, names):
    return StripeError(f"You may only specify one of these parameters: {', '.join(names)}.", path, "parameters_exclusive")


# ------------------------------------------------------------------------------------------------
# The parameter table: Stripe's documented parameters of Create a Checkout Session
# (https://docs.stripe.com/api/checkout/sessions/create), those a shop sends.

class Spec:
    required = False


class Str(Spec):
    def __init__(self, max_len=None, required=False, kind=None):
        self.max_len, self.required, self.kind = max_len, required, kind


class Int(Spec):
    def __init__(self, minimum=None, maximum=None, required=False):
        self.minimum, self.maximum, self.required = minimum, maximum, required


class Bool(Spec):
    def __init__(self, required=False):
        self.required = required


class Enum(Spec):
    def __init__(self, values, required=False):
        self.values, self.required = list(values), required


class Obj(Spec):
    def __init__(self, fields, required=False):
        self.fields, self.required = fields, required


class Arr(Spec):
    def __init__(self, item, max_items=None, required=False):
        self.item, self.max_items, self.required = item, max_items, required


class Meta(Spec):
    """Stripe metadata: up to 50 keys of at most 40 characters, values at most 500 characters."""


LOCALES = ("auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR "
           "ro ru sk sl sv th tr vi zh zh-HK zh-TW").split()
PAYMENT_METHOD_TYPES = ("acss_debit affirm afterpay_clearpay alipay alma amazon_pay au_becs_debit bacs_debit bancontact "
                        "billie blik boleto card cashapp crypto customer_balance eps fpx giropay grabpay ideal kakao_pay "
                        "klarna konbini kr_card link mobilepay multibanco naver_pay nz_bank_account oxxo p24 pay_by_bank "
                        "payco paynow paypal pix promptpay revolut_pay samsung_pay satispay sepa_debit sofort swish "
                        "twint us_bank_account wechat_pay zip").split()
# Stripe's presentment currencies (lowercase ISO 4217).
CURRENCIES = set(("usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd cad "
                  "cdf chf clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl "
                  "htg huf idr ils inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt lak lbp lkr lrd lsl mad mdl mga mkd "
                  "mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln pyg qar ron rsd "
                  "rub rwf sar sbd scr sek sgd shp sle sos srd std szl thb tjs tnd top try ttd twd tzs uah ugx uyu uzs vnd "
                  "vuv wst xaf xcd xof xpf yer zar zmw").split())
ZERO_DECIMAL = set("bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split())
# ISO 3166-1 alpha-2 codes Stripe Checkout does not ship to (its documented exclusions).
NOT_SHIPPABLE = set("AS CX CC CU HM IR KP MH FM NF MP PW SD SY UM VI".split())
DELIVERY_UNITS = ["business_day", "day", "hour", "month", "week"]
TAX_BEHAVIOR = ["exclusive", "inclusive", "unspecified"]
MAX_AMOUNT = 99999999

METADATA = Meta()
DELIVERY_BOUND = Obj({"unit": Enum(DELIVERY_UNITS, required=True), "value": Int(minimum=1, required=True)})
SHIPPING_RATE_DATA = Obj({
    "display_name": Str(max_len=100, required=True),
    "type": Enum(["fixed_amount"]),
    "fixed_amount": Obj({"amount": Int(minimum=0, maximum=MAX_AMOUNT, required=True),
                         "currency": Str(kind="currency", required=True)}),
    "delivery_estimate": Obj({"minimum": DELIVERY_BOUND, "maximum": DELIVERY_BOUND}),
    "metadata": METADATA,
    "tax_behavior": Enum(TAX_BEHAVIOR),
    "tax_code": Str(max_len=5000),
})
PRICE_DATA = Obj({
    "currency": Str(kind="currency", required=True),
    "product": Str(max_len=5000),
    "product_data": Obj({
        "name": Str(max_len=5000, required=True),
        "description": Str(max_len=40000),
        "images": Arr(Str(kind="url", max_len=2048), max_items=8),
        "metadata": METADATA,
        "tax_code": Str(max_len=5000),
        "unit_label": Str(max_len=12),
    }),
    "unit_amount": Int(minimum=0, maximum=MAX_AMOUNT),
    "unit_amount_decimal": Str(kind="decimal"),
    "tax_behavior": Enum(TAX_BEHAVIOR),
    "recurring": Obj({"interval": Enum(["day", "week", "month", "year"], required=True),
                      "interval_count": Int(minimum=1)}),
})
LINE_ITEM = Obj({
    "price": Str(max_len=5000),
    "price_data": PRICE_DATA,
    "quantity": Int(minimum=1, maximum=999999),
    "adjustable_quantity": Obj({"enabled": Bool(required=True), "minimum": Int(minimum=0),
                                "maximum": Int(minimum=1, maximum=999999)}),
    "tax_rates": Arr(Str(max_len=5000)),
    "dynamic_tax_rates": Arr(Str(max_len=5000)),
})
PARAMETERS = Obj({
    "mode": Enum(["payment", "setup", "subscription"]),
    "ui_mode": Enum(["custom", "embedded", "hosted"]),
    "success_url": Str(kind="url", max_len=5000),
    "cancel_url": Str(kind="url", max_len=5000),
    "client_reference_id": Str(max_len=200),
    "customer": Str(max_len=5000),
    "customer_email": Str(kind="email", max_len=800),
    "customer_creation": Enum(["always", "if_required"]),
    "currency": Str(kind="currency"),
    "locale": Enum(LOCALES),
    "expires_at": Int(minimum=0),
    "metadata": METADATA,
    "line_items": Arr(LINE_ITEM, max_items=100),
    "shipping_address_collection": Obj({"allowed_countries": Arr(Str(kind="country"), required=True)}),
    "shipping_options": Arr(Obj({"shipping_rate": Str(max_len=5000), "shipping_rate_data": SHIPPING_RATE_DATA}), max_items=5),
    "payment_intent_data": Obj({
        "metadata": METADATA,
        "description": Str(max_len=1000),
        "receipt_email": Str(kind="email"),
        "capture_method": Enum(["automatic", "automatic_async", "manual"]),
        "setup_future_usage": Enum(["off_session", "on_session"]),
        "statement_descriptor": Str(max_len=22),
        "statement_descriptor_suffix": Str(max_len=22),
    }),
    "allow_promotion_codes": Bool(),
    "discounts": Arr(Obj({"coupon": Str(max_len=5000), "promotion_code": Str(max_len=5000)})),
    "billing_address_collection": Enum(["auto", "required"]),
    "phone_number_collection": Obj({"enabled": Bool(required=True)}),
    "submit_type": Enum(["auto", "book", "donate", "pay", "subscribe"]),
    "payment_method_types": Arr(Enum(PAYMENT_METHOD_TYPES)),
    "automatic_tax": Obj({"enabled": Bool(required=True)}),
    "tax_id_collection": Obj({"enabled": Bool(required=True)}),
    "invoice_creation": Obj({"enabled": Bool(required=True)}),
    "expand": Arr(Str(max_len=5000)),
})
EXPANDABLE = {"line_items", "customer", "invoice", "payment_intent", "payment_link", "setup_intent", "subscription",
              "total_details.breakdown"}


# ------------------------------------------------------------------------------------------------
# Form bodies in bracket notation

def parse_form(body):
    """`a[b][0][c]=v&…` → nested dicts (list indices stay string keys; `[]` appends). Raises StripeError."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise StripeError("Invalid request: the body is not UTF-8.")
    try:
        pairs = urllib.parse.parse_qsl(text, keep_blank_values=True, strict_parsing=False, errors="strict")
    except (ValueError, UnicodeDecodeError) as error:
        raise StripeError(f"Invalid request: the form body could not be decoded ({error}).")
    root = {}
    for key, value in pairs:
        match = re.fullmatch(r"([^\[\]]+)((?:\[[^\[\]]*\])*)", key)
        if not match:
            raise StripeError(f"Invalid parameter name: {key}", key)
        parts = [match.group(1)] + re.findall(r"\[([^\[\]]*)\]", match.group(2))
        node, path = root, parts[0]
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if part == "":  # `[]`: the next index
                part = str(len(node)) if (last or not node or not isinstance(node.get(str(len(node) - 1)), dict)
                                          or parts[i + 1] in node[str(len(node) - 1)]) else str(len(node) - 1)
            if i:
                path += f"[{part}]"
            if last:
                if isinstance(node.get(part), dict):
                    raise StripeError(f"Invalid {path}: a value and nested parameters were both given", path)
                node[part] = value
            else:
                child = node.setdefault(part, {})
                if not isinstance(child, dict):
                    raise StripeError(f"Invalid {path}: a value and nested parameters were both given", path)
                node = child
    return root, pairs


def indexed(raw, path):
    """The items of an array given as `{"0": …, "1": …}`, in index order, with their paths."""
    if isinstance(raw, list):
        return [(f"{path}[{i}]", v) for i, v in enumerate(raw)]
    if not isinstance(raw, dict) or not all(k.isdigit() for k in raw):
        raise StripeError(f"Invalid array: {path} must be given as {path}[0], {path}[1], …", path)
    return [(f"{path}[{k}]", raw[k]) for k in sorted(raw, key=int)]


def find_unknown(spec, raw, path):
    """The first parameter (in the body's order) that the table does not have, as Stripe names it."""
    if isinstance(spec, Obj) and isinstance(raw, dict):
        for key, value in raw.items():
            child = f"{path}[{key}]" if path else key
            if key not in spec.fields:
                raise unknown(child)
            find_unknown(spec.fields[key], value, child)
    elif isinstance(spec, Arr) and isinstance(raw, dict) and all(k.isdigit() for k in raw):
        for key, value in raw.items():
            find_unknown(spec.item, value, f"{path}[{key}]")


def plain(spec, raw):
    """The received parameters as plain JSON: arrays as lists, values as the strings received."""
    if isinstance(raw, dict):
        if (isinstance(spec, Arr) or spec is None) and raw and all(k.isdigit() for k in raw):
            item = spec.item if isinstance(spec, Arr) else None
            return [plain(item, raw[k]) for k in sorted(raw, key=int)]
        fields = spec.fields if isinstance(spec, Obj) else {}
        return {k: plain(fields.get(k) if not isinstance(spec, Meta) else Str(), v) for k, v in raw.items()}
    return raw


URL = re.compile(r"https?://[^\s/?#]+[^\s]*", re.IGNORECASE)
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


def convert(spec, raw, path):
    """Checks one parameter against its row of the table; returns its typed value (None: unset)."""
    if isinstance(spec, Obj):
        if raw == "":
            return None
        if not isinstance(raw, dict):
            raise StripeError(f"Invalid object: {path} must be a hash of parameters, not a string", path)
        out = {}
        for key, child in spec.fields.items():
            where = f"{path}[{key}]" if path else key
            if key in raw:
                value = convert(child, raw[key], where)
                if value is None and child.required:
                    raise empty(where)
                if value is not None:
                    out[key] = value
            elif child.required:
                raise missing(where)
        return out
    if isinstance(spec, Arr):
        if raw == "":
            return None
        items = indexed(raw, path)
        if spec.max_items is not None and len(items) > spec.max_items:
            raise StripeError(f"Invalid array: {path} can have at most {spec.max_items} elements; you passed {len(items)}.", path)
        out = []
        for where, value in items:
            typed = convert(spec.item, value, where)
            if typed is None:
                raise empty(where)
            out.append(typed)
        return out
    if isinstance(spec, Meta):
        if raw == "":
            return None
        if not isinstance(raw, dict):
            raise StripeError(f"Invalid object: {path} must be a hash of keys and string values", path)
        if len(raw) > 50:
            raise StripeError(f"Invalid {path}: metadata can have at most 50 keys; you passed {len(raw)}.", path)
        out = {}
        for key, value in raw.items():
            where = f"{path}[{key}]"
            if not isinstance(value, str):
                raise StripeError(f"Invalid value type for {where}: metadata values must be strings, not a hash", where)
            if len(key) > 40:
                raise StripeError(f"Invalid {path}: the key '{key}' is longer than 40 characters.", where)
            if len(value) > 500:
                raise StripeError(f"Invalid {where}: metadata values can be at most 500 characters; yours has {len(value)}.", where)
            if value != "":  # an empty value unsets the key
                out[key] = value
        return out
    if isinstance(raw, dict):
        raise StripeError(f"Invalid {path}: expected a single value, not nested parameters", path)
    if raw == "":
        return None
    if isinstance(spec, Int):
        if not re.fullmatch(r"-?\d+", raw):
            raise StripeError(f"Invalid integer: {raw}", path, "parameter_invalid_integer")
        value = int(raw)
        if spec.minimum is not None and value < spec.minimum:
            raise StripeError(f"This value must be greater than or equal to {spec.minimum}.", path)
        if spec.maximum is not None and value > spec.maximum:
            raise StripeError(f"This value must be less than or equal to {spec.maximum}.", path)
        return value
    if isinstance(spec, Bool):
        if raw not in ("true", "false"):
            raise StripeError(f"Invalid boolean: {raw}", path)
        return raw == "true"
    if isinstance(spec, Enum):
        if raw not in spec.values:
            values = spec.values
            listed = ", ".join(values[:-1]) + (", or " if len(values) > 2 else " or ") + values[-1] if len(values) > 1 else values[0]
            raise StripeError(f"Invalid {path}: must be one of {listed}", path)
        return raw
    if isinstance(spec, Str):
        if spec.max_len is not None and len(raw) > spec.max_len:
            raise StripeError(f"Invalid string: {raw[:50]}{'...' if len(raw) > 50 else ''}; must be at most {spec.max_len} characters", path)
        if raw.strip() == "":
            raise StripeError(f"You passed a blank string for '{path}'.", path, "parameter_invalid_string_blank")
        if spec.kind == "url" and not URL.fullmatch(raw):
            raise StripeError(f"Not a valid URL: {raw}", path, "url_invalid")
        if spec.kind == "email" and not EMAIL.fullmatch(raw):
            raise StripeError(f"Invalid email address: {raw}", path, "email_invalid")
        if spec.kind == "currency":
            if not re.fullmatch(r"[a-z]{3}", raw):
                raise StripeError(f"Invalid currency: {raw}. Currencies are three-letter ISO codes in lowercase, e.g. usd "
                                  f"(the stand-in insists on the documented lowercase form).", path)
            if raw not in CURRENCIES:
                raise StripeError(f"Invalid currency: {raw}. Stripe currently supports these currencies: "
                                  f"{', '.join(sorted(CURRENCIES))}", path)
        if spec.kind == "country":
            if not re.fullmatch(r"[A-Z]{2}", raw) or raw in NOT_SHIPPABLE:
                raise StripeError(f"Invalid {path}: must be a two-letter ISO 3166-1 country code in uppercase that "
                                  f"Checkout ships to (not {', '.join(sorted(NOT_SHIPPABLE))})", path)
        if spec.kind == "decimal":
            if not re.fullmatch(r"\d+(\.\d{1,12})?", raw):
                raise StripeError(f"Invalid decimal: {raw}", path)
        return raw
    raise AssertionError(spec)


def minor_units(currency, amount):
    return str(amount) if currency in ZERO_DECIMAL else f"{amount / 100:.2f}"


# ------------------------------------------------------------------------------------------------
# State

class StandIn:
    def __init__(self, fixtures, clock_start=None, webhook_url=None, webhook_secret=None):
        self.fixtures = fixtures
        self.lock = threading.RLock()
        self.mono0, self.clock0 = time.monotonic(), clock_start
        self.base_url = None
        self.config = {"webhook_url": webhook_url, "webhook_secret": webhook_secret, "extra_secrets": [],
                       "retry_delays": [0.2, 0.5, 1, 2], "max_attempts": 30, "signature_v0": True,
                       "api_version": API_VERSION, "delivery_timeout": 10}
        self.reset()
        self.deliverer = Deliverer(self)

    def reset(self):
        with self.lock:
            self.requests, self.sessions, self.events, self.event_order = [], {}, {}, []
            self.idempotency, self.shipping_rates, self.fail_plan = {}, {}, []

    def now(self):
        if self.clock0 is None:
            return int(time.time())
        return int(self.clock0 + (time.monotonic() - self.mono0))

    # -- sessions ---------------------------------------------------------------------------------

    def create_session(self, params):
        """Checks the rules across parameters and makes the session; `params` is the typed tree."""
        now = self.now()
        mode = params.get("mode")
        if mode is None:
            raise missing("mode")
        ui_mode = params.get("ui_mode", "hosted")
        if ui_mode != "hosted":
            raise StripeError(f"The stand-in models only ui_mode=hosted, not {ui_mode}.", "ui_mode")
        if "success_url" not in params:
            raise missing("success_url")
        if "customer" in params and "customer_email" in params:
            raise exclusive("customer_email", ["customer", "customer_email"])
        if "customer" in params:
            raise StripeError(f"No such customer: '{params['customer']}' (the stand-in has no customers)", "customer", "resource_missing")
        if "allow_promotion_codes" in params and "discounts" in params:
            raise exclusive("discounts", ["allow_promotion_codes", "discounts"])
        for i, discount in enumerate(params.get("discounts", [])):
            raise StripeError("No such coupon or promotion code (the stand-in has none).", f"discounts[{i}]", "resource_missing")
        for i, entry in enumerate(params.get("expand", [])):
            if entry not in EXPANDABLE:
                raise StripeError(f"This property cannot be expanded ({entry}).", f"expand[{i}]")
        expires_at = params.get("expires_at", now + 86400)
        if expires_at < now + 1800:
            raise StripeError("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at")
        if expires_at > now + 86400:
            raise StripeError("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at")
        if mode != "payment":
            for name in ("payment_intent_data", "shipping_options", "submit_type"):
                if name in params:
                    raise StripeError(f"`{name}` can only be used in `payment` mode.", name)

        lines = params.get("line_items", [])
        currency = params.get("currency")
        if mode == "payment" and not lines:
            raise StripeError("`line_items` is required in `payment` mode.", "line_items", "parameter_missing")
        if mode == "setup" and lines:
            raise StripeError("You can not pass `line_items` in `setup` mode.", "line_items")
        subtotal = decimal.Decimal(0)
        items, recurring = [], False
        for i, line in enumerate(lines):
            where = f"line_items[{i}]"
            if "price" in line and "price_data" in line:
                raise exclusive(f"{where}[price_data]", ["price", "price_data"])
            if "price" in line:
                raise StripeError(f"No such price: '{line['price']}' (the stand-in has no Price objects; send price_data)",
                                  f"{where}[price]", "resource_missing")
            if "price_data" not in line:
                raise missing(f"{where}[price_data]")
            data = line["price_data"]
            if "quantity" not in line:
                raise missing(f"{where}[quantity]")
            if "product" in data and "product_data" in data:
                raise exclusive(f"{where}[price_data][product_data]", ["product", "product_data"])
            if "product" in data:
                raise StripeError(f"No such product: '{data['product']}' (the stand-in has no Product objects)",
                                  f"{where}[price_data][product]", "resource_missing")
            if "product_data" not in data:
                raise missing(f"{where}[price_data][product_data]")
            if "unit_amount" in data and "unit_amount_decimal" in data:
                raise exclusive(f"{where}[price_data][unit_amount_decimal]", ["unit_amount", "unit_amount_decimal"])
            if "unit_amount" not in data and "unit_amount_decimal" not in data:
                raise missing(f"{where}[price_data][unit_amount]")
            if currency is None:
                currency = data["currency"]
            elif data["currency"] != currency:
                raise StripeError(f"All line items must have the same currency: {where} is in {data['currency']}, "
                                  f"the session in {currency}.", f"{where}[price_data][currency]")
            if "recurring" in data:
                recurring = True
                if mode == "payment":
                    raise StripeError("You specified `payment` mode but passed a recurring price. Either switch to "
                                      "`subscription` mode or use only one-time prices.", f"{where}[price_data][recurring]")
            adjustable = line.get("adjustable_quantity")
            if adjustable:
                low, high = adjustable.get("minimum", 0), adjustable.get("maximum", 99)
                if low > high:
                    raise StripeError("adjustable_quantity[minimum] must be less than or equal to adjustable_quantity[maximum].",
                                      f"{where}[adjustable_quantity][minimum]")
                if adjustable["enabled"] and not low <= line["quantity"] <= high:
                    raise StripeError("The quantity must be within adjustable_quantity[minimum] and [maximum].", f"{where}[quantity]")
            unit = decimal.Decimal(data["unit_amount_decimal"]) if "unit_amount_decimal" in data else decimal.Decimal(data["unit_amount"])
            amount = int((unit * line["quantity"]).to_integral_value(decimal.ROUND_HALF_EVEN))
            subtotal += unit * line["quantity"]
            product = data["product_data"]
            price = copy.deepcopy(self.fixtures["item"]["price"])
            price.update({"id": random_id("price_"), "created": now, "currency": currency, "custom_unit_amount": None,
                          "metadata": {}, "product": random_id("prod_", 14), "recurring": None,
                          "tax_behavior": data.get("tax_behavior", "unspecified"), "transform_quantity": None,
                          "type": "recurring" if "recurring" in data else "one_time",
                          "unit_amount": data.get("unit_amount", int(unit)) if "unit_amount_decimal" not in data else None,
                          "unit_amount_decimal": data.get("unit_amount_decimal", str(data.get("unit_amount")))})
            item = copy.deepcopy(self.fixtures["item"])
            item.update({"id": random_id("li_"), "amount_discount": 0, "amount_subtotal": amount, "amount_tax": 0,
                         "amount_total": amount, "currency": currency, "description": product["name"], "price": price,
                         "quantity": line["quantity"], "metadata": {},
                         "adjustable_quantity": adjustable if adjustable else None})
            # Kept for the hosted page and the tests; not part of Stripe's item object.
            item["_product"] = product
            items.append(item)
        if mode == "subscription" and not recurring:
            raise StripeError("You must provide at least one recurring price in `subscription` mode when using prices.", "line_items")
        if currency is None and mode == "payment":
            raise missing("currency")
        if params.get("currency") and currency != params["currency"]:
            raise StripeError("The currency must match the line items' currency.", "currency")
        subtotal = int(subtotal.to_integral_value(decimal.ROUND_HALF_EVEN))
        if subtotal > MAX_AMOUNT:
            raise StripeError(f"The Checkout Session's total amount due must be no more than {MAX_AMOUNT}.", "line_items",
                              "amount_too_large")

        rates, options = [], []
        for i, option in enumerate(params.get("shipping_options", [])):
            where = f"shipping_options[{i}]"
            if "shipping_rate" in option and "shipping_rate_data" in option:
                raise exclusive(f"{where}[shipping_rate_data]", ["shipping_rate", "shipping_rate_data"])
            if "shipping_rate" in option:
                with self.lock:
                    rate = self.shipping_rates.get(option["shipping_rate"])
                if rate is None:
                    raise StripeError(f"No such shipping rate: '{option['shipping_rate']}'", f"{where}[shipping_rate]", "resource_missing")
            elif "shipping_rate_data" in option:
                data = option["shipping_rate_data"]
                kind = data.get("type", "fixed_amount")
                if "fixed_amount" not in data:
                    raise missing(f"{where}[shipping_rate_data][fixed_amount]")
                if data["fixed_amount"]["currency"] != currency:
                    raise StripeError(f"The shipping rate's currency ({data['fixed_amount']['currency']}) must match the "
                                      f"Checkout Session's currency ({currency}).",
                                      f"{where}[shipping_rate_data][fixed_amount][currency]")
                estimate = data.get("delivery_estimate")
                if estimate and "minimum" in estimate and "maximum" in estimate:
                    low, high = estimate["minimum"], estimate["maximum"]
                    if low["unit"] == high["unit"] and low["value"] > high["value"]:
                        raise StripeError("delivery_estimate[minimum] must not be greater than delivery_estimate[maximum].",
                                          f"{where}[shipping_rate_data][delivery_estimate][minimum][value]")
                rate = copy.deepcopy(self.fixtures["shipping_rate"])
                rate.update({"id": random_id("shr_"), "created": now, "display_name": data["display_name"],
                             "fixed_amount": dict(data["fixed_amount"]), "metadata": data.get("metadata", {}),
                             "tax_behavior": data.get("tax_behavior", "unspecified"), "tax_code": data.get("tax_code"),
                             "type": kind,
                             "delivery_estimate": ({"minimum": estimate.get("minimum"), "maximum": estimate.get("maximum")}
                                                   if estimate else None)})
                with self.lock:
                    self.shipping_rates[rate["id"]] = rate
            else:
                raise missing(f"{where}[shipping_rate_data]")
            rates.append(rate)
            options.append({"shipping_amount": rate["fixed_amount"]["amount"], "shipping_rate": rate["id"]})

        session_id = random_id("cs_test_", 58)
        session = copy.deepcopy(self.fixtures["checkout.session"])
        session.update({
            "id": session_id, "object": "checkout.session", "livemode": False, "created": now, "expires_at": expires_at,
            "after_expiration": None, "allow_promotion_codes": params.get("allow_promotion_codes"),
            "amount_subtotal": subtotal if mode != "setup" else None,
            "amount_total": subtotal if mode != "setup" else None,
            "automatic_tax": {"enabled": params.get("automatic_tax", {}).get("enabled", False), "liability": None,
                              "status": None, "provider": None},
            "billing_address_collection": params.get("billing_address_collection"),
            "cancel_url": params.get("cancel_url"), "client_reference_id": params.get("client_reference_id"),
            "client_secret": None, "consent": None, "consent_collection": None, "currency": currency,
            "custom_fields": [],
            "custom_text": {"after_submit": None, "shipping_address": None, "submit": None, "terms_of_service_acceptance": None},
            "customer": None, "customer_creation": params.get("customer_creation", "if_required" if mode == "payment" else None),
            "customer_details": None, "customer_email": params.get("customer_email"), "invoice": None,
            "invoice_creation": ({"enabled": params.get("invoice_creation", {}).get("enabled", False),
                                  "invoice_data": {"account_tax_ids": None, "custom_fields": None, "description": None,
                                                   "footer": None, "issuer": None, "metadata": {},
                                                   "rendering_options": None}} if mode == "payment" else None),
            "locale": params.get("locale"), "metadata": params.get("metadata", {}), "mode": mode,
            "payment_intent": None, "payment_link": None, "payment_method_collection": "if_required",
            "payment_method_configuration_details": (None if "payment_method_types" in params
                                                     else {"id": random_id("pmc_"), "parent": None}),
            "payment_method_options": {}, "payment_method_types": params.get("payment_method_types", ["card"]),
            "payment_status": "unpaid" if mode != "setup" else "no_payment_required",
            "phone_number_collection": {"enabled": params.get("phone_number_collection", {}).get("enabled", False)},
            "recovered_from": None, "saved_payment_method_options": None, "setup_intent": None,
            "shipping_address_collection": params.get("shipping_address_collection"),
            "shipping_cost": None, "shipping_options": options, "status": "open",
            "submit_type": params.get("submit_type"), "subscription": None, "success_url": params.get("success_url"),
            "total_details": {"amount_discount": 0, "amount_shipping": 0, "amount_tax": 0} if mode != "setup" else None,
            "ui_mode": "hosted", "url": f"{self.base_url}pay/{session_id}", "adaptive_pricing": {"enabled": False},
            "discounts": [], "collected_information": None, "permissions": None, "wallet_options": None,
            "origin_context": None, "currency_conversion": None, "customer_account": None,
            "integration_identifier": None, "managed_payments": {"enabled": False},
        })
        record = {"session": session, "items": items, "rates": rates, "events": [],
                  "payment_intent_data": params.get("payment_intent_data")}
        with self.lock:
            self.sessions[session_id] = record
        return record

    def session_answer(self, record, expand=()):
        with self.lock:
            session = copy.deepcopy(record["session"])
            if "line_items" in expand:
                session["line_items"] = self.line_item_list(record)
        return session

    def line_item_list(self, record):
        data = []
        for item in record["items"]:
            item = copy.deepcopy(item)
            item.pop("_product", None)
            data.append(item)
        return {"object": "list", "data": data, "has_more": False,
                "url": f"/v1/checkout/sessions/{record['session']['id']}/line_items"}

    def record(self, session_id):
        with self.lock:
            record = self.sessions.get(session_id)
        if record is None:
            raise StripeError(f"No such checkout.session: '{session_id}'", "session", "resource_missing", status=404)
        return record

    def expire_if_due(self, record):
        """Expires an open session past its `expires_at`, and sends `checkout.session.expired` as Stripe does."""
        with self.lock:
            session = record["session"]
            if session["status"] == "open" and self.now() >= session["expires_at"]:
                session.update({"status": "expired", "url": None})
                self.deliver_later(self.new_event("checkout.session.expired", record))
                return True
        return False

    def deliver_later(self, event):
        """Delivers from another thread (with the usual retries): for events no test asked for."""
        threading.Thread(target=self.deliverer.attempt, args=(event["id"],), daemon=True).start()

    def complete(self, record, email, country, shipping, name=None, address=None, payment_status="paid",
                 amount_total=None):
        """Completes an open session as the hosted page does; returns the `checkout.session.completed` event."""
        address = address or {}
        with self.lock:
            self.expire_if_due(record)
            session = record["session"]
            if session["status"] != "open":
                raise StripeError(f"This Checkout Session is {session['status']}, not open.", "session", status=400)
            if session["shipping_address_collection"]:
                allowed = session["shipping_address_collection"]["allowed_countries"]
                if country not in allowed:
                    raise StripeError(f"Country {country!r} is not one of {', '.join(allowed)}.", "country")
            rate = None
            if record["rates"]:
                if not isinstance(shipping, int) or not 0 <= shipping < len(record["rates"]):
                    raise StripeError(f"No shipping option {shipping!r}; there are {len(record['rates'])}.", "shipping")
                rate = record["rates"][shipping]
            if not email or not EMAIL.fullmatch(email):
                raise StripeError(f"Invalid email address: {email!r}", "email", "email_invalid")
            shipping_amount = rate["fixed_amount"]["amount"] if rate else 0
            full_address = {"city": address.get("city") or "Springfield", "country": country,
                            "line1": address.get("line1") or "1 Test Street", "line2": None,
                            "postal_code": address.get("postal_code") or "10001", "state": None}
            name = name or "Test Customer"
            total = session["amount_subtotal"] + shipping_amount
            session.update({
                "status": "complete", "payment_status": payment_status, "url": None,
                "amount_total": total if amount_total is None else amount_total,
                "customer_details": {"address": dict(full_address), "email": email, "name": name, "phone": None,
                                     "tax_exempt": "none", "tax_ids": [], "business_name": None, "individual_name": None},
                "collected_information": ({"shipping_details": {"address": dict(full_address), "name": name},
                                           "business_name": None, "individual_name": None}
                                          if session["shipping_address_collection"] else None),
                "shipping_cost": ({"amount_subtotal": shipping_amount, "amount_tax": 0, "amount_total": shipping_amount,
                                   "shipping_rate": rate["id"]} if rate else None),
                "payment_intent": random_id("pi_") if session["mode"] == "payment" else None,
            })
            session["total_details"]["amount_shipping"] = shipping_amount
            return self.new_event("checkout.session.completed", record)

    def new_event(self, kind, record, session=None):
        with self.lock:
            event = copy.deepcopy(self.fixtures["event"])
            event.update({"id": random_id("evt_"), "object": "event", "api_version": self.config["api_version"],
                          "created": self.now(), "data": {"object": copy.deepcopy(session or record["session"])},
                          "livemode": False, "pending_webhooks": 1, "request": {"id": None, "idempotency_key": None},
                          "type": kind})
            body = json.dumps(event, indent=2).encode()
            self.events[event["id"]] = {"event": event, "body": body, "session": record["session"]["id"], "attempts": [],
                                        "acknowledged": False, "acknowledged_at": None, "retrying": False, "gave_up": False}
            self.event_order.append(event["id"])
            record["events"].append(event["id"])
            return event

    def session_event(self, record, kind):
        """A later event of a session (async payment, expiry), the session updated as Stripe would."""
        with self.lock:
            session = record["session"]
            if kind in ("checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed"):
                if session["status"] != "complete":
                    raise StripeError(f"{kind} needs a complete session (complete it first, with \"deliver\": false "
                                      f"to hold back its event); this one is {session['status']}.", "type")
                session["payment_status"] = "paid" if kind.endswith("succeeded") else "unpaid"
                return self.new_event(kind, record)
            if kind == "checkout.session.expired":
                if session["status"] == "complete":  # not Stripe's behaviour: an out-of-order test
                    ghost = copy.deepcopy(session)
                    ghost.update({"status": "expired", "payment_status": "unpaid", "url": None})
                    return self.new_event(kind, record, ghost)
                session.update({"status": "expired", "payment_status": "unpaid", "url": None})
                return self.new_event(kind, record)
            if kind == "checkout.session.completed":
                if session["status"] != "complete":
                    raise StripeError("checkout.session.completed needs a complete session; use …/complete.", "type")
                return self.new_event(kind, record)
        raise StripeError(f"Invalid type: must be one of checkout.session.async_payment_succeeded, "
                          f"checkout.session.async_payment_failed, checkout.session.expired or checkout.session.completed",
                          "type")

    # -- signing ----------------------------------------------------------------------------------

    def signature(self, body, timestamp=None, secret=None):
        with self.lock:
            secrets_ = [secret] if secret is not None else [self.config["webhook_secret"]] + list(self.config["extra_secrets"])
            v0 = self.config["signature_v0"]
        timestamp = self.now() if timestamp is None else int(timestamp)
        signed = f"{timestamp}.".encode() + body
        parts = [f"t={timestamp}"]
        for s in secrets_:
            if s:
                parts.append("v1=" + hmac.new(s.encode(), signed, hashlib.sha256).hexdigest())
        if v0:  # Stripe adds a signature in a fake v0 scheme to test-mode events; receivers must ignore it.
            parts.append("v0=" + hmac.new(b"v0-not-a-secret", signed, hashlib.sha256).hexdigest())
        return ",".join(parts)


# ------------------------------------------------------------------------------------------------
# Webhook delivery

def post(url, body, headers, timeout):
    """One POST; returns (status, text, error)."""
    parts = urllib.parse.urlsplit(url)
    connection_class = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = connection_class(parts.hostname, parts.port, timeout=timeout)
    try:
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        connection.request("POST", target, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read(65536).decode("utf-8", "replace")
        return response.status, text, None
    except (OSError, http.client.HTTPException) as error:
        return None, None, f"{type(error).__name__}: {error}"
    finally:
        connection.close()


class Deliverer:
    """Sends events to the webhook URL; retries a failed delivery later from a pool of workers."""

    def __init__(self, standin, workers=24):
        self.standin = standin
        self.heap, self.sequence = [], 0
        self.ready = []
        self.condition = threading.Condition()
        threading.Thread(target=self.scheduler, daemon=True, name="retry-scheduler").start()
        self.queue_condition = threading.Condition()
        for i in range(workers):
            threading.Thread(target=self.worker, daemon=True, name=f"retry-{i}").start()

    def attempt(self, event_id, manual=False, schedule_retry=True):
        """Delivers once and records it; schedules a retry when it failed. Returns (status, text, error)."""
        s = self.standin
        with s.lock:
            entry = s.events[event_id]
            url = s.config["webhook_url"]
            timeout = s.config["delivery_timeout"]
        if not url:
            return None, None, "no webhook URL configured"
        body = entry["body"]
        headers = {"Content-Type": "application/json; charset=utf-8", "Stripe-Signature": s.signature(body),
                   "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)", "Cache-Control": "no-cache",
                   "Accept": "*/*; q=0.5, application/xml"}
        started = time.time()
        status, text, error = post(url, body, headers, timeout)
        finished = time.time()
        ok = status is not None and 200 <= status < 300
        with s.lock:
            entry["attempts"].append({"at": started, "answered_at": finished, "status": status, "error": error,
                                      "ms": round((finished - started) * 1000, 1), "manual": manual})
            if ok and not entry["acknowledged"]:
                entry["acknowledged"], entry["acknowledged_at"] = True, finished
            automatic = sum(1 for a in entry["attempts"] if not a["manual"])
            retry = (not ok and not manual and schedule_retry and not entry["acknowledged"]
                     and automatic < s.config["max_attempts"])
            if not ok and not manual and not retry and not entry["acknowledged"]:
                entry["retrying"], entry["gave_up"] = False, True
            if retry:
                delays = s.config["retry_delays"]
                delay = delays[min(automatic - 1, len(delays) - 1)]
                entry["retrying"] = True
            elif ok:
                entry["retrying"] = False
        if retry:
            self.later(event_id, delay)
        return status, text, error

    def later(self, event_id, delay):
        with self.condition:
            self.sequence += 1
            heapq.heappush(self.heap, (time.monotonic() + delay, self.sequence, event_id))
            self.condition.notify()

    def scheduler(self):
        while True:
            with self.condition:
                while not self.heap or self.heap[0][0] > time.monotonic():
                    self.condition.wait(timeout=(self.heap[0][0] - time.monotonic()) if self.heap else None)
                _, _, event_id = heapq.heappop(self.heap)
            with self.queue_condition:
                self.ready.append(event_id)
                self.queue_condition.notify()

    def worker(self):
        while True:
            with self.queue_condition:
                while not self.ready:
                    self.queue_condition.wait()
                event_id = self.ready.pop(0)
            with self.standin.lock:
                entry = self.standin.events.get(event_id)
                done = entry is None or entry["acknowledged"]
                if entry is not None and done:
                    entry["retrying"] = False
            if not done:
                try:
                    self.attempt(event_id)
                except Exception as error:  # keep the worker alive whatever happens
                    print(f"stand-in: delivery of {event_id} failed: {error!r}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------------------
# The hosted payment page

COUNTRY_NAMES = {"US": "United States", "DE": "Germany", "GB": "United Kingdom", "FR": "France", "AT": "Austria",
                 "CH": "Switzerland", "NL": "Netherlands", "CA": "Canada", "IT": "Italy", "ES": "Spain",
                 "JP": "Japan", "AU": "Australia", "BE": "Belgium", "DK": "Denmark", "SE": "Sweden", "IE": "Ireland"}


def money(currency, amount):
    if amount is None:
        return "—"
    return f"{minor_units(currency, amount)} {currency.upper()}"


def payment_page(standin, record, error=None, form=None):
    form = form or {}
    e = lambda v: html.escape(str(v), quote=True)
    session = record["session"]
    currency = session["currency"] or "usd"
    rows = []
    for item in record["items"]:
        product = item["_product"]
        images = "".join(f'<img src="{e(u)}" alt="" width="48" height="48"> ' for u in product.get("images", [])[:1])
        description = f'<br><small>{e(product["description"])}</small>' if product.get("description") else ""
        rows.append(f'<tr class="line" data-quantity="{item["quantity"]}" data-amount="{item["amount_total"]}">'
                    f'<td>{images}<span class="name">{e(product["name"])}</span>{description}</td>'
                    f'<td class="quantity">{item["quantity"]}</td><td class="amount">{e(money(currency, item["amount_total"]))}</td></tr>')
    title = "Pay — Stripe stand-in (test mode)"
    if session["status"] != "open":
        body = f'<h1>Checkout</h1><p id="status">This checkout session is {e(session["status"])}; nothing can be paid here.</p>'
        return page(title, body)
    fields = []
    email = form.get("email", session.get("customer_email") or "")
    fields.append(f'<p><label for="email">Email</label> <input type="email" id="email" name="email" required '
                  f'autocomplete="email" value="{e(email)}"></p>')
    fields.append(f'<p><label for="name">Full name</label> <input id="name" name="name" autocomplete="name" '
                  f'value="{e(form.get("name", ""))}"></p>')
    collection = session.get("shipping_address_collection")
    if collection:
        chosen = form.get("country")
        options = "".join(f'<option value="{e(c)}"{" selected" if c == chosen else ""}>{e(COUNTRY_NAMES.get(c, c))}</option>'
                          for c in collection["allowed_countries"])
        fields.append(f'<p><label for="country">Country</label> <select id="country" name="country" required '
                      f'autocomplete="country">{options}</select></p>')
        for key, label, auto in (("line1", "Address", "address-line1"), ("postal_code", "Postal code", "postal-code"),
                                 ("city", "City", "address-level2")):
            fields.append(f'<p><label for="{key}">{label}</label> <input id="{key}" name="{key}" autocomplete="{auto}" '
                          f'value="{e(form.get(key, ""))}"></p>')
    if record["rates"]:
        chosen = form.get("shipping", "0")
        radios = []
        for i, rate in enumerate(record["rates"]):
            estimate = rate.get("delivery_estimate") or {}
            span = ""
            if estimate.get("minimum") and estimate.get("maximum"):
                span = (f' ({estimate["minimum"]["value"]}–{estimate["maximum"]["value"]} '
                        f'{estimate["maximum"]["unit"].replace("_", " ")}s)')
            radios.append(f'<p><input type="radio" id="shipping-{i}" name="shipping" value="{i}"'
                          f'{" checked" if str(i) == chosen else ""} data-amount="{rate["fixed_amount"]["amount"]}"> '
                          f'<label for="shipping-{i}">{e(rate["display_name"])} — '
                          f'{e(money(currency, rate["fixed_amount"]["amount"]))}{e(span)}</label></p>')
        fields.append(f'<fieldset><legend>Shipping method</legend>{"".join(radios)}</fieldset>')
    alert = f'<p role="alert" id="error">{e(error)}</p>' if error else ""
    cancel = f'<p><a id="cancel" href="{e(session["cancel_url"])}">Cancel</a></p>' if session.get("cancel_url") else ""
    body = (f'<h1>Checkout</h1><p>Stripe stand-in for tests, test mode: no money moves.</p>{alert}'
            f'<table><caption>Your order</caption><thead><tr><th scope="col">Item</th><th scope="col">Quantity</th>'
            f'<th scope="col">Amount</th></tr></thead><tbody>{"".join(rows)}</tbody>'
            f'<tfoot><tr><th scope="row" colspan="2">Subtotal</th><td id="subtotal" data-amount="{session["amount_subtotal"]}">'
            f'{e(money(currency, session["amount_subtotal"]))}</td></tr></tfoot></table>'
            f'<form method="post" action="/pay/{e(session["id"])}">{"".join(fields)}'
            f'<p><button type="submit" id="pay">Pay</button></p></form>{cancel}')
    return page(title, body)


def page(title, body):
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title></head>'
            f'<body><main>{body}</main></body></html>').encode()


# ------------------------------------------------------------------------------------------------
# HTTP

class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 4096
    daemon_threads = True
    allow_reuse_address = True


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "stripe-standin/1.0"
    # An idle kept-alive connection is closed after this long: longer than libcurl keeps one for
    # reuse (118 s), so that a client never reuses a connection the stand-in is closing.
    timeout = 300
    standin: StandIn = None
    verbose = False

    def log_message(self, format, *args):
        if self.verbose:
            sys.stderr.write("stand-in: " + (format % args) + "\n")

    # -- plumbing ---------------------------------------------------------------------------------

    def body(self):
        """The current request's body (one handler serves every request of a kept-alive connection)."""
        if getattr(self, "_body_of", None) is self.raw_requestline:
            return self._body
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            self._body = b"".join(chunks)
        else:
            length = int(self.headers.get("Content-Length") or 0)
            self._body = self.rfile.read(length)
            if len(self._body) < length:
                sys.stderr.write(f"stand-in: {self.command} {self.path}: the client sent {len(self._body)} of the "
                                 f"{length} bytes its Content-Length announced, then closed the connection\n")
                self.close_connection = self._truncated = True
        self._body_of = self.raw_requestline
        return self._body

    def send(self, status, body, content_type="application/json", headers=None):
        if isinstance(body, (dict, list)):
            body = json.dumps(body, indent=2).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def stripe_headers(self, extra=None):
        headers = {"Request-Id": random_id("req_", 14),
                   "Stripe-Version": self.headers.get("Stripe-Version") or self.standin.config["api_version"]}
        key = self.headers.get("Idempotency-Key")
        if key:
            headers["Idempotency-Key"] = key
        headers.update(extra or {})
        return headers

    def send_error_json(self, error):
        self.send(error.status, error.body(), headers=self.stripe_headers(error.headers))

    def json_body(self):
        raw = self.body()
        if not raw.strip():
            return {}
        try:
            value = json.loads(raw)
        except ValueError as error:
            raise StripeError(f"The control endpoint expects JSON: {error}")
        if not isinstance(value, dict):
            raise StripeError("The control endpoint expects a JSON object")
        return value

    def authorize(self):
        header = self.headers.get("Authorization") or ""
        key = None
        if header.startswith("Bearer "):
            key = header[7:].strip()
        elif header.startswith("Basic "):
            try:
                key = base64.b64decode(header[6:]).decode().split(":", 1)[0]
            except (ValueError, UnicodeDecodeError):
                key = None
        if not header:
            raise StripeError("You did not provide an API key. You need to provide your API key in the Authorization header, "
                              "using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See "
                              "https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
                              status=401)
        if not key or not re.fullmatch(r"(sk|rk)_test_[A-Za-z0-9_]+", key):
            shown = (key[:8] + "*" * 4 + key[-4:]) if key and len(key) > 12 else "****"
            raise StripeError(f"Invalid API Key provided: {shown} (the stand-in takes only test-mode secret keys, sk_test_…)",
                              status=401)
        return key

    # -- routing ----------------------------------------------------------------------------------

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def do_DELETE(self):
        self.route("DELETE")

    def route(self, method):
        url = urllib.parse.urlsplit(self.path)
        path, query = url.path, urllib.parse.parse_qs(url.query, keep_blank_values=True)
        self._body_of, self._truncated = None, False
        try:
            self.body()  # read it whatever the route, so that the connection stays usable
            if self._truncated:
                return  # nobody is listening any more
            if self.verbose:
                shown = {k: ("…" if k.lower() == "authorization" else v) for k, v in self.headers.items()}
                sys.stderr.write(f"stand-in: {method} {self.path} {shown} body {len(self._body)} bytes\n")
            if path.startswith("/_standin/"):
                return self.control(method, path[len("/_standin/"):].strip("/").split("/"), query)
            if path.startswith("/pay/"):
                return self.hosted(method, path[len("/pay/"):])
            if path.startswith("/v1/"):
                return self.api(method, path, url.query)
            if path in ("/", "/healthz") and method == "GET":
                return self.send(200, {"standin": "stripe", "ok": True})
            self.send(404, page("Not found", "<h1>Not found</h1>"), "text/html; charset=utf-8")
        except StripeError as error:
            self.send_error_json(error)
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as error:  # a bug in the stand-in: say so loudly, in Stripe's shape
            import traceback
            traceback.print_exc()
            try:
                self.send_error_json(StripeError(f"stand-in internal error: {error!r}", status=500, type="api_error"))
            except OSError:
                pass

    def api(self, method, path, query_string):
        self.authorize()
        parts = path.strip("/").split("/")
        query = parse_form(query_string.encode())[0] if query_string else {}
        expand = set(plain(Arr(Str()), query.get("expand", {})) or []) if isinstance(query.get("expand"), dict) else set()
        if method == "POST" and parts == ["v1", "checkout", "sessions"]:
            return self.create_session()
        if parts[:3] == ["v1", "checkout", "sessions"] and len(parts) >= 4:
            record = self.standin.record(parts[3])
            self.standin.expire_if_due(record)
            if method == "GET" and len(parts) == 4:
                return self.send(200, self.standin.session_answer(record, expand), headers=self.stripe_headers())
            if method == "GET" and parts[4:] == ["line_items"]:
                with self.standin.lock:
                    return self.send(200, self.standin.line_item_list(record), headers=self.stripe_headers())
            if method == "POST" and parts[4:] == ["expire"]:
                with self.standin.lock:
                    if record["session"]["status"] != "open":
                        raise StripeError(f"Only Checkout Sessions with a status in [\"open\"] can be expired. This "
                                          f"Checkout Session has a status of \"{record['session']['status']}\".")
                    record["session"].update({"status": "expired", "url": None})
                    self.standin.deliver_later(self.standin.new_event("checkout.session.expired", record))
                return self.send(200, self.standin.session_answer(record), headers=self.stripe_headers())
        if method == "GET" and parts[:2] == ["v1", "shipping_rates"] and len(parts) == 3:
            with self.standin.lock:
                rate = self.standin.shipping_rates.get(parts[2])
            if rate is None:
                raise StripeError(f"No such shipping_rate: '{parts[2]}'", "id", "resource_missing", status=404)
            return self.send(200, rate, headers=self.stripe_headers())
        if method == "GET" and parts[:2] == ["v1", "events"] and len(parts) == 3:
            with self.standin.lock:
                entry = self.standin.events.get(parts[2])
            if entry is None:
                raise StripeError(f"No such event: '{parts[2]}'", "id", "resource_missing", status=404)
            return self.send(200, entry["event"], headers=self.stripe_headers())
        raise StripeError(f"Unrecognized request URL ({method}: {path}). The stand-in models only the Checkout Session "
                          f"routes; see its module docstring.", status=404)

    def create_session(self):
        s = self.standin
        entry = {"at": time.time(), "method": "POST", "path": "/v1/checkout/sessions",
                 "headers": {"Idempotency-Key": self.headers.get("Idempotency-Key"),
                             "Authorization": bool(self.headers.get("Authorization")),
                             "Stripe-Version": self.headers.get("Stripe-Version"),
                             "Content-Type": self.headers.get("Content-Type"),
                             "User-Agent": self.headers.get("User-Agent")},
                 "params": None, "form": None, "status": None, "session": None, "error": None, "replayed": False}
        with s.lock:
            s.requests.append(entry)
        key = self.headers.get("Idempotency-Key")
        status, answer, headers, slot = 500, None, {}, None
        try:
            try:
                self.authorize()
                raw = self.body()
                content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
                if raw and content_type != "application/x-www-form-urlencoded":
                    raise StripeError(f"Stripe's API takes application/x-www-form-urlencoded bodies, not "
                                      f"{content_type or 'a body without Content-Type'}.")
                tree, pairs = parse_form(raw)
                entry["form"] = [[k, v] for k, v in pairs]
                entry["params"] = plain(PARAMETERS, tree)
                if key is not None:
                    if len(key) > 255:
                        raise StripeError("Idempotency keys can be at most 255 characters long.", "Idempotency-Key")
                    fingerprint = json.dumps(tree, sort_keys=True)
                    with s.lock:
                        saved = s.idempotency.get(key)
                        if saved is None:
                            slot = s.idempotency[key] = {"fingerprint": fingerprint, "state": "running", "answer": None}
                    if saved is not None:
                        if saved["fingerprint"] != fingerprint:
                            raise StripeError(f"Keys for idempotent requests can only be used with the same parameters they "
                                              f"were first used with. Try using a key other than '{key}' if you meant to "
                                              f"execute a different request.", type="idempotency_error")
                        if saved["state"] == "running":
                            raise StripeError("There is currently another in-progress request using this Idempotent Key "
                                              "(that probably means you submitted twice, and the other request is still "
                                              "going through). Please try again later.", code="idempotency_key_in_use",
                                              status=409)
                        entry["replayed"] = True
                        status, answer = saved["answer"]
                        headers = {"Idempotent-Replayed": "true"}
                        if "error" not in answer:
                            entry["session"] = answer["id"]
                        else:
                            entry["error"] = answer["error"]
                        raise Replayed()
                with s.lock:
                    plan = s.fail_plan[0] if s.fail_plan else None
                    if plan:
                        plan["count"] -= 1
                        if plan["count"] <= 0:
                            s.fail_plan.pop(0)
                if plan:
                    if plan.get("delay"):
                        time.sleep(float(plan["delay"]))
                    if plan.get("close"):
                        entry["status"] = "closed"
                        self.close_connection = True
                        self.connection.shutdown(2)
                        if slot is not None:
                            with s.lock:
                                s.idempotency.pop(key, None)
                        slot = None
                        raise Replayed()  # nothing to send
                    code = int(plan.get("status", 500))
                    error = injected(code)
                    save = plan.get("save")
                    if save is None:
                        save = code >= 500  # Stripe saves what an endpoint that began executing answered
                    if not save and slot is not None:
                        with s.lock:
                            s.idempotency.pop(key, None)
                        slot = None
                    raise error
                find_unknown(PARAMETERS, tree, "")
                typed = convert(PARAMETERS, tree, "")
                record = s.create_session(typed)
                answer = s.session_answer(record, set(typed.get("expand", [])))
                status = 200
                entry["session"] = answer["id"]
            except Replayed:
                pass
            except StripeError as error:
                status, answer, headers = error.status, error.body(), error.headers
                entry["error"] = answer["error"]
                # Refused before the endpoint began executing: not saved, the key can be used again.
                if slot is not None and error.status < 500 and not getattr(error, "injected", False):
                    with s.lock:
                        s.idempotency.pop(key, None)
                    slot = None
        finally:
            if slot is not None:
                with s.lock:
                    if answer is None:
                        s.idempotency.pop(key, None)
                    else:
                        slot.update({"state": "done", "answer": (status, answer)})
            if entry["status"] is None and answer is not None:
                entry["status"] = status
        if answer is not None:
            self.send(status, answer, headers=self.stripe_headers(headers))

    # -- the hosted page --------------------------------------------------------------------------

    def hosted(self, method, session_id):
        s = self.standin
        with s.lock:
            record = s.sessions.get(session_id)
        if record is None:
            return self.send(404, page("Not found", "<h1>No such checkout session</h1>"), "text/html; charset=utf-8")
        s.expire_if_due(record)
        if method == "GET":
            with s.lock:
                text = payment_page(s, record)
            return self.send(200, text, "text/html; charset=utf-8")
        if method != "POST":
            return self.send(405, page("Method not allowed", "<h1>Method not allowed</h1>"), "text/html; charset=utf-8")
        form = dict(urllib.parse.parse_qsl(self.body().decode("utf-8", "replace"), keep_blank_values=True))
        try:
            shipping = int(form["shipping"]) if form.get("shipping", "").isdigit() else (0 if not record["rates"] else None)
            event = s.complete(record, form.get("email", "").strip(), form.get("country"), shipping, form.get("name"),
                               {k: form.get(k) for k in ("line1", "postal_code", "city")})
        except StripeError as error:
            with s.lock:
                text = payment_page(s, record, error.message, form)
            return self.send(400, text, "text/html; charset=utf-8")
        s.deliverer.attempt(event["id"])
        location = record["session"]["success_url"].replace("{CHECKOUT_SESSION_ID}", session_id)
        self.send(303, page("Paid", f'<p>Paid. <a href="{html.escape(location)}">Continue</a></p>'),
                  "text/html; charset=utf-8", {"Location": location})

    # -- control ----------------------------------------------------------------------------------

    def control(self, method, parts, query):
        s = self.standin
        if method == "POST" and parts == ["fail-next"]:
            plan = self.json_body()
            plan.setdefault("status", 500)
            plan["count"] = int(plan.get("count", 1))
            with s.lock:
                s.fail_plan.append(plan)
            return self.send(200, {"queued": plan})
        if method == "GET" and parts == ["requests"]:
            since = int((query.get("since") or ["0"])[0])
            with s.lock:
                listed = [dict(r, n=i) for i, r in enumerate(s.requests) if i >= since]
            return self.send(200, listed)
        if method == "GET" and parts == ["sessions"]:
            with s.lock:
                listed = [{"id": k, "status": r["session"]["status"], "payment_status": r["session"]["payment_status"],
                           "client_reference_id": r["session"]["client_reference_id"], "events": list(r["events"])}
                          for k, r in s.sessions.items()]
            return self.send(200, listed)
        if len(parts) >= 2 and parts[0] == "sessions":
            record = s.record(parts[1])
            s.expire_if_due(record)
            if method == "GET" and len(parts) == 2:
                return self.send(200, s.session_answer(record))
            if method == "POST" and parts[2:] == ["complete"]:
                options = self.json_body()
                with s.lock:
                    allowed = (record["session"]["shipping_address_collection"] or {}).get("allowed_countries") or ["US"]
                event = s.complete(record, options.get("email", "buyer@example.com"), options.get("country", allowed[0]),
                                   int(options.get("shipping", 0)), options.get("name"), options.get("address"),
                                   options.get("payment_status", "paid"), options.get("amount_total"))
                return self.event_answer(event, options.get("deliver", True))
            if method == "POST" and parts[2:] == ["events"]:
                options = self.json_body()
                event = s.session_event(record, options.get("type"))
                return self.event_answer(event, options.get("deliver", True))
        if len(parts) >= 2 and parts[0] == "events":
            with s.lock:
                entry = s.events.get(parts[1])
            if entry is None:
                raise StripeError(f"No such event: '{parts[1]}'", "id", "resource_missing", status=404)
            if method == "GET" and len(parts) == 2:
                return self.send(200, entry["event"])
            if method == "POST" and parts[2:] == ["resend"]:
                status, text, error = s.deliverer.attempt(parts[1], manual=True)
                return self.send(200, {"status": status, "body": text, "error": error})
        if method == "POST" and parts == ["deliver"]:
            options = self.json_body()
            body = options["body"].encode() if "body" in options else json.dumps(options.get("event", {}), indent=2).encode()
            with s.lock:
                url = options.get("url") or s.config["webhook_url"]
            if not url:
                raise StripeError("No webhook URL: pass \"url\" or configure one.")
            signature = options.get("signature") or s.signature(body, options.get("timestamp"), options.get("secret"))
            headers = {"Content-Type": "application/json; charset=utf-8",
                       "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)"}
            if not options.get("omit_signature"):
                headers["Stripe-Signature"] = signature
            status, text, error = post(url, body, headers, s.config["delivery_timeout"])
            return self.send(200, {"status": status, "body": text, "error": error,
                                   "signature": None if options.get("omit_signature") else signature})
        if method == "GET" and parts == ["deliveries"]:
            session = (query.get("session") or [None])[0]
            kind = (query.get("type") or [None])[0]
            if (query.get("summary") or ["0"])[0] == "1":  # counts only, for polling under load
                with s.lock:
                    entries = [s.events[i] for i in s.event_order if not kind or s.events[i]["event"]["type"] == kind]
                    statuses = {}
                    for entry in entries:
                        for attempt in entry["attempts"]:
                            key = str(attempt["status"]) if attempt["status"] is not None else "error"
                            statuses[key] = statuses.get(key, 0) + 1
                    counts = {"events": len(entries), "acknowledged": sum(1 for e in entries if e["acknowledged"]),
                              "retrying": sum(1 for e in entries if e["retrying"]),
                              "gave_up": sum(1 for e in entries if e["gave_up"]),
                              "undelivered": sum(1 for e in entries if not e["attempts"]), "attempt_statuses": statuses}
                return self.send(200, counts)
            with s.lock:
                listed = []
                for event_id in s.event_order:
                    entry = s.events[event_id]
                    if (session and entry["session"] != session) or (kind and entry["event"]["type"] != kind):
                        continue
                    attempts = entry["attempts"]
                    listed.append({"id": event_id, "type": entry["event"]["type"], "session": entry["session"],
                                   "attempts": list(attempts), "attempt_count": len(attempts),
                                   "last_status": attempts[-1]["status"] if attempts else None,
                                   "acknowledged": entry["acknowledged"], "acknowledged_at": entry["acknowledged_at"],
                                   "retrying": entry["retrying"], "gave_up": entry["gave_up"]})
            return self.send(200, listed)
        if method == "POST" and parts == ["config"]:
            options = self.json_body()
            with s.lock:
                for key, value in options.items():
                    if key not in s.config:
                        raise StripeError(f"Unknown setting {key!r}; known: {', '.join(s.config)}", key)
                    s.config[key] = value
                config = dict(s.config)
            return self.send(200, config)
        if method == "GET" and parts == ["config"]:
            with s.lock:
                return self.send(200, dict(s.config))
        if method == "POST" and parts == ["reset"]:
            s.reset()
            return self.send(200, {"reset": True})
        raise StripeError(f"No stand-in control route {method} /_standin/{'/'.join(parts)}", status=404)

    def event_answer(self, event, deliver):
        delivery = "none"
        if deliver:
            status, _, error = self.standin.deliverer.attempt(event["id"])
            delivery = str(status) if status is not None else "error"
        self.send(200, event, headers={"Standin-Delivery-Status": delivery})


class Replayed(Exception):
    """The answer is ready (a replay) or there is none to send (a dropped connection)."""


def injected(code):
    """The error answer of an injected failure, in Stripe's shape."""
    kinds = {400: ("invalid_request_error", None, "Injected failure (stand-in): the request was refused."),
             401: ("invalid_request_error", None, "Injected failure (stand-in): invalid API key."),
             402: ("card_error", "card_declined", "Injected failure (stand-in): your card was declined."),
             404: ("invalid_request_error", "resource_missing", "Injected failure (stand-in): no such resource."),
             409: ("invalid_request_error", "idempotency_key_in_use", "Injected failure (stand-in): conflict."),
             429: ("invalid_request_error", "rate_limit", "Injected failure (stand-in): too many requests hit the API too quickly.")}
    kind, code_name, message = kinds.get(code, ("api_error", None, "Injected failure (stand-in): an error occurred with our "
                                                 "connection to Stripe. Request was retried 0 times."))
    if code < 500 and code not in kinds:
        kind, message = "invalid_request_error", "Injected failure (stand-in)."
    error = StripeError(message, None, code_name, status=code, type=kind)
    error.injected = True
    return error


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--webhook-url")
    parser.add_argument("--webhook-secret")
    parser.add_argument("--clock", help="start the stand-in's clock (created, expires_at, signature timestamps) at this "
                                        "ISO 8601 moment; it runs on from there. Default: now")
    parser.add_argument("--fixtures", default=DEFAULT_FIXTURES, help="Stripe's fixtures3.json (stripe/openapi)")
    parser.add_argument("--verbose", action="store_true", help="log every request to standard error")
    args = parser.parse_args()
    try:
        with open(args.fixtures, encoding="utf-8") as file:
            resources = json.load(file)["resources"]
    except (OSError, ValueError, KeyError) as error:
        sys.exit(f"stripe_standin: cannot read Stripe's fixtures at {args.fixtures}: {error} (set --fixtures or STRIPE_FIXTURES)")
    fixtures = {name: resources[name] for name in ("checkout.session", "event", "shipping_rate", "item")}
    clock = None
    if args.clock:
        moment = datetime.datetime.fromisoformat(args.clock.replace("Z", "+00:00"))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=datetime.timezone.utc)
        clock = moment.timestamp()
    standin = StandIn(fixtures, clock, args.webhook_url, args.webhook_secret)
    Handler.standin, Handler.verbose = standin, args.verbose
    server = Server((args.host, args.port), Handler)
    host, port = server.server_address[:2]
    standin.base_url = f"http://{host}:{port}/"
    print(f"listening on http://{host}:{port}", flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
