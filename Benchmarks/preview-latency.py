#!/usr/bin/env python3
"""Times `vitrine serve`: from saving one product file to the changed page being served.

usage: preview-latency.py VITRINE CATALOG OUTPUT RUNS CLOCK

Starts the server on a free loopback port, waits for its first build, then RUNS times: waits
until the server is idle (the previous save's full pass logged), rewrites one product file with
a new price (a different product each time, spread over the brands), notes the time the write
returned, and polls the product's page over one keep-alive connection until the new price is
in it. Prints each latency and the median, then stops the server with SIGINT and checks that it
exits cleanly. The server's log goes to OUTPUT.log.
"""
import http.client
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    vitrine, catalog, output, runs, clock = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
    port = free_port()
    log = open(output.rstrip("/") + ".log", "w")
    server = subprocess.Popen(
        [vitrine, "serve", "--content", catalog, "--templates", "Templates", "--output", output,
         "--port", str(port), "--clock", clock],
        stdout=subprocess.PIPE, stderr=log, text=True)
    started = time.perf_counter()
    line = server.stdout.readline()
    if "Serving" not in line:
        print("server did not start:", line, open(log.name).read()[-2000:], file=sys.stderr)
        sys.exit(1)
    print(f"first build and start: {time.perf_counter() - started:.2f} s", file=sys.stderr)

    passes = 0

    def wait_until_idle(path, seen):
        """Waits for the previous save's full pass (feeds and the rest) to be logged, so each run
        starts from an idle server, as an editor's next save usually does."""
        deadline = time.perf_counter() + 60
        while time.perf_counter() < deadline:
            text = open(path).read()
            if text.count("Built in") + text.count("Up to date") >= seen:
                time.sleep(0.2)
                return
            time.sleep(0.05)

    products = sorted(os.listdir(os.path.join(catalog, "products")))
    step = max(1, len(products) // runs)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    latencies = []
    for run in range(runs):
        name = products[(run * step + run * 7) % len(products)]
        slug = name.rsplit(".", 1)[0]
        path = os.path.join(catalog, "products", name)
        text = open(path, encoding="utf-8").read()
        # A price no page has shown yet in this run or an earlier one.
        price = f"{int(time.time() * 1000) % 90000 + 10000}.{run % 100:02d}"
        new = re.sub(r"^price: .*$", f"price: {price}", text, count=1, flags=re.M)
        wait_until_idle(log.name, passes)
        connection.request("GET", f"/products/{slug}/")
        if price in connection.getresponse().read().decode("utf-8"):
            print(f"{slug} already shows {price}", file=sys.stderr)
            sys.exit(1)
        logged = open(log.name).read()
        passes = logged.count("Built in") + logged.count("Up to date") + 1
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
        saved = time.perf_counter()
        deadline = saved + 10
        while True:
            connection.request("GET", f"/products/{slug}/")
            body = connection.getresponse().read().decode("utf-8")
            if price in body:
                break
            if time.perf_counter() > deadline:
                print(f"run {run}: {slug} never showed {price}", file=sys.stderr)
                sys.exit(1)
            time.sleep(0.002)
        latency = (time.perf_counter() - saved) * 1000
        latencies.append(latency)
        print(f"run {run + 1}: {slug}: {latency:.0f} ms", file=sys.stderr)
    connection.close()

    server.send_signal(signal.SIGINT)
    try:
        code = server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        print("server did not stop within 15 s of SIGINT", file=sys.stderr)
        sys.exit(1)
    if code != 0:
        print(f"server exited with {code}: {open(log.name).read()[-2000:]}", file=sys.stderr)
        sys.exit(1)
    print(f"save-to-served median of {runs}: {statistics.median(latencies):.0f} ms "
          f"(min {min(latencies):.0f}, max {max(latencies):.0f})")


if __name__ == "__main__":
    main()
