#!/usr/bin/env python3
"""End-to-end checks of collecting reviews from buyers, against the real `vitrine checkout` with
Stripe played by the local stand-in (scripts/e2e/stripe_standin.py).

usage: review_check.py --bin VITRINE --content DIR --templates DIR --work DIR --orders FILE
                       --service URL --standin URL

The stand-in and the service are already running (scripts/e2e-payment.sh starts them), with
VITRINE_CHECKOUT_SECRET in this process's environment. One `PASS name` or `FAIL name: reason`
line each; exit 1 if any failed:
- a paid order's JSON lists a review link per line; the link serves the form; a sent review is
  kept as pending in SQLite with `<script>` and other markup stripped; sending again replaces it;
- an altered link → 404, a link made by `vitrine reviews links` with a past expiry → 410, a body
  over 64 KiB → 413, bad values → 422 with the form again, a flood → 429 with Retry-After;
- the editor (`serve --edit --orders`) approves it: one line in Content/reviews/, which
  `vitrine check` accepts; the form then answers 409;
- no answer of the service is a 5xx.
"""
import argparse, json, os, re, subprocess, sys, time, urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loopback import Checks, request, stop  # noqa: E402
import loopback  # noqa: E402

parser = argparse.ArgumentParser()
for name in ("--bin", "--content", "--templates", "--work", "--orders", "--service", "--standin"):
    parser.add_argument(name, required=True)
args = parser.parse_args()
SERVICE, STANDIN = (u.rstrip("/") + "/" for u in (args.service, args.standin))
FORM = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"}
statuses = []  # every answer of the service: (method, path, status)
children = []


check = Checks()


def service(method, path, body=None, headers=None):
    status, answer_headers, data = request(method, SERVICE + path.lstrip("/"), body, headers)
    statuses.append((method, path[:60], status))
    return status, answer_headers, data.decode("utf-8", "replace")


def send(path, fields, raw=None):
    body = raw if raw is not None else urllib.parse.urlencode(fields).encode()
    return service("POST", path, body, FORM)


def path_of(url):
    """A link's path on the service, whatever host it names."""
    return urllib.parse.urlsplit(url).path


def paid_order():
    """A cart of two lines, paid through the stand-in: the order's session id."""
    status, headers, _ = service("GET", "cart/ORG-CIMK-100:1,EST-ANR-50:1")
    location = headers.get("location", "")
    if status != 303 or not location.startswith("../checkout/"):
        raise RuntimeError(f"cart: {status} {location!r}")
    token = location[len("../checkout/"):]
    status, headers, body = service("POST", f"checkout/{token}/pay", b"", FORM)
    match = re.search(r"/pay/(cs_test_[A-Za-z0-9]+)$", headers.get("location", ""))
    if status != 303 or not match:
        raise RuntimeError(f"pay: {status} {headers.get('location')!r} {body[:300]}")
    session = match.group(1)
    status, _, data = request("POST", STANDIN + f"_standin/sessions/{session}/complete",
                              {"country": "US", "email": "reviewer@example.com", "shipping": 0})
    if status != 200:
        raise RuntimeError(f"stand-in complete: {status} {data[:300]!r}")
    return session


def order_json(session):
    status, _, body = service("GET", f"api/orders/{session}")
    return json.loads(body) if status == 200 else {}


