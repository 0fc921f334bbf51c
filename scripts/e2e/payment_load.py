#!/usr/bin/env python3
"""Load and crash test of payments on loopback: `vitrine checkout` with the Stripe stand-in
(scripts/e2e/stripe_standin.py, a test double, not Stripe).

usage: payment_load.py --bin VITRINE --content DIR --work DIR [--clock ISO] [--count 1000]

Starts its own stand-in and service (a fresh orders file in WORK), then:
1. 1,000 concurrent checkouts (GET cart → POST pay → a Checkout Session), each cart different;
   the stand-in completes every session and delivers `checkout.session.completed` (retrying
   what fails). No 5xx from the service; every session has exactly one order row, paid.
2. A second wave of 1,000 checkouts, then their completions; once about a third of the webhooks
   have been acknowledged the service is killed (SIGKILL) and restarted on the same port and
   orders file while the stand-in's retries go on. Every event the service acknowledged before
   the kill is applied in SQLite; in the end every session of both waves is paid, exactly once.
Prints `PASS name` / `FAIL name: reason` per check and `TIME phase: seconds`; exits 1 on a failure.
The service's environment (VITRINE_CHECKOUT_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) is
taken from this process's, with test values where unset.
"""
import argparse, collections, http.client, json, os, secrets, signal, socket, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import loopback  # noqa: E402
from loopback import Checks, free_port, wait_until  # noqa: E402
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("--bin", required=True)
parser.add_argument("--content", required=True)
parser.add_argument("--work", required=True)
parser.add_argument("--clock", default="2026-12-01T12:00:00Z")
parser.add_argument("--count", type=int, default=1000)
parser.add_argument("--kill-after", type=float, default=0.3, help="fraction of the second wave acknowledged before the kill")
args = parser.parse_args()
HERE = os.path.dirname(os.path.abspath(__file__))
ORDERS = os.path.join(args.work, "load-orders.sqlite")
ENV = dict(os.environ)
ENV.setdefault("VITRINE_CHECKOUT_SECRET", secrets.token_urlsafe(48))
ENV.setdefault("STRIPE_SECRET_KEY", "sk_test_load")
ENV.setdefault("STRIPE_WEBHOOK_SECRET", "whsec_load")
threading.stack_size(512 * 1024)
processes = []


check = Checks()


def timing(name, seconds):
    print(f"TIME {name}: {seconds:.1f} s", flush=True)


def request(method, url, body=None, headers=None, timeout=60):
    """Under load an answer may take longer than a single check allows."""
    return loopback.request(method, url, body, headers, timeout)



def together(count, work):
    """Runs work(i) for i < count in `count` threads released at once; returns the results in order."""
    results = [None] * count
    barrier = threading.Barrier(count)

    def run(i):
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass
        try:
            results[i] = work(i)
        except Exception as error:
            results[i] = ("exception", repr(error))
    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


# ------------------------------------------------------------------------------------------------
# The stand-in and the service

standin_process = subprocess.Popen([sys.executable, os.path.join(HERE, "stripe_standin.py"), "--port", "0"],
                                   stdout=subprocess.PIPE, stderr=open(os.path.join(args.work, "load-standin.log"), "w"), text=True)
processes.append(standin_process)
STANDIN = standin_process.stdout.readline().strip().replace("listening on ", "") + "/"
PORT = free_port()
SERVICE = f"http://127.0.0.1:{PORT}/"
request("POST", STANDIN + "_standin/config", {"webhook_url": SERVICE + "webhooks/stripe",
                                              "webhook_secret": ENV["STRIPE_WEBHOOK_SECRET"]})
service_runs = 0


def start_service():
    global service_runs
    service_runs += 1
    for attempt in range(50):
        log = open(os.path.join(args.work, f"load-service-{service_runs}.log"), "a")
        process = subprocess.Popen(
            [args.bin, "checkout", "--content", args.content, "--host", "127.0.0.1", "--port", str(PORT), "--clock", args.clock,
             "--orders", ORDERS], stdout=log, stderr=log, env=dict(ENV, STRIPE_API_BASE=STANDIN.rstrip("/")))
        processes.append(process)

        def up():
            if process.poll() is not None:
                return "exited"
            try:
                return request("GET", SERVICE + "healthz", timeout=2)[0] == 200
            except OSError:
                return False
        state = wait_until(up, timeout=60, interval=0.05)
        if state is True:
            return process
        if state == "exited":  # the port may still be held a moment after a kill
            time.sleep(0.2)
            continue
        break
    raise RuntimeError("the service did not start; see " + os.path.join(args.work, f"load-service-{service_runs}.log"))


def rows(sql, *parameters):
    return loopback.rows(ORDERS, sql, *parameters, timeout=30)


def deliveries_summary():
    return json.loads(request("GET", STANDIN + "_standin/deliveries?summary=1")[2])


def deliveries():
    return json.loads(request("GET", STANDIN + "_standin/deliveries?type=checkout.session.completed")[2])


