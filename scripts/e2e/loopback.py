"""What the payment checks share: plain HTTP exchanges on 127.0.0.1 without following redirects,
and their PASS/FAIL lines, which scripts/e2e-payment.sh counts."""
import http.client
import json
import socket
import sqlite3
import subprocess
import time
import urllib.parse


class Checks:
    """Call with a name, whether it held and why not: prints `PASS name` or `FAIL name: detail`
    and returns whether it held; `failures` counts the failed ones."""

    def __init__(self):
        self.failures = 0

    def __call__(self, name, condition, detail=""):
        if condition:
            print(f"PASS {name}", flush=True)
        else:
            self.failures += 1
            print(f"FAIL {name}: {str(detail).replace(chr(10), ' ')[:1500]}", flush=True)
        return bool(condition)


def request(method, url, body=None, headers=None, timeout=30):
    """One HTTP exchange, redirects not followed: (status, lower-cased headers, body bytes).
    A dict or list body is sent as JSON."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            headers = dict(headers or {}, **{"Content-Type": "application/json"})
        connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""), body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rows(database, sql, *parameters, timeout=10):
    """Rows of an SQLite file (the orders file) as dicts, opened read-only, so a check never
    creates or changes it."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=timeout)
    connection.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in connection.execute(sql, parameters)]
    finally:
        connection.close()


def wait_until(predicate, timeout=10, interval=0.1):
    """Asks `predicate` until it answers something true or `timeout` seconds pass; its last answer."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(interval)


def stop(process, timeout=20):
    """Terminates a server started for a check, killing it if it does not end in time."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
