#!/usr/bin/env python3
"""End-to-end check of `vitrine deploy` to an SSH target, against a real sshd and a real nginx on
127.0.0.1 started here (scripts/e2e/deploy_servers.py), with rsync over that ssh.

usage: ssh_deploy_check.py --bin VITRINE --content DIR --templates DIR --work DIR [--clock ISO]

--content is the sample shop's Content/ (copied into --work, then edited there). Checks, one
`PASS name` or `FAIL name: reason` line each, then "deploy: N passed, M failed"; exit 1 if any
failed:
a. a first deploy: every output file fetched through nginx equals the local bytes, nothing else
   is on the server, BASE/current is a symlink releases/<id>;
b. a second deploy of the same output sends 0 files;
c. one product's price changed, `build --incremental`, `deploy --verbose`: under 50 files sent,
   the product page among them, nginx serving its new bytes;
d. while a brand's title change is deployed, a client fetching every page of both releases round
   robin never gets a non-200, a short body or bytes of neither release;
e. `--rollback` brings the previous release back; a deploy after it makes the right site again;
f. `--keep 2` leaves two releases after several deploys, current at the newest;
g. `--dry-run` and a refused `--max-deletes 0` change nothing on the server;
h. a local folder target gets the same tree.
"""
import argparse
import glob
import hashlib
import json
import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from deploy_servers import changed_file_limit, remove_record, start_nginx, start_sshd  # noqa: E402
from loopback import Checks  # noqa: E402

# The checks read the summary line, which vitrine's commands may leave out when CI is set.
os.environ.pop("CI", None)

parser = argparse.ArgumentParser()
for name in ("--bin", "--content", "--templates", "--work"):
    parser.add_argument(name, required=True)
parser.add_argument("--clock", default="2026-12-01T00:00:00Z")
args = parser.parse_args()
args.bin = os.path.abspath(args.bin) if os.sep in args.bin else args.bin

WORK = os.path.abspath(args.work)
CONTENT = os.path.join(WORK, "Content")
OUT = os.path.join(WORK, "out")
BASE = os.path.join(WORK, "srv", "shop")
LOCAL_TARGET = os.path.join(WORK, "local-target")
SNAPSHOTS = os.path.join(WORK, "snapshots")
PRODUCT = os.path.join(CONTENT, "products", "aven", "cicalfate-creme-reparatrice.md")
PRODUCT_PAGE = "products/cicalfate-creme-reparatrice/index.html"
BRAND = os.path.join(CONTENT, "brands", "aven.md")
BRAND_PAGE = "brands/aven/index.html"
REMOVED = os.path.join(CONTENT, "products", "origins", "night-a-mins-renewing-cream.md")
REMOVED_PAGE = "products/night-a-mins-renewing-cream/index.html"

check = Checks()
passed = 0
_call = check.__call__



def counted(name, condition, detail=""):
    global passed
    held = _call(name, condition, detail)
    passed += bool(held)
    return held


def info(text):
    print(f"INFO {text}", flush=True)


# --- the shop and the binary -------------------------------------------------------------------

def vitrine(*arguments, timeout=300):
    started = time.monotonic()
    result = subprocess.run([args.bin, *arguments], capture_output=True, text=True, timeout=timeout)
    result.seconds = time.monotonic() - started
    return result


def shown(result):
    """A command and what it printed, for a FAIL line."""
    return f"`vitrine {' '.join(result.args[1:])}` exit {result.returncode}: {(result.stdout + result.stderr).strip()[-1200:]}"


def build(incremental=True):
    result = vitrine("build", "--content", CONTENT, "--templates", args.templates, "--output", OUT,
                     "--clock", args.clock, "--quiet", *(["--incremental"] if incremental else []))
    if result.returncode != 0:
        raise RuntimeError(f"build failed: {shown(result)}")
    return result


def snapshot(name):
    """A copy of the output as it is now, for comparing what the server serves later."""
    path = os.path.join(SNAPSHOTS, name)
    shutil.copytree(OUT, path, symlinks=True)
    return path


