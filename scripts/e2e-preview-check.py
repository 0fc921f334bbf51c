#!/usr/bin/env python3
"""Drives the real `vitrine` binary; called by scripts/e2e-preview.sh.

    e2e-preview-check.py VITRINE WORK_DIR      (WORK_DIR holds a copy of Content/ and Templates/)

1. `build --incremental`: the second run is up to date; after an edit, an added and a deleted
   product, the output equals a full build's (compared file by file here, not by Vitrine).
2. `serve` on a free loopback port: pages with the live-reload script and the right types, the
   404 page, traversal attempts sent byte for byte (`..`, `%2e%2e`, encoded slashes) refused with
   400 or 404, the event stream, an edit showing up, a broken edit keeping the last good page and
   reaching an open event stream as `failed`, the fix, and a clean exit on SIGINT.
Prints one line per check and "preview: N passed, M failed"; exits 1 on any failure.
"""
import glob
import filecmp
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

# The checks read the build's summary line, which `vitrine build` leaves out when CI is set.
os.environ.pop("CI", None)

vitrine, work = sys.argv[1], sys.argv[2]
content, templates = os.path.join(work, "Content"), os.path.join(work, "Templates")
clock = "2026-12-01T12:00:00Z"
passed, failed = 0, 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {what}")
    else:
        failed += 1
        print(f"FAIL  {what}")


def run(*args):
    return subprocess.run([vitrine, *args], capture_output=True, text=True)


def build(output, incremental):
    args = ["build", "--content", content, "--templates", templates, "--output", output, "--clock", clock]
    return run(*args, *(["--incremental"] if incremental else []))


def same_tree(a, b):
    def walk(root):
        found = {}
        for folder, dirs, files in os.walk(root):
            rel = os.path.relpath(folder, root)
            found[rel + "/"] = None
            for name in files:
                found[os.path.normpath(os.path.join(rel, name))] = os.path.join(folder, name)
        return found
    left, right = walk(a), walk(b)
    if left.keys() != right.keys():
        return sorted(set(left) ^ set(right))[:5]
    return [k for k, path in left.items() if path and not filecmp.cmp(path, right[k], shallow=False)][:5]


def edit(relative, old, new):
    path = os.path.join(work, relative)
    text = open(path, encoding="utf-8").read()
    assert old in text, f"{relative} lacks {old!r}"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new))


ginzing = "Content/products/origins/ginzing-eye-cream.md"

# 1. Incremental builds.
incr, full = os.path.join(work, "Incremental"), os.path.join(work, "Full")
first = build(incr, True)
check(first.returncode == 0, "build --incremental (first, no record yet) succeeds")
second = build(incr, True)
check(second.returncode == 0 and "Up to date" in second.stdout, f"a second build --incremental is up to date: {second.stdout.strip()}")
edit(ginzing, "price: 32.00", "price: 30.50")
with open(os.path.join(content, "products/origins/e2e-new.md"), "w") as f:
    f.write("---\nsku: E2E-1\nname: \"E2E New\"\nbrand: origins\nprice: 5.00\n---\nNew.\n")
# A product no review names: deleting a reviewed one is an error in each review naming it. Its
# translations go with it, as a translation of no record is an error too.
for name in glob.glob(os.path.join(content, "products/origins/checks-and-balances-face-wash.*")):
    os.remove(name)
third = build(incr, True)
rendered = re.search(r"rendered ([\d,]+)", third.stdout)
files = re.search(r"\(([\d,]+) files\)", third.stdout)
# Adding and deleting products renders every product page again (each lists related products
# chosen from the product list), but not the rest: pages of other kinds, feeds, API documents. In
# a shop with markets the other storefronts are planned as wholes (their catalogs are made from
# the whole content), so there the bound is only that some of the site is reused.
with open(os.path.join(content, "site.json"), encoding="utf-8") as f:
    storefronts = bool(json.load(f).get("markets"))
check(third.returncode == 0 and rendered and files
      and int(rendered.group(1).replace(",", "")) < int(files.group(1).replace(",", "")) // (1 if storefronts else 2),
      f"after an edit, an addition and a deletion only part of the site is rendered: {third.stdout.strip()}")
check(build(full, False).returncode == 0, "a full build of the same content succeeds")
differences = same_tree(full, incr)
check(differences == [], f"the incremental output equals the full build's {differences}")