def links_from_cli(order, extra):
    run = subprocess.run([args.bin, "reviews", "links", "--orders", args.orders, "--public-url", SERVICE, "--format", "json",
                          *extra], capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise RuntimeError(f"vitrine reviews links: {run.returncode} {run.stderr[-500:]}")
    return [link for link in json.loads(run.stdout) if link["order"] == order]


def good(**changes):
    fields = {"rating": "5", "title": "Calm skin", "body": "Gentle and it works.\n\nWould buy again.", "author": "Rae K.",
              "language": "en"}
    fields.update(changes)
    return fields


def collect():
    session = paid_order()
    order = loopback.wait_until(lambda: (lambda found: found if found.get("status") == "paid" else None)(order_json(session)), timeout=15)
    if not check("a paid order through the stand-in", order, order):
        return None
    links = order.get("reviewLinks", [])
    check("api/orders: a review link per line, with sku and name",
          [l.get("sku") for l in links] == [l["sku"] for l in order["lines"]] and all(l.get("name") and l.get("url") for l in links),
          links)
    check("api/orders: the links point at the service's reviews/", all(l["url"].startswith(SERVICE + "reviews/") for l in links), links)
    first, second = path_of(links[0]["url"]), path_of(links[1]["url"])
    number = order["number"]

    status, headers, page = service("GET", first)
    check("form: 200 HTML with the product's name", status == 200 and headers.get("content-type", "").startswith("text/html")
          and links[0]["name"] in page, (status, page[:300]))
    check("form: a rating fieldset of five radio buttons, title, body, name, language",
          '<fieldset id="rating"' in page and page.count('type="radio" name="rating"') == 5
          and all(f'name="{n}"' in page for n in ("title", "body", "author", "language")), page[:500])
    policy = headers.get("content-security-policy", "")
    check("form: no script allowed, forms post to the service only", "default-src 'none'" in policy and "form-action 'self'" in policy
          and "<script" not in page, policy)

    status, _, page = send(first, good(title="<script>alert('t')</script>Calm skin",
                                       body="<script>alert(1)</script>Gentle <b>and</b> it works."))
    check("submit: 200 thank-you page", status == 200 and 'id="review-sent"' in page, (status, page[:300]))
    kept = loopback.rows(args.orders, "SELECT * FROM review_submissions WHERE order_number = ? AND line = 0", number)
    check("submit: kept as pending in the orders file", len(kept) == 1 and kept[0]["status"] == "pending" and kept[0]["rating"] == 5, kept)
    check("submit: <script> and other markup stripped, text kept",
          kept and "<" not in kept[0]["body"] + kept[0]["title"] and kept[0]["body"] == "alert(1)Gentle and it works."
          and kept[0]["title"] == "alert('t')Calm skin", kept)
    status, _, page = send(first, good(rating="4"))
    kept = loopback.rows(args.orders, "SELECT * FROM review_submissions WHERE order_number = ? AND line = 0", number)
    check("submit again: replaces the pending review (one row, revision 2)",
          status == 200 and len(kept) == 1 and kept[0]["rating"] == 4 and kept[0]["revision"] == 2, kept)

    token = first.rsplit("/", 1)[1]
    altered = token[:-3] + ("A" if token[-3] != "A" else "B") + token[-2:]
    status, _, page = service("GET", "reviews/" + altered)
    check("altered link: GET 404 page", status == 404 and 'data-code="review_link_invalid"' in page, status)
    status, _, _ = send("reviews/" + altered, good())
    check("altered link: POST 404", status == 404, status)
    status, _, _ = service("GET", "reviews/" + token.split(".")[0])
    check("link cut short: 404", status == 404, status)

    made = links_from_cli(number, [])
    status, _, _ = service("GET", path_of(made[1]["url"]))
    check("vitrine reviews links: its link opens the same line's form", len(made) == 2 and status == 200, (made, status))
    expired = links_from_cli(number, ["--clock", "2020-01-01T00:00:00Z", "--review-link-days", "1"])
    status, _, page = service("GET", path_of(expired[0]["url"]))
    check("expired link (made by the CLI with a past clock): 410 saying when", status == 410
          and 'data-code="review_link_expired"' in page and "2020-01-02T00:00:00Z" in page, (status, page[:300]))
    status, _, _ = send(path_of(expired[0]["url"]), good())
    check("expired link: POST 410", status == 410, status)

    huge = urllib.parse.urlencode(good(body="x" * (70 * 1024))).encode()
    status, _, page = send(second, None, raw=huge)
    check("huge body (70 KiB): 413 page", status == 413 and 'data-code="body_too_large"' in page, status)
    status, _, page = send(second, good(rating="9", author="", body="<p></p>"))
    check("bad values: 422 with the form and each problem", status == 422 and 'id="error-summary"' in page
          and all(f'id="{f}-error"' in page for f in ("rating", "body", "author")), (status, page[:300]))
    check("nothing kept for refused sendings", not loopback.rows(args.orders, "SELECT * FROM review_submissions WHERE order_number = ? AND line = 1", number))
    return number, first, second


def flood(second):
    answers = []
    for _ in range(15):
        status, headers, _ = send(second, good(rating="3"))
        answers.append((status, headers.get("retry-after")))
    limited = [a for a in answers if a[0] == 429]
    check("flood: 15 sendings in a row → 429 once the line's allowance is used", limited and answers[0][0] == 200
          and all(a[0] in (200, 429) for a in answers), answers)
    check("flood: 429 says when to retry (Retry-After)", limited and all(a[1] and a[1].isdigit() and 1 <= int(a[1]) <= 60 for a in limited),
          limited)


def approve(number):
    log = open(os.path.join(args.work, "review-editor.log"), "w")
    output = os.path.join(args.work, "ReviewEditorOutput")
    process = subprocess.Popen([args.bin, "serve", "--edit", "--content", args.content, "--templates", args.templates,
                                "--output", output, "--port", "0", "--orders", args.orders],
                               stdout=subprocess.PIPE, stderr=log, text=True)
    children.append(process)
    serving = process.stdout.readline()
    if not check("editor: serve --edit --orders starts", " at " in serving and process.poll() is None, serving):
        return
    base = serving.split(" at ")[1].split(" ")[0].strip().rstrip("/")
    parts = urllib.parse.urlsplit(base)
    status, headers, body = request("GET", base + "/_vitrine/edit/reviews/")
    page = body.decode()
    review_id = f"o{number}-0"
    check("editor: the pending review is listed", status == 200 and f'id="{review_id}"' in page and "4 out of 5 stars" in page, status)
    cookie = headers.get("set-cookie", "").split(";")[0]
    csrf = re.search(r'name="_csrf" value="([0-9a-f]+)"', page)
    form = re.search(rf'action="/_vitrine/edit/reviews/{review_id}">.*?name="revision" value="(\d+)"', page, re.S)
    if not check("editor: the review's form has its token and revision", cookie and csrf and form, (cookie, page[:300])):
        return
    reviews = os.path.join(args.content, "reviews")
    before = {n: open(os.path.join(reviews, n), "rb").read() for n in os.listdir(reviews)} if os.path.isdir(reviews) else {}
    fields = {"_csrf": csrf.group(1), "revision": form.group(1), "response": "Thank you, Rae!", "action": "approve"}
    status, headers, _ = request("POST", base + f"/_vitrine/edit/reviews/{review_id}", urllib.parse.urlencode(fields).encode(),
                                 {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
                                  "Origin": f"{parts.scheme}://{parts.netloc}"})
    check("editor: approve → 303 back to the list", status == 303 and "done=approved" in headers.get("location", ""), (status, headers))
    after = {n: open(os.path.join(reviews, n), "rb").read() for n in os.listdir(reviews)}
    changed = [n for n in after if after[n] != before.get(n)]
    added = []
    for name in changed:
        old = before.get(name, b"")
        added += [line for line in after[name][len(old):].decode().splitlines() if line.strip()]
        check(f"editor: {name} keeps its earlier bytes", after[name].startswith(old))
    check("editor: exactly one line appended to Content/reviews/", len(changed) == 1 and len(added) == 1, (changed, added))
    line = json.loads(added[0]) if len(added) == 1 else {}
    check("editor: the line is the review, verified, with the response",
          line.get("id") == review_id and line.get("rating") == 4 and line.get("verified") is True
          and line.get("response", {}).get("body") == "Thank you, Rae!" and line.get("product") and list(line) == sorted(line), line)
    run = subprocess.run([args.bin, "check", "--content", args.content, "--templates", args.templates], capture_output=True, text=True,
                         timeout=120)
    check("vitrine check accepts the content with the approved review", run.returncode == 0, run.stderr[-800:])
    kept = loopback.rows(args.orders, "SELECT status, response FROM review_submissions WHERE order_number = ? AND line = 0", number)
    check("editor: marked approved in the orders file", kept == [{"status": "approved", "response": "Thank you, Rae!"}], kept)
    stop(process)


def main():
    started = time.monotonic()
    collected = None
    try:
        collected = collect()
    except Exception as error:  # a broken step is a failure, and the others still run
        check("review form checks ran to the end", False, repr(error))
    if collected:
        number, first, second = collected
        for name, step in (("editor", lambda: approve(number)), ("flood", lambda: flood(second))):
            try:
                step()
            except Exception as error:
                check(f"{name} checks ran to the end", False, repr(error))
        status, _, page = service("GET", first)
        check("after approval: the form answers 409", status == 409 and 'data-code="review_decided"' in page, status)
        status, _, _ = send(first, good())
        check("after approval: another sending is 409", status == 409, status)
    server_errors = [s for s in statuses if s[2] >= 500]
    check(f"no 5xx in {len(statuses)} answers of the service", statuses and not server_errors, server_errors)
    for process in children:
        if process.poll() is None:
            process.kill()
    print(f"TIME reviews: {time.monotonic() - started:.1f} s", flush=True)
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