def set_price(value):
    text = open(PRODUCT, encoding="utf-8").read()
    changed = re.sub(r"(?m)^price: .*$", f"price: {value}", text, count=1)
    assert changed != text, "the product's price line was not found"
    open(PRODUCT, "w", encoding="utf-8").write(changed)


def set_brand_title(title):
    text = open(BRAND, encoding="utf-8").read()
    changed = re.sub(r'(?m)^title: .*$', f'title: "{title}"', text, count=1)
    assert changed != text, "the brand's title line was not found"
    open(BRAND, "w", encoding="utf-8").write(changed)


# --- deploys -----------------------------------------------------------------------------------

# "Deployed 37 files (1.2 MB), deleted 2, 1,056 unchanged, to ssh://… (release 20261129T120301Z)",
# or "Deployed 0 files: ssh://… already holds these 1,093 files" when no release was needed.
SUMMARY = re.compile(r"(?m)^Deployed ([\d,]+) files?\b.*$")
RELEASE = re.compile(r"\(release ([^)\s]+)\)")
DELETED = re.compile(r"\bdeleted ([\d,]+)")


class Deploy:
    """A finished `vitrine deploy`: the process result, the summary's numbers, the sent paths."""

    def __init__(self, result):
        self.result = result
        self.ok = result.returncode == 0
        text = result.stdout + result.stderr
        match = SUMMARY.search(text)
        self.summary = match.group(0) if match else None
        self.sent_count = int(match.group(1).replace(",", "")) if match else None
        deleted, release = DELETED.search(self.summary or ""), RELEASE.search(self.summary or "")
        self.deleted_count = int(deleted.group(1).replace(",", "")) if deleted else 0 if match else None
        self.release = release.group(1) if release else None
        self.sent = [line[5:].strip() for line in text.splitlines() if line.startswith("sent ")]
        self.deleted = [line[8:].strip() for line in text.splitlines() if line.startswith("deleted ")]

    def why(self):
        return shown(self.result)


def deploy(*extra, target=None, output=OUT):
    """`vitrine deploy` to the ssh target, or to the local folder `target` when given."""
    if target is None:
        return Deploy(vitrine("deploy", SSH.url(BASE), "--output", output, "--ssh", SSH.ssh_command, *extra))
    return Deploy(vitrine("deploy", target, "--output", output, *extra))


# --- what the server holds and serves ----------------------------------------------------------

def files(root):
    """relative path → sha256 of every file under `root` (followed if it is a symlink)."""
    found = {}
    root = os.path.realpath(root)
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, root)] = hashlib.sha256(f.read()).hexdigest()
    return found


def tree_difference(a, b):
    """'' when the two folders hold the same files with the same bytes, else a few differences."""
    left, right = files(a), files(b)
    only_left, only_right = sorted(set(left) - set(right)), sorted(set(right) - set(left))
    differ = sorted(k for k in set(left) & set(right) if left[k] != right[k])
    if not (only_left or only_right or differ):
        return ""
    return f"only in {a}: {only_left[:5]} ({len(only_left)}); only in {b}: {only_right[:5]} ({len(only_right)}); differ: {differ[:5]} ({len(differ)})"


def server_state(base=None):
    """Everything under BASE as (path, kind, inode, size, mtime, link target), not following
    symlinks: equal states mean nothing was written, renamed or removed."""
    base = base or BASE
    state = []
    for folder, dirs, names in os.walk(base):
        for name in sorted(dirs + names):
            path = os.path.join(folder, name)
            st = os.lstat(path)
            link = os.readlink(path) if os.path.islink(path) else None
            state.append((os.path.relpath(path, base), st.st_mode, st.st_ino, st.st_size, st.st_mtime_ns, link))
    return sorted(state)


def releases(base=None):
    path = os.path.join(base or BASE, "releases")
    return sorted(os.listdir(path)) if os.path.isdir(path) else []


