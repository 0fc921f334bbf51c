#!/usr/bin/env python3
"""Slow and idle clients for scripts/soak.sh: N connections that send a request head a byte a
second, N that connect and say nothing, reconnecting whenever the server closes them, for the
given number of seconds. Prints how many times the server closed each kind (it should, after its
idle timeout) and how many answers were 5xx (must be 0)."""
import socket, sys, time

port, count, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 10000
end = time.time() + seconds
slow, idle, closed, fivexx = [], [], {"slow": 0, "idle": 0}, 0

def connect():
    s = socket.create_connection(("127.0.0.1", port))
    s.setblocking(False)
    return [s, 0]

slow = [connect() for _ in range(count)]
idle = [connect() for _ in range(count)]
while time.time() < end:
    for kind, group in (("slow", slow), ("idle", idle)):
        for entry in group:
            sock = entry[0]
            try:
                data = sock.recv(4096)
                if data.startswith(b"HTTP/1.1 5"):
                    fivexx += 1
                if data == b"":
                    raise ConnectionResetError
            except BlockingIOError:
                pass
            except OSError:
                closed[kind] += 1
                sock.close()
                entry[0], entry[1] = connect()[0], 0
                continue
            if kind == "slow":
                try:
                    entry[0].send(head[entry[1]:entry[1] + 1])
                    entry[1] += 1
                except OSError:
                    pass
    time.sleep(1)
print(f"slow clients: closed by the server {closed['slow']} times; idle clients: {closed['idle']} times; 5xx: {fivexx}")