# ------------------------------------------------------------------------------------------------
# Waves

def checkouts(wave):
    """`args.count` concurrent checkouts, each with its own cart; returns [(session id, problems)]."""
    offset = 1 if wave == 1 else 12

    def one(i):
        cart = f"ORG-CIMK-100:{1 + i % 99},EST-ANR-50:{offset + i // 99}"
        started = time.monotonic()
        status, headers, body = request("GET", SERVICE + "cart/" + cart)
        if status != 303:
            return None, [("cart", status, body[:200])], time.monotonic() - started
        token = headers["location"].rsplit("/", 1)[1]
        status, headers, body = request("POST", SERVICE + f"checkout/{token}/pay", b"",
                                        {"Content-Type": "application/x-www-form-urlencoded"})
        location = headers.get("location", "")
        if status != 303 or not location.startswith(STANDIN + "pay/cs_test_"):
            return None, [("pay", status, body[:200])], time.monotonic() - started
        return location.rsplit("/", 1)[1], [], time.monotonic() - started
    started = time.monotonic()
    results = together(args.count, one)
    elapsed = time.monotonic() - started
    timing(f"wave {wave}: {args.count} concurrent checkouts (cart → pay → session)", elapsed)
    problems = [r for r in results if not isinstance(r, tuple) or r[0] == "exception" or r[1]]
    latencies = sorted(r[2] for r in results if isinstance(r, tuple) and len(r) == 3 and r[0] != "exception")
    if latencies:
        print(f"INFO wave {wave}: checkout latency median {latencies[len(latencies) // 2]:.2f} s, "
              f"p99 {latencies[int(len(latencies) * 0.99) - 1]:.2f} s", flush=True)
    server_errors = [p for p in problems if isinstance(p, tuple) and p[1] and any(isinstance(x, tuple) and x[1] >= 500 for x in p[1])]
    check(f"wave {wave}: every checkout got a session (303 → the hosted page)", not problems,
          f"{len(problems)} failed, e.g. {problems[:3]}")
    check(f"wave {wave}: no 5xx from the service during checkout", not server_errors, server_errors[:3])
    sessions = [r[0] for r in results if isinstance(r, tuple) and r[0] not in (None, "exception")]
    check(f"wave {wave}: {args.count} distinct sessions", len(set(sessions)) == args.count, len(set(sessions)))
    return sessions


def complete_all(sessions, on_acknowledged=None):
    """The stand-in completes every session at once and delivers its event; returns {session: event}."""
    acknowledged = [0]
    lock = threading.Lock()

    def one(i):
        status, headers, body = request("POST", STANDIN + f"_standin/sessions/{sessions[i]}/complete",
                                        {"country": "US", "email": f"load{i}@example.com", "shipping": 0, "deliver": True},
                                        timeout=120)
        if status != 200:
            return ("error", status, body[:200])
        delivered = headers.get("standin-delivery-status", "")
        if delivered.startswith("2"):
            with lock:
                acknowledged[0] += 1
                count = acknowledged[0]
            if on_acknowledged:
                on_acknowledged(count)
        return json.loads(body)
    results = together(len(sessions), one)
    bad = [r for r in results if not isinstance(r, dict)]
    check(f"the stand-in completed every session ({len(sessions)})", not bad, bad[:3])
    return {r["data"]["object"]["id"]: r for r in results if isinstance(r, dict)}


def wait_for_deliveries(expected, timeout):
    def settled():
        summary = deliveries_summary()
        return summary if summary["acknowledged"] + summary["gave_up"] >= expected and summary["retrying"] == 0 else None
    return wait_until(settled, timeout=timeout, interval=0.5) or deliveries_summary()


def verify_paid(sessions, events, label):
    """Every session exactly one order, paid with its event's amount, nothing flagged, each event once."""
    by_session = collections.defaultdict(list)
    for row in rows("SELECT session_id, status, amount_paid, review_reason FROM orders"):
        by_session[row["session_id"]].append(row)
    wrong = []
    for session in sessions:
        found = by_session.get(session, [])
        event = events.get(session)
        if len(found) != 1 or found[0]["status"] != "paid" or (event and found[0]["amount_paid"] != event["data"]["object"]["amount_total"]):
            wrong.append((session[:20], [(r["status"], r["amount_paid"]) for r in found]))
    check(f"{label}: every session has exactly one order, paid with the amount Stripe reported", not wrong,
          f"{len(wrong)} wrong, e.g. {wrong[:3]}")
    flagged = [r for rs in by_session.values() for r in rs if r["review_reason"]]
    check(f"{label}: no order flagged for review", not flagged, flagged[:3])
    known = set(sessions)
    strangers = [s for s in by_session if s not in known]
    check(f"{label}: no order for a session nobody checked out", not strangers, strangers[:3])
    seen = collections.Counter(r["session_id"] for r in rows("SELECT session_id FROM stripe_events WHERE type = 'checkout.session.completed'"))
    twice = [s for s, n in seen.items() if n != 1]
    check(f"{label}: each session's completed event recorded once", not twice and all(seen.get(s) == 1 for s in sessions),
          f"{len(twice)} more than once; {sum(1 for s in sessions if s not in seen)} missing")