def current(base=None):
    """The target of BASE/current, or None when it is not a symlink."""
    path = os.path.join(base or BASE, "current")
    return os.readlink(path) if os.path.islink(path) else None


def current_is_release(base=None):
    link = current(base)
    parts = (link or "").rstrip("/").split("/")
    ok = (link is not None and len(parts) == 2 and parts[0] == "releases" and
          os.path.isdir(os.path.join(base or BASE, "releases", parts[1])))
    return ok, link


class Client:
    """GETs through nginx on one kept-alive connection."""

    def __init__(self):
        self.connection = http.client.HTTPConnection("127.0.0.1", NGINX.port, timeout=10)

    def get(self, path):
        self.connection.request("GET", "/" + urllib.parse.quote(path))
        response = self.connection.getresponse()
        body = response.read()  # http.client raises IncompleteRead on a body shorter than announced
        length = response.getheader("Content-Length")
        if length is not None and int(length) != len(body):
            raise RuntimeError(f"{path}: {len(body)} bytes of {length}")
        return response.status, body

    def close(self):
        self.connection.close()


def served_difference(local):
    """Fetches every file of the folder `local` through nginx: '' when all are 200 and byte-equal."""
    client, bad = Client(), []
    try:
        for folder, _, names in os.walk(local):
            for name in names:
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, local)
                status, body = client.get(relative)
                if status != 200 or body != open(path, "rb").read():
                    bad.append(f"{relative} ({status}, {len(body)} bytes)")
    finally:
        client.close()
    return f"{len(bad)} files differ: {bad[:5]}" if bad else ""


def fetch(path):
    client = Client()
    try:
        return client.get(path)
    finally:
        client.close()


def read(root, relative):
    with open(os.path.join(root, relative), "rb") as f:
        return f.read()


# --- the checks --------------------------------------------------------------------------------

def a_first_deploy():
    build(incremental=True)
    snapshot("v1")
    first = deploy()
    if not counted("a. first deploy over ssh exits 0 and prints its summary", first.ok and first.summary, first.why()):
        return False
    info(f"first deploy: {first.summary}")
    counted("a. the summary counts every output file as sent", first.sent_count == len(files(OUT)),
            f"{first.sent_count} sent, {len(files(OUT))} files: {first.summary}")
    ok, link = current_is_release()
    counted("a. BASE/current is a symlink to releases/<id>", ok, f"current → {link}, releases {releases()}")
    counted("a. the release is the one the summary names", link == f"releases/{first.release}",
            f"current → {link}, summary: {first.summary}")
    counted("a. the server's current release holds exactly the output's files", not tree_difference(OUT, os.path.join(BASE, "current")),
            tree_difference(OUT, os.path.join(BASE, "current")))
    difference = served_difference(OUT)
    counted(f"a. all {len(files(OUT))} output files fetched through nginx equal the local bytes", not difference, difference)
    return True


def b_unchanged():
    before = current()
    second = deploy()
    counted("b. a second deploy of the same output exits 0", second.ok, second.why())
    counted("b. it sends 0 files", second.sent_count == 0, second.summary or second.why())
    counted("b. the site is unchanged", not tree_difference(OUT, os.path.join(BASE, "current")),
            tree_difference(OUT, os.path.join(BASE, "current")))
    info(f"unchanged deploy: {second.summary} (current {before} → {current()})")


def c_price_change():
    old = read(OUT, PRODUCT_PAGE)
    set_price("27.90")
    build()
    snapshot("v2")
    new = read(OUT, PRODUCT_PAGE)
    assert new != old and b"27.90" in new, "the rebuilt product page does not show the new price"
    third = deploy("--verbose")
    if not counted("c. deploy --verbose after a price change exits 0", third.ok, third.why()):
        return
    limit = changed_file_limit(CONTENT)
    counted(f"c. fewer than {limit} files sent, and some", third.sent_count is not None and 0 < third.sent_count < limit,
            third.summary)
    counted("c. --verbose lists each sent path (as many `sent` lines as the summary counts)",
            len(third.sent) == third.sent_count, f"{len(third.sent)} `sent` lines, summary: {third.summary}")
    counted("c. the product page is among the sent paths",
            any(p.lstrip("/") == PRODUCT_PAGE for p in third.sent), third.sent[:60])
    status, body = fetch(PRODUCT_PAGE)
    counted("c. nginx serves the product page's new bytes", status == 200 and body == new,
            f"status {status}, {len(body)} bytes, new price shown: {b'27.90' in body}")
    counted("c. the whole site equals the new output", not tree_difference(OUT, os.path.join(BASE, "current")),
            tree_difference(OUT, os.path.join(BASE, "current")))


