"""The servers `vitrine deploy`'s end-to-end check publishes to and reads back from, each started
on a free port of 127.0.0.1 with its keys, configuration, logs and pid file in a folder of its
own: `sshd` taking one generated client key, and `nginx` serving a folder that may be a symlink
(BASE/current) without caching what it opened. Used by scripts/e2e/ssh_deploy_check.py.

Works as root (CI: `PermitRootLogin prohibit-password`, `UsePAM no`, the privilege separation
folder /run/sshd made when missing, `user root;` for nginx's workers so they can read a private
temporary folder) and as a normal user, who can only log in as themselves — and, `UsePAM no`
being the only choice without root, only when their account is not locked (`!` in /etc/shadow).
"""
import getpass
import glob
import json
import os
import shlex
import socket
import subprocess

from loopback import free_port, stop, wait_until

SSHD = "/usr/sbin/sshd"
NGINX = "/usr/sbin/nginx"


def _listening(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _tail(path, lines=20):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return ""


class Server:
    """A started server: `process`, `port`, `log` (its log file); `stop()` ends it."""

    def __init__(self, process, port, log):
        self.process, self.port, self.log = process, port, log

    def stop(self):
        if self.process.poll() is None:
            stop(self.process, timeout=10)

    def alive(self):
        return self.process.poll() is None


class SSHServer(Server):
    """sshd for `user` on 127.0.0.1:`port`; `ssh_command` is the client command line (a string, as
    `vitrine deploy --ssh` takes it) that logs in with the generated key and checks the host key
    against a known_hosts file holding only this server's."""

    def __init__(self, process, port, log, user, key, known_hosts):
        super().__init__(process, port, log)
        self.user, self.key, self.known_hosts = user, key, known_hosts
        self.ssh_command = " ".join([
            "ssh", "-i", shlex.quote(key), "-o", f"UserKnownHostsFile={shlex.quote(known_hosts)}",
            "-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes",
        ])

    def url(self, base):
        """The `ssh://USER@127.0.0.1:PORT/abs/BASE` deploy target for the absolute path `base`."""
        return f"ssh://{self.user}@127.0.0.1:{self.port}{base}"

    def run(self, command, timeout=30):
        """Runs a shell command on the server with the client command; a CompletedProcess."""
        args = shlex.split(self.ssh_command) + ["-p", str(self.port), f"{self.user}@127.0.0.1", command]
        return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def start_sshd(folder, timeout=20):
    """Generates a host key and a client key in `folder` (created), starts `sshd -D -e` on a free
    port and waits until a login with the client key runs a command. Raises RuntimeError with the
    end of sshd's log when it does not come up."""
    os.makedirs(folder, exist_ok=True)
    host_key, client_key = os.path.join(folder, "host_ed25519"), os.path.join(folder, "client_ed25519")
    for key in (host_key, client_key):
        if not os.path.exists(key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "vitrine-e2e", "-f", key], check=True)
    authorized = os.path.join(folder, "authorized_keys")
    with open(authorized, "w") as f:
        f.write(open(client_key + ".pub").read())
    os.chmod(authorized, 0o600)
    root = os.geteuid() == 0
    if root:
        # sshd refuses to start as root without its (empty) privilege separation folder.
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
    port = free_port()
    config = os.path.join(folder, "sshd_config")
    with open(config, "w") as f:
        f.write("\n".join([
            f"Port {port}",
            "ListenAddress 127.0.0.1",
            f"HostKey {host_key}",
            f"PidFile {os.path.join(folder, 'sshd.pid')}",
            f"AuthorizedKeysFile {authorized}",
            "PubkeyAuthentication yes",
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "PermitRootLogin prohibit-password",
            "UsePAM no",
            # The temporary folder and its keys belong to whoever runs the check.
            "StrictModes no",
            "AllowTcpForwarding no",
            "X11Forwarding no",
            "PrintMotd no",
            "MaxStartups 50:30:100",
            "LogLevel INFO",
            "",
        ]))
    known_hosts = os.path.join(folder, "known_hosts")
    with open(known_hosts, "w") as f:
        kind, key, *_ = open(host_key + ".pub").read().split()
        f.write(f"[127.0.0.1]:{port} {kind} {key}\n")
    log = os.path.join(folder, "sshd.log")
    process = subprocess.Popen([SSHD, "-D", "-e", "-f", config], stdin=subprocess.DEVNULL,
                               stdout=open(log, "ab"), stderr=subprocess.STDOUT)
    server = SSHServer(process, port, log, getpass.getuser(), client_key, known_hosts)
    if not wait_until(lambda: not server.alive() or _listening(port), timeout=timeout) or not server.alive():
        server.stop()
        raise RuntimeError(f"sshd did not start: {_tail(log)}")
    login = server.run("echo ok")
    if login.returncode != 0 or login.stdout.strip() != "ok":
        server.stop()
        raise RuntimeError(f"ssh login failed ({login.returncode}): {login.stderr.strip()} | sshd: {_tail(log)}")
    return server