def main():
    started = time.monotonic()
    service = start_service()
    # Wave 1: load.
    sessions1 = checkouts(1)
    rows_open = rows("SELECT COUNT(*) AS n FROM orders WHERE status = 'open'")[0]["n"]
    check("wave 1: one open order per session before payment", rows_open == len(sessions1), rows_open)
    phase = time.monotonic()
    events1 = complete_all(sessions1)
    summary = wait_for_deliveries(len(events1), timeout=90)
    timing(f"wave 1: {len(events1)} completions and webhooks, all acknowledged", time.monotonic() - phase)
    statuses = summary["attempt_statuses"]
    check("wave 1: every webhook acknowledged", summary["acknowledged"] == len(events1) and summary["gave_up"] == 0, summary)
    check("wave 1: no 5xx (nor connection error) from the webhook endpoint",
          not any(k == "error" or int(k) >= 500 for k in statuses), statuses)
    if set(statuses) - {"200"}:
        print(f"INFO wave 1: delivery attempts by status {statuses}", flush=True)
    verify_paid(sessions1, events1, "wave 1")

    # Wave 2: the crash.
    sessions2 = checkouts(2)
    kill = {"at": None}
    threshold = max(1, int(len(sessions2) * args.kill_after))
    kill_lock = threading.Lock()

    def maybe_kill(count):
        if count < threshold:
            return
        with kill_lock:
            if kill["at"] is not None:
                return
            kill["at"] = time.time()
            os.kill(service.pid, signal.SIGKILL)
    phase = time.monotonic()
    restarted = {}

    def restart_when_killed():
        while kill["at"] is None and time.monotonic() - phase < 120:
            time.sleep(0.01)
        if kill["at"] is None:
            return
        service.wait()
        t = time.monotonic()
        restarted["process"] = start_service()
        restarted["seconds"] = time.monotonic() - t
    restarter = threading.Thread(target=restart_when_killed, daemon=True)
    restarter.start()
    events2 = complete_all(sessions2, on_acknowledged=maybe_kill)
    restarter.join(timeout=120)
    if not check("wave 2: the service was killed (SIGKILL) mid-wave and restarted", kill["at"] and "process" in restarted,
                 (kill, restarted)):
        return
    timing("restart after kill -9 (until /healthz answers)", restarted["seconds"])
    summary = wait_for_deliveries(len(sessions1) + len(events2), timeout=120)
    timing(f"wave 2: {len(events2)} completions, kill, restart and retries until all acknowledged", time.monotonic() - phase)
    check("wave 2: every webhook acknowledged in the end (the stand-in's retries)",
          summary["acknowledged"] == len(sessions1) + len(events2) and summary["gave_up"] == 0, summary)
    listed = {d["session"]: d for d in deliveries()}
    before_kill = [d for d in listed.values() if d["session"] in events2
                   and any(a["status"] and 200 <= a["status"] < 300 and a["answered_at"] < kill["at"] for a in d["attempts"])]
    acknowledged_before = {d["id"] for d in before_kill}
    after_kill = [d for d in listed.values() if d["session"] in events2 and d["id"] not in acknowledged_before]
    retried = [d for d in after_kill if d["attempt_count"] > 1]
    print(f"INFO wave 2: {len(before_kill)} events acknowledged before the kill, {len(after_kill)} after "
          f"({len(retried)} needed retries); delivery attempts by status {summary['attempt_statuses']}", flush=True)
    check("wave 2: the kill came mid-wave (some acknowledged before it, some after)", before_kill and after_kill,
          (len(before_kill), len(after_kill)))
    recorded = {r["event_id"] for r in rows("SELECT event_id FROM stripe_events")}
    lost = [d["id"] for d in before_kill if d["id"] not in recorded]
    check(f"wave 2: every event acknowledged before the kill is applied ({len(before_kill)})", not lost,
          f"{len(lost)} acknowledged but not in stripe_events, e.g. {lost[:3]}")
    paid_before = {r["session_id"] for r in rows("SELECT session_id FROM orders WHERE status = 'paid'")}
    unpaid = [d["session"] for d in before_kill if d["session"] not in paid_before]
    check("wave 2: and its order is paid", not unpaid, unpaid[:3])
    server_errors = {k: v for k, v in summary["attempt_statuses"].items() if k != "error" and int(k) >= 500}
    check("wave 2: no 5xx from the webhook endpoint (connection errors while it was down are expected)", not server_errors,
          server_errors)
    verify_paid(sessions1 + sessions2, {**events1, **events2}, "both waves, after the crash")
    timing("load test", time.monotonic() - started)


if __name__ == "__main__":
    try:
        main()
    except Exception as error:
        import traceback
        traceback.print_exc()
        check("load test ran to the end", False, repr(error))
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    sys.exit(1 if check.failures else 0)
