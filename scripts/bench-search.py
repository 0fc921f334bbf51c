#!/usr/bin/env python3
"""Counts the bytes one cold search downloads, at the server.

Serves a built site from 127.0.0.1 with Python's static file server, wrapped only to add up the
bytes of every response body, then loads a search page in a fresh headless Chromium (new
profile, cache disabled) and waits until the results are on screen. Everything the page and any
worker it starts fetch passes through the server, so everything counts.

usage: bench-search.py vitrine SITE WORD      # SITE/search/?q=WORD, the Vitrine page
       bench-search.py pagefind-ui SITE WORD  # Pagefind's own UI on a page added to SITE
       bench-search.py pagefind-api SITE WORD # Pagefind's JS API, loading 20 results' data
Prints one JSON object: bytes, requests, results shown, and the files fetched.
"""
import functools, http.server, json, os, sys, tempfile, threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

PAGEFIND_UI = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Pagefind bench</title>
<link href="/pagefind/pagefind-ui.css" rel="stylesheet"><script src="/pagefind/pagefind-ui.js"></script></head>
<body><div id="search"></div><script>
const ui = new PagefindUI({ element: "#search", showSubResults: false, showImages: false });
ui.triggerSearch(new URLSearchParams(location.search).get("q"));
</script></body></html>
"""

PAGEFIND_API = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Pagefind bench</title></head>
<body><ol id="results"></ol><script type="module">
const pagefind = await import("/pagefind/pagefind.js");
const search = await pagefind.search(new URLSearchParams(location.search).get("q"));
const data = await Promise.all(search.results.slice(0, 20).map((r) => r.data()));
for (const d of data) { const li = document.createElement("li"); li.textContent = d.meta.title; results.append(li); }
document.body.dataset.done = String(search.results.length);
</script></body></html>
"""


class Counting(http.server.SimpleHTTPRequestHandler):
    served = []
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        with Counting.lock:
            Counting.served.append((self.path, len(data)))


def main():
    mode, site, word = sys.argv[1:4]
    if mode.startswith("pagefind"):
        with open(os.path.join(site, "pagefind-bench.html"), "w") as f:
            f.write(PAGEFIND_UI if mode == "pagefind-ui" else PAGEFIND_API)
        path = "pagefind-bench.html"
    else:
        path = "search/"
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{path}?q={word}"

    profile = tempfile.mkdtemp(prefix="bench-search-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}", "--window-size=1200,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        Counting.served.clear()
        driver.get(url)
        if mode == "vitrine":
            WebDriverWait(driver, 120).until(lambda d: d.execute_script(
                "const r = document.getElementById('search-results');"
                "return r.dataset.state === 'done' && document.getElementById('search-status').textContent !== ''"))
            shown = driver.execute_script("return document.querySelectorAll('#search-results li').length")
            found = driver.execute_script("return document.getElementById('search-status').textContent")
        elif mode == "pagefind-ui":
            WebDriverWait(driver, 120).until(lambda d: d.execute_script(
                "const t = [...document.querySelectorAll('.pagefind-ui__result-title')];"
                "return t.length > 0 && t.every((e) => e.textContent.trim() !== '')"))
            shown = driver.execute_script("return document.querySelectorAll('.pagefind-ui__result').length")
            found = driver.execute_script("const m = document.querySelector('.pagefind-ui__message'); return m ? m.textContent : ''")
        else:
            WebDriverWait(driver, 120).until(lambda d: d.execute_script("return document.body.dataset.done !== undefined"))
            shown = driver.execute_script("return document.querySelectorAll('#results li').length")
            found = driver.execute_script("return document.body.dataset.done") + " results"
        # Let stragglers (prefetches, lazy images) finish before reading the counter.
        driver.execute_script("return new Promise((r) => setTimeout(r, 1000))")
    finally:
        driver.quit()
        server.shutdown()
    files = sorted(Counting.served)
    print(json.dumps({"mode": mode, "word": word, "bytes": sum(n for _, n in files), "requests": len(files),
                      "shown": shown, "found": found.strip(), "files": files}))


if __name__ == "__main__":
    main()