def start_nginx(folder, root, timeout=20):
    """Starts nginx (`-c CONF -g 'daemon off;'`) on a free port serving the folder `root` — a path
    that may be a symlink and may not exist yet — with its pid, logs and temporary files in
    `folder`. No open-file cache, symlinks followed, so each request resolves `root` anew."""
    os.makedirs(folder, exist_ok=True)
    for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        os.makedirs(os.path.join(folder, "temp", name), exist_ok=True)
    port = free_port()
    error_log = os.path.join(folder, "error.log")
    mime = "include /etc/nginx/mime.types;" if os.path.exists("/etc/nginx/mime.types") else ""
    lines = [
        "user root;" if os.geteuid() == 0 else "",
        "worker_processes 1;",
        f"pid {os.path.join(folder, 'nginx.pid')};",
        f"error_log {error_log} warn;",
        "events { worker_connections 512; }",
        "http {",
        f"  {mime}",
        "  default_type application/octet-stream;",
        "  access_log off;",
        f"  client_body_temp_path {os.path.join(folder, 'temp', 'body')};",
        f"  proxy_temp_path {os.path.join(folder, 'temp', 'proxy')};",
        f"  fastcgi_temp_path {os.path.join(folder, 'temp', 'fastcgi')};",
        f"  uwsgi_temp_path {os.path.join(folder, 'temp', 'uwsgi')};",
        f"  scgi_temp_path {os.path.join(folder, 'temp', 'scgi')};",
        "  open_file_cache off;",
        "  disable_symlinks off;",
        "  sendfile on;",
        "  keepalive_requests 100000;",
        "  server {",
        f"    listen 127.0.0.1:{port};",
        f"    root {root};",
        "    index index.html;",
        "    location / { try_files $uri $uri/ =404; }",
        "  }",
        "}",
        "",
    ]
    config = os.path.join(folder, "nginx.conf")
    with open(config, "w") as f:
        f.write("\n".join(lines))
    log = os.path.join(folder, "nginx.out")
    process = subprocess.Popen([NGINX, "-e", error_log, "-p", folder, "-c", config, "-g", "daemon off;"],
                               stdin=subprocess.DEVNULL, stdout=open(log, "ab"), stderr=subprocess.STDOUT)
    server = Server(process, port, error_log)
    if not wait_until(lambda: not server.alive() or _listening(port), timeout=timeout) or not server.alive():
        server.stop()
        raise RuntimeError(f"nginx did not start: {_tail(log)} {_tail(error_log)}")
    return server


def remove_record(path):
    """Deletes a record file with its translations (`night-serum.ko.md`), as a shop removes a product:
    a translation of no record is an error."""
    stem = os.path.splitext(path)[0]
    for name in [path] + sorted(glob.glob(stem + ".*.md") + glob.glob(stem + ".*.json")):
        os.remove(name)


def changed_file_limit(content_folder):
    """A price change rewrites a few dozen files in each storefront (its page, lists, feeds, API,
    search): 50 per storefront, far below the thousands of the site."""
    with open(os.path.join(content_folder, "site.json"), encoding="utf-8") as f:
        markets = json.load(f).get("markets") or [{"languages": ["en"]}]
    return 50 * sum(len(m["languages"]) for m in markets)