def d_no_gap():
    old_root = os.path.join(SNAPSHOTS, "v2")
    set_brand_title("Aven Laboratoires Dermatologiques")
    set_price("29.50")
    build()
    new_root = snapshot("v3")
    old_files, new_files = files(old_root), files(new_root)
    changed = sorted(p for p in set(old_files) & set(new_files) if old_files[p] != new_files[p])
    pages = sorted({p for p in set(old_files) & set(new_files) if p.endswith(".html")} | set(changed))
    info(f"reading {len(pages)} paths round robin ({len(changed)} of them change) during the deploy")
    assert BRAND_PAGE in changed and PRODUCT_PAGE in changed, "the brand change did not change its pages"
    wanted = {p: (read(old_root, p), read(new_root, p)) for p in pages}

    stop_loop = threading.Event()
    log = []  # (started, ended, path, status, which) with which in "old", "new", or a problem
    problems = []

    def loop():
        client = Client()
        i = 0
        while not stop_loop.is_set():
            path = pages[i % len(pages)]
            i += 1
            started = time.monotonic()
            try:
                status, body = client.get(path)
            except Exception as error:  # a reset, a short body
                problems.append(f"{path}: {type(error).__name__}: {error}")
                client.close()
                client = Client()
                continue
            old, new = wanted[path]
            which = "old" if body == old else "new" if body == new else None
            if status != 200:
                problems.append(f"{path}: status {status}")
            elif which is None:
                problems.append(f"{path}: {len(body)} bytes equal to neither release ({len(old)} / {len(new)})")
            log.append((started, time.monotonic(), path, status, which))
        client.close()

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    time.sleep(0.5)
    began = time.monotonic()
    fourth = deploy()
    ended = time.monotonic()
    time.sleep(0.5)
    stop_loop.set()
    thread.join(timeout=20)
    counted("d. the deploy under load exits 0", fourth.ok, fourth.why())
    during = [e for e in log if e[0] >= began and e[1] <= ended]
    info(f"deploy under load: {fourth.summary}; {len(log)} requests, {len(during)} during its {ended - began:.2f} s")
    counted("d. the client made a good number of requests during the deploy (at least 50)", len(during) >= 50,
            f"{len(during)} requests in the {ended - began:.2f} s of the deploy")
    counted("d. every response was a 200 with the full bytes of the old or the new release", not problems,
            f"{len(problems)} bad responses: {problems[:5]}")
    last = {}
    for entry in log:
        last[entry[2]] = entry[4]
    counted("d. before the deploy the client read the old release, after it the new one",
            log and log[0][4] == "old" and all(last.get(p) == "new" for p in changed if p in last),
            f"first: {log[0] if log else None}; last reads of changed pages not new: "
            f"{[p for p in changed if last.get(p) != 'new'][:5]}")
    # The switch is one rename: once a page of the new release was served, no old one follows.
    first_new = next((e[1] for e in log if e[4] == "new" and wanted[e[2]][0] != wanted[e[2]][1]), None)
    late_old = [e for e in log if first_new is not None and e[0] > first_new and e[4] == "old"
                and wanted[e[2]][0] != wanted[e[2]][1]]
    counted("d. no old page was served after the first new one (one switch)", not late_old, late_old[:3])
    return fourth


