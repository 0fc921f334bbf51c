#!/usr/bin/env python3
"""How long the editor takes on a large catalog: its pages and a validated save.

usage: scripts/bench-editor.py VITRINE CONTENT_DIR [--runs 7] [--slug p-000001]

Copies CONTENT_DIR to a temporary folder in /dev/shm, starts `VITRINE serve --edit` on a free
loopback port (templates from this repository), then times, --runs times each: the editor's index,
the product list, a search, one product's form, and a save of that product with a new price (the
whole catalog validated with the change, the file written, the redirect followed). Prints the
median of each in milliseconds.
"""
import argparse, http.cookiejar, os, re, shutil, signal, statistics, subprocess, tempfile, time, urllib.error, urllib.request, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("vitrine")
ap.add_argument("content")
ap.add_argument("--runs", type=int, default=7)
ap.add_argument("--slug", default="p-000001")
a = ap.parse_args()
work = tempfile.mkdtemp(dir="/dev/shm")
shutil.copytree(a.content, os.path.join(work, "Content"))
server = subprocess.Popen(
    [a.vitrine, "serve", "--edit", "--port", "0", "--content", os.path.join(work, "Content"), "--templates",
     os.path.join(ROOT, "Templates"), "--output", os.path.join(work, "Output"), "--clock", "2026-12-01T12:00:00Z"],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
base = server.stdout.readline().split(" at ")[1].split(" ")[0]
edit = base + "_vitrine/edit/"
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def get(path):
    started = time.time()
    body = opener.open(edit + path).read().decode()
    return body, time.time() - started


def save(path, fields):
    boundary = "----" + uuid.uuid4().hex
    data = b"".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode() for k, v in fields)
    request = urllib.request.Request(edit + path, data=data + f"--{boundary}--\r\n".encode(), headers={
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Origin": base.rstrip("/")})
    started = time.time()
    try:
        status = opener.open(request).status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.time() - started


def form_fields(html):
    fields = re.findall(r'<input type="(?:hidden|text)"[^>]* name="([^"]+)"[^>]*value="([^"]*)"', html)
    for name, inner in re.findall(r'<select[^>]* name="([^"]+)"[^>]*>(.*?)</select>', html):
        fields += [(name, v) for v in re.findall(r'<option value="([^"]*)" selected>', inner)]
    fields += re.findall(r'<textarea[^>]* name="([^"]+)"[^>]*>\n([^<]*)</textarea>', html)
    return [(k, v.replace("&quot;", '"').replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
            for k, v in fields]


try:
    times = {}
    for run in range(a.runs):
        for label, path in [("index", ""), ("product list", "products/"), ("search", "products/?q=gentle"),
                            ("product form", "products/" + a.slug)]:
            times.setdefault(label, []).append(get(path)[1])
        html, _ = get("products/" + a.slug)
        fields = [(k, v) for k, v in form_fields(html) if k != "price"] + [("price", f"{20 + run}.50")]
        status, seconds = save("products/" + a.slug, fields)
        assert status == 200, f"the save answered {status}"
        times.setdefault("save (validate, write, redirect)", []).append(seconds)
    for label, samples in times.items():
        print(f"{label:34} median {statistics.median(samples) * 1000:6.0f} ms   (runs: {', '.join(f'{s * 1000:.0f}' for s in samples)})")
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=30)
    shutil.rmtree(work, ignore_errors=True)