# 2. The preview server.
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
serve_out = os.path.join(work, "Serve")
log = open(os.path.join(work, "serve.log"), "w")
server = subprocess.Popen(
    [vitrine, "serve", "--content", content, "--templates", templates, "--output", serve_out,
     "--port", str(port), "--clock", clock], stdout=subprocess.PIPE, stderr=log, text=True)
line = server.stdout.readline()
check(f"http://127.0.0.1:{port}/" in line, f"serve announces its loopback address: {line.strip()}")


def raw_get(path, method="GET"):
    """Sends the path exactly as given (no client-side normalisation of .. or %2e)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, v in (l.split(":", 1) for l in lines[1:] if ":" in l)}
    return status, headers, body.decode("utf-8", "replace")


status, headers, body = raw_get("/products/ginzing-eye-cream/")
check(status == 200 and headers.get("content-type") == "text/html; charset=utf-8", f"a product page: {status} {headers.get('content-type')}")
check("/_vitrine/events" in body and "30.50" in body, "it carries the live-reload script and the current price")
check("vitrine-live-reload" not in open(os.path.join(serve_out, "products/ginzing-eye-cream/index.html")).read(),
      "the built file itself has no script")
status, headers, _ = raw_get("/style.css")
check(status == 200 and headers.get("content-type", "").startswith("text/css"), f"the stylesheet: {status} {headers.get('content-type')}")
status, _, body = raw_get("/no/such/page/")
check(status == 404 and "Page not found" in body, f"an unknown path gets the 404 page: {status}")
for attempt in ["/../Content/site.json", "/products/../../Content/site.json", "/%2e%2e/Content/site.json",
                "/%2E%2E%2FContent%2Fsite.json", "/products/..%2f..%2fContent/site.json", "/..%5c..%5cContent/site.json"]:
    status, _, body = raw_get(attempt)
    check(status in (400, 404) and "baseURL" not in body, f"traversal {attempt} is refused: {status}")
status, _, _ = raw_get("/index.html", method="DELETE")
check(status == 405, f"other methods get 405: {status}")

events = []
def listen():
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/_vitrine/events")
        response = connection.getresponse()
        events.append(("status", response.status, response.getheader("content-type")))
        while line := response.readline():
            if line.startswith(b"event: "):
                events.append(("event", line[7:].strip().decode()))
    except Exception as error:  # the server closing the stream on shutdown ends this
        events.append(("closed", str(error)))
listener = threading.Thread(target=listen, daemon=True)
listener.start()
time.sleep(0.5)


def wait_for(path, text, present=True, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        _, _, body = raw_get(path)
        if (text in body) == present:
            return True
        time.sleep(0.05)
    return False


edit(ginzing, "price: 30.50", "price: 28.75")
check(wait_for("/products/ginzing-eye-cream/", "28.75"), "a saved edit shows up in the served page")
edit(ginzing, "brand: origins", "brand: no-such-brand")
time.sleep(2)
_, _, body = raw_get("/products/ginzing-eye-cream/")
check("28.75" in body, "a broken edit keeps the last good page")
deadline = time.time() + 20
while time.time() < deadline and ("event", "failed") not in events:
    time.sleep(0.05)
check(("event", "failed") in events, "open pages are told the build failed")
edit(ginzing, "brand: no-such-brand", "brand: origins")
edit(ginzing, "price: 28.75", "price: 27.00")
check(wait_for("/products/ginzing-eye-cream/", "27.00"), "the fix is served")
check(events[:2] == [("status", 200, "text/event-stream; charset=utf-8"), ("event", "hello")] and ("event", "reload") in events,
      f"the event stream: {events[:6]}")

started = time.time()
server.send_signal(signal.SIGINT)
try:
    code = server.wait(timeout=20)
except subprocess.TimeoutExpired:
    server.kill()
    code = None
check(code == 0, f"SIGINT stops the server cleanly with an open event stream (exit {code}, {time.time() - started:.1f} s)")
log.close()
check("no-such-brand" in open(log.name).read(), "the broken edit's diagnostic was printed")
check(os.path.exists(os.path.join(work, ".Serve.vitrine-cache", "state")), "stopping saves the build record beside the output")

print(f"preview: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
