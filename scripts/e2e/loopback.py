"""HTTP plumbing the payment checks share: plain exchanges on 127.0.0.1 without following redirects."""
import http.client
import json
import socket
import urllib.parse


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