def e_rollback(previous_release):
    before = current()
    rollback = deploy("--rollback")
    if not counted("e. --rollback exits 0", rollback.ok, rollback.why()):
        return
    info(f"rollback: {(rollback.result.stdout + rollback.result.stderr).strip()[-300:]}")
    counted("e. current points at the previous release again", current() == f"releases/{previous_release}",
            f"current {before} → {current()}, expected releases/{previous_release}; releases {releases()}")
    status, body = fetch(BRAND_PAGE)
    counted("e. the changed brand page is served with the previous release's bytes",
            status == 200 and body == read(os.path.join(SNAPSHOTS, "v2"), BRAND_PAGE), f"status {status}")
    status, body = fetch(PRODUCT_PAGE)
    counted("e. the changed product page is served with the previous release's bytes",
            status == 200 and body == read(os.path.join(SNAPSHOTS, "v2"), PRODUCT_PAGE), f"status {status}")
    counted("e. the whole site equals the previous release's output",
            not tree_difference(os.path.join(SNAPSHOTS, "v2"), os.path.join(BASE, "current")),
            tree_difference(os.path.join(SNAPSHOTS, "v2"), os.path.join(BASE, "current")))
    # The output has not changed since the deploy that was rolled back.
    again = deploy()
    counted("e. a deploy of the same output after the rollback exits 0", again.ok, again.why())
    info(f"deploy after rollback: {again.summary}")
    counted("e. after it the server's current release equals the output",
            not tree_difference(OUT, os.path.join(BASE, "current")), tree_difference(OUT, os.path.join(BASE, "current")))
    difference = served_difference(OUT)
    counted("e. after it every file fetched through nginx equals the output", not difference, difference)


def f_keep():
    made = []
    for price in ("31.00", "32.00", "33.00"):
        set_price(price)
        build()
        result = deploy("--keep", "2")
        if not counted(f"f. deploy --keep 2 (price {price}) exits 0", result.ok, result.why()):
            return
        made.append(result.release)
    kept = releases()
    counted("f. after several deploys with --keep 2 only 2 releases remain", len(kept) == 2, f"releases: {kept}")
    counted("f. they are the last two deploys' releases", set(kept) == set(made[-2:]), f"kept {kept}, made {made}")
    counted("f. current points at the newest", current() == f"releases/{made[-1]}", f"current → {current()}, made {made}")
    counted("f. the site equals the output", not tree_difference(OUT, os.path.join(BASE, "current")),
            tree_difference(OUT, os.path.join(BASE, "current")))


def g_dry_run_and_max_deletes():
    set_price("34.00")
    build()
    state, (_, page_before) = server_state(), fetch(PRODUCT_PAGE)
    dry = deploy("--dry-run", "--verbose")
    counted("g. --dry-run exits 0", dry.ok, dry.why())
    info(f"dry run: {(dry.result.stdout + dry.result.stderr).strip().splitlines()[-1:]}")
    counted("g. --dry-run changes nothing on the server", server_state() == state,
            f"{len(set(server_state()) ^ set(state))} entries differ: {sorted(set(server_state()) ^ set(state))[:4]}")
    status, body = fetch(PRODUCT_PAGE)
    counted("g. after --dry-run the old product page is still served",
            status == 200 and body == page_before and body != read(OUT, PRODUCT_PAGE), f"status {status}")
    real = deploy("--verbose")
    counted("g. the deploy after a dry run still sends the change (the dry run recorded nothing)",
            real.ok and real.sent_count and any(p.lstrip("/") == PRODUCT_PAGE for p in real.sent), real.why())

    remove_record(REMOVED)
    build()
    assert not os.path.exists(os.path.join(OUT, REMOVED_PAGE)), "the removed product's page is still built"
    state = server_state()
    refused = deploy("--max-deletes", "0")
    said = refused.result.stdout + refused.result.stderr
    counted("g. --max-deletes 0 with a deletion pending exits non-zero", refused.result.returncode != 0, refused.why())
    counted("g. its message names --max-deletes", "--max-deletes" in said, said.strip()[-400:])
    counted("g. the refused deploy changes nothing on the server", server_state() == state,
            f"{len(set(server_state()) ^ set(state))} entries differ: {sorted(set(server_state()) ^ set(state))[:4]}")
    status, _ = fetch(REMOVED_PAGE)
    counted("g. the removed product's page is still served after the refusal", status == 200, f"status {status}")
    allowed = deploy("--verbose")
    counted("g. without --max-deletes the deletion goes through", allowed.ok and (allowed.deleted_count or 0) > 0,
            allowed.summary or allowed.why())
    counted("g. --verbose lists the deleted page", any(p.lstrip("/") == REMOVED_PAGE for p in allowed.deleted), allowed.deleted[:20])
    status, _ = fetch(REMOVED_PAGE)
    counted("g. the removed product's page is gone (404)", status == 404, f"status {status}")
    counted("g. the site equals the output", not tree_difference(OUT, os.path.join(BASE, "current")),
            tree_difference(OUT, os.path.join(BASE, "current")))


