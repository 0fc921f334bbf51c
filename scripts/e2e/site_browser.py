"""What the browser checks of a built site share: the site served on 127.0.0.1, headless Chromium
(Debian's chromium and chromium-driver) and a tally of checks that prints one line each."""
import functools, http.server, threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def serve(folder):
    """Serves `folder` on a free port of 127.0.0.1 until the process ends; returns its base URL."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def chromium(*flags):
    """Headless Chromium through chromedriver, with `flags` added to the usual ones."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage") + flags:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Checks:
    """Call with a name, whether it held and why not; `summary` prints `LABEL: N passed, N failed`."""

    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok    {name}")
        else:
            self.failed += 1
            print(f"FAIL  {name}: {detail}")

    def summary(self, label):
        print(f"{label}: {self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