def h_local_target():
    result = deploy(target=LOCAL_TARGET)
    counted("h. deploy to a local folder exits 0", result.ok, result.why())
    info(f"local deploy: {result.summary}")
    ok, link = current_is_release(LOCAL_TARGET)
    counted("h. the local target's current is a symlink to releases/<id>", ok, f"current → {link}")
    counted("h. the local target holds the output's tree", not tree_difference(OUT, os.path.join(LOCAL_TARGET, "current")),
            tree_difference(OUT, os.path.join(LOCAL_TARGET, "current")))
    counted("h. the local target and the ssh target hold the same tree",
            not tree_difference(os.path.join(BASE, "current"), os.path.join(LOCAL_TARGET, "current")),
            tree_difference(os.path.join(BASE, "current"), os.path.join(LOCAL_TARGET, "current")))


def section(name, function, *arguments):
    try:
        return function(*arguments)
    except Exception as error:
        counted(f"{name} ran to its end", False, f"{type(error).__name__}: {error}")
        return None


# `timeout` in scripts/e2e-deploy.sh ends this with SIGTERM: stop the servers on the way out.
signal.signal(signal.SIGTERM, lambda *_: sys.exit(124))
SSH = NGINX = None
try:
    shutil.rmtree(os.path.join(WORK, "Content"), ignore_errors=True)
    shutil.copytree(args.content, CONTENT)
    # Both targets start as empty folders, as an administrator would prepare them.
    os.makedirs(BASE, exist_ok=True)
    os.makedirs(LOCAL_TARGET, exist_ok=True)
    SSH = start_sshd(os.path.join(WORK, "sshd"))
    NGINX = start_nginx(os.path.join(WORK, "nginx"), os.path.join(BASE, "current"))
    info(f"sshd on 127.0.0.1:{SSH.port} for {SSH.user}, nginx on 127.0.0.1:{NGINX.port} serving {BASE}/current")
    help_text = vitrine("deploy", "--help")
    if counted("vitrine deploy exists", help_text.returncode == 0 and "--ssh" in help_text.stdout + help_text.stderr,
               (help_text.stdout + help_text.stderr).strip()[-300:]):
        if section("a.", a_first_deploy):
            section("b.", b_unchanged)
            section("c.", c_price_change)
            previous = current()
            fourth = section("d.", d_no_gap)
            if fourth and fourth.ok:
                section("e.", e_rollback, (previous or "").split("/")[-1])
            section("f.", f_keep)
            section("g.", g_dry_run_and_max_deletes)
            section("h.", h_local_target)
    for name, server in (("sshd", SSH), ("nginx", NGINX)):
        counted(f"{name} still running at the end", server.alive(), f"exit {server.process.returncode}")
except Exception as error:
    counted("the servers started", False, f"{type(error).__name__}: {error}")
finally:
    for server in (SSH, NGINX):
        if server:
            server.stop()
print(f"deploy: {passed} passed, {check.failures} failed", flush=True)
sys.exit(1 if check.failures else 0)
