#!/usr/bin/env python3
"""Drives the built sample shop's search page in headless Chromium (through chromium-driver and
Selenium) and checks what a shopper sees against an independent reading of the content files.

The expected results are computed here from Content/ with the documented rules (fold case and
accents; exact words, prefixes of 3+ letters, one typo for words of 5+ letters with the same
first letter; field weights name 8, brand 4, tags and SKU 2, detail 1; exact x3, prefix x2,
typo x1; relevance then name), not read from the index, so a wrong index or a wrong script fails.

usage: e2e-search.py --site OUTPUT_DIR --content CONTENT_DIR --screenshot FILE.png
"""
import argparse, functools, http.server, json, os, re, sys, threading, unicodedata
from decimal import ROUND_HALF_EVEN, Decimal
from urllib.parse import urlencode

import yaml
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

EXTRAS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "ı": "i", "þ": "th", "ς": "σ"}
WEIGHTS = {"name": 8, "brand": 4, "label": 2, "detail": 1}


KANA_VOICING = ("\u3099", "\u309a")
# The clock scripts/e2e-search.sh builds the shop with.
CLOCK = "2026-12-01T12:00:00Z"


def fold(text):
    """Compatibility forms (full- and half-width), case, accents; kana voicing marks kept."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).lower())
    text = "".join(EXTRAS.get(c, c) for c in text if unicodedata.category(c) != "Mn" or c in KANA_VOICING)
    return unicodedata.normalize("NFC", text)


def unspaced(c):
    """Han, hiragana, katakana: scripts written without spaces."""
    n = ord(c)
    return (0x3040 <= n <= 0x30FF or 0x31F0 <= n <= 0x31FF or 0x3400 <= n <= 0x4DBF or 0x4E00 <= n <= 0x9FFF
            or 0xF900 <= n <= 0xFAFF or 0x20000 <= n <= 0x2FFFF)


def words(text):
    """Runs of letters, digits and marks; a run of unspaced script is its pairs of characters."""
    runs, run = [], ""
    for c in fold(text):
        if unicodedata.category(c)[0] in "LNM":
            run += c
        elif run:
            runs.append(run)
            run = ""
    runs += [run] if run else []
    out = []
    for run in runs:
        for part in re.split(r"([\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]+)", run):
            if not part:
                continue
            if not unspaced(part[0]):
                if len(part) <= 64:
                    out.append(part)
            elif len(part) == 1:
                out.append(part)
            else:
                out.extend(part[i:i + 2] for i in range(len(part) - 1))
    return out


def one_edit_apart(a, b):
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1:] == b[i + 1:] or (i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:])
    return a[i:] == b[i + 1:] if len(a) < len(b) else a[i + 1:] == b[i:]


def load_catalog(content, language=None, market=None):
    """The products as a storefront's index holds them: with `language`, each record's translation
    file (`serum.ko.md`) replaces the texts it gives (name, body, tags, option values, a brand's
    title); with `market`, prices are in its currency as the contract computes them."""
    site = json.load(open(os.path.join(content, "site.json"), encoding="utf-8"))
    languages = set(site.get("languages", [])[1:])

    def read(path):
        text = open(path, encoding="utf-8").read()
        if path.endswith(".json"):
            return json.loads(text)
        _, front, body = text.split("---\n", 2)
        record = yaml.safe_load(front) or {}
        record["body"] = body
        return record

    def is_translation(name):
        return os.path.splitext(os.path.splitext(name)[0])[1][1:] in languages

    def translated(folder, name):
        """The record at folder/name with its `language` translation's texts over its own."""
        record = read(os.path.join(folder, name))
        stem = os.path.splitext(name)[0]
        for ext in (".md", ".json"):
            path = os.path.join(folder, f"{stem}.{language}{ext}")
            if language and os.path.exists(path):
                translation = read(path)
                body = translation.pop("body", "").strip()
                if body:
                    record["detail"] = record["body"] = body
                record.update({k: translation[k] for k in ("name", "title", "tags") if k in translation})
                record["values"] = translation.get("values", {})
        return record

    def price(value, listed):
        """Listed in the market's currency, else converted by the rate and rounded half-even to the step."""
        if market is None or market["currency"] == site["currency"]:
            return Decimal(str(value))
        currency = market["currency"]
        if currency in (listed or {}):
            return Decimal(str(listed[currency]))
        step = Decimal(market.get("rounding", "1" if currency in ("JPY", "KRW") else "0.01"))
        converted = Decimal(str(value)) * Decimal(site["exchangeRates"][currency])
        return (converted / step).quantize(Decimal(1), rounding=ROUND_HALF_EVEN) * step

    # Promotions without a code that run at CLOCK in this market lower the price shoppers search by.
    running = []
    folder = os.path.join(content, "promotions")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if is_translation(name):
            continue
        promotion = read(os.path.join(folder, name))
        starts, ends = (str(promotion.get(k, "")) for k in ("starts", "ends"))
        in_market = not promotion.get("markets") or (market and market["id"] in promotion["markets"])
        if not promotion.get("code") and in_market and starts[:10] <= CLOCK[:10] and (not ends or CLOCK[:10] <= ends[:10]):
            running.append(promotion)

    def on_sale(amount, slug, brand):
        percent = max((Decimal(str(p["discountPercent"])) for p in running
                       if slug in p.get("products", []) or brand in p.get("brands", [])), default=None)
        if percent is None:
            return amount
        unit = Decimal(1) if (market or {}).get("currency") in ("JPY", "KRW") else Decimal("0.01")
        return amount - (amount * percent / 100).quantize(unit, rounding=ROUND_HALF_EVEN)

    parents = {}
    folder = os.path.join(content, "categories")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if not is_translation(name):
            parents[os.path.splitext(name)[0]] = read(os.path.join(folder, name)).get("parent")

    def with_ancestors(slugs):
        out = set()
        for slug in slugs:
            while slug and slug not in out:
                out.add(slug)
                slug = parents.get(slug)
        return out

    brands = {}
    for name in sorted(os.listdir(os.path.join(content, "brands"))):
        if not is_translation(name):
            brands[os.path.splitext(name)[0]] = translated(os.path.join(content, "brands"), name)["title"]
    products = []
    skus = {}
    for folder, _, files in os.walk(os.path.join(content, "products")):
        for name in files:
            if is_translation(name):
                continue
            p = translated(folder, name)
            slug = os.path.splitext(name)[0]
            fields = {}
            def add(text, field):
                for w in words(str(text)):
                    fields[w] = fields.get(w, 0) | WEIGHTS[field]
            add(p["name"], "name")
            add(brands[p["brand"]], "brand")
            for tag in p.get("tags", []):
                add(tag, "label")
            add(p["sku"], "label")
            # Variants: their skus and option values are words like tags; each has a price.
            options = p.get("options", [])
            for v in p.get("variants", []):
                add(v["sku"], "label")
                for option in options:
                    add(p.get("values", {}).get(str(v[option]), v[option]), "label")
            add(p.get("detail", p.get("body", "")), "detail")
            prices = sorted({on_sale(price(v.get("price", p["price"]), v.get("prices") if "price" in v else p.get("prices")), slug, p["brand"])
                             for v in p.get("variants", [])}) or [on_sale(price(p["price"], p.get("prices")), slug, p["brand"])]
            skus[str(p["sku"])] = slug
            for v in p.get("variants", []):
                skus[str(v["sku"])] = slug
            products.append(dict(slug=slug, name=p["name"], brand=p["brand"], brand_title=brands[p["brand"]],
                                 price=prices[0], prices=prices, fields=fields,
                                 categories=with_ancestors(p.get("categories", [])),
                                 date=str(p["date"]) if p.get("date") else None))
    # Reviews (one JSON object a line, naming a product by slug or SKU): the average in tenths, rounded
    # half up as pages print it, and the count.
    ratings, slugs = {}, {p["slug"] for p in products}
    folder = os.path.join(content, "reviews")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    review = json.loads(line)
                    slug = review["product"] if review["product"] in slugs else skus[review["product"]]
                    total, count = ratings.get(slug, (0, 0))
                    ratings[slug] = (total + review["rating"], count + 1)
    for p in products:
        total, count = ratings.get(p["slug"], (0, 0))
        p["rating"] = ((total * 20 + count) // (count * 2), count) if count else None
    products.sort(key=lambda p: (fold(p["name"]), p["name"], p["slug"]))
    return brands, products


def expected(products, q="", brand=None, low=None, high=None, category=None, sort=None):
    """Names in result order, by the documented rules."""
    query = words(q)
    found = []
    for number, p in enumerate(products):
        total = 0
        for w in query:
            best = 0
            for term, mask in p["fields"].items():
                if term == w:
                    weight = 3
                elif len(w) >= 3 and term.startswith(w):
                    weight = 2
                elif len(w) >= 5 and w[0].isalpha() and len(term) >= 5 and term[0] == w[0] and one_edit_apart(w, term):
                    weight = 1
                else:
                    continue
                best = max(best, mask * weight)
            if best == 0:
                break
            total += best
        else:
            if brand and p["brand"] != brand:
                continue
            if category and category not in p["categories"]:
                continue
            # A product stays when any of its variants' prices is in range.
            if not any((low is None or price >= low) and (high is None or price <= high) for price in p["prices"]):
                continue
            found.append((-total, number, p))
    # Product numbers are name order: every order breaks its ties by name; no date sorts last.
    orders = {
        None: lambda t: (t[0], t[1]),
        "name": lambda t: t[1],
        "price": lambda t: (t[2]["price"], t[1]),
        "price-desc": lambda t: (-t[2]["price"], t[1]),
        "newest": lambda t: (t[2]["date"] is None, "" if t[2]["date"] is None else "".join(chr(0x10FFFF - ord(c)) for c in t[2]["date"]), t[1]),
        # Highest average first, then more reviews; unreviewed last.
        "rating": lambda t: (t[2]["rating"] is None, -(t[2]["rating"] or (0, 0))[0], -(t[2]["rating"] or (0, 0))[1], t[1]),
    }
    return [p for _, _, p in sorted(found, key=orders[sort])]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True)
    ap.add_argument("--content", required=True)
    ap.add_argument("--screenshot", required=True)
    a = ap.parse_args()
    brands, products = load_catalog(a.content)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=a.site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,1400"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    passed, failed = 0, 0

    def check(name, condition, detail=""):
        nonlocal passed, failed
        if condition:
            passed += 1
            print(f"ok    {name}")
        else:
            failed += 1
            print(f"FAIL  {name}: {detail}")

    def wait_done(url_part=None):
        def ready(d):
            if url_part is not None and url_part not in d.current_url:
                return False
            return d.find_element(By.ID, "search-results").get_attribute("data-state") == "done"
        WebDriverWait(driver, 15).until(ready)

    def visible():
        items = driver.find_elements(By.CSS_SELECTOR, "#search-results li")
        return [dict(name=li.find_element(By.TAG_NAME, "a").text, brand=li.find_element(By.CLASS_NAME, "card-meta").text,
                     price=li.find_element(By.CLASS_NAME, "price").text, href=li.find_element(By.TAG_NAME, "a").get_attribute("href"),
                     images=len(li.find_elements(By.TAG_NAME, "img"))) for li in items]

    def status():
        return driver.find_element(By.ID, "search-status").text

    def open_search(_storefront="", **params):
        driver.get(base + _storefront + "search/?" + urlencode(params))
        wait_done()

    def check_query(label, want, **params):
        open_search(**params)
        shown = visible()
        names = [r["name"] for r in shown]
        want_names = [p["name"] for p in want[:20]]
        check(f"{label}: results in relevance-then-name order", names == want_names, f"shown {names}, expected {want_names}")
        count = len(want)
        wording = f"{count} product{'s' if count != 1 else ''} found" if count else "No products found"
        check(f"{label}: status counts {count}", status().startswith(wording), f"status {status()!r}")
        return shown

    try:
        # Words, case and accents.
        night = expected(products, "night")
        check("sample shop has several 'night' products", len(night) >= 4, len(night))
        shown = check_query("night", night, q="night")
        check("night: names with 'Night' rank first", shown and "night" in fold(shown[0]["name"]), shown[:1])
        first = shown[0] if shown else {}
        check("night: a result shows thumbnail, brand, price and link",
              first.get("images") == 1 and first.get("brand") and re.match(r"^\$\d+\.\d\d( – \$\d+\.\d\d)?(/\S.*)?$", first.get("price", ""))
              and first.get("href", "").startswith(base + "products/"), first)
        upper = check_query("NIGHT", night, q="NIGHT")
        check("NIGHT shows exactly what night shows", upper == shown, "differs")

        # "estee": the sample shop's brand is "Esta Louder" and no text holds Estée/estee, so the
        # honest expectation is no result (one typo away from "estee" with the same first letter
        # is nothing in this content); the accent checks below use words the content really has.
        estee = expected(products, "estee")
        check_query("estee", estee, q="estee")
        check("estee: the page says nothing was found", (not estee) == ("No products found" in status()), status())
        check_query("Estée (accented query)", estee, q="Estée")
        creme = expected(products, "creme")
        check("content has Crème products", any(p["name"] == "Crème Fraîche Rejuvenating Mask" for p in creme), len(creme))
        check_query("creme finds Crème", creme, q="creme")
        check_query("serenite finds Sérénité", expected(products, "serenite"), q="serenite")
        check("serenite: the Sérénité mist is found",
              any("Sérénité" in r["name"] for r in visible()), [r["name"] for r in visible()])
        check_query("typo serun finds serum", expected(products, "serun"), q="serun")
        check("serun: finds Serum products", any("Serum" in r["name"] for r in visible()), [r["name"] for r in visible()])
        check_query("two words night cream", expected(products, "night cream"), q="night cream")
        check_query("sku EST-ANR-50", expected(products, "EST-ANR-50"), q="EST-ANR-50")

        # Typing with the keyboard alone: "/" focuses the box, prefixes match while typing.
        open_search()
        driver.find_element(By.TAG_NAME, "body").send_keys("/")
        active = driver.switch_to.active_element
        check("'/' moves focus to the search box", active.get_attribute("id") == "search-q", active.get_attribute("id"))
        active.send_keys("nig")
        wait_done("q=nig")
        nig = expected(products, "nig")
        check("typing nig: prefix finds the night products", [r["name"] for r in visible()] == [p["name"] for p in nig[:20]],
              [r["name"] for r in visible()])
        active.send_keys(Keys.TAB, Keys.TAB)  # past the Search button to the brand filter
        check("Tab reaches the brand filter", driver.switch_to.active_element.get_attribute("id") == "search-brand",
              driver.switch_to.active_element.get_attribute("id"))

        # Brand facet with counts, from the URL and from the select.
        open_search(q="night")
        options = {o.get_attribute("value"): o.text for o in driver.find_elements(By.CSS_SELECTOR, "#search-brand option")}
        for slug, title in sorted(brands.items()):
            count = sum(1 for p in night if p["brand"] == slug)
            check(f"night: brand count {title} ({count})", options.get(slug) == f"{title} ({count})", options.get(slug))
        # Queries whose counts come from several postings' per-product facets: a prefix, a typo,
        # two words. The brand counts must be those of the results, as for one word.
        for q in ["nig", "serun", "night cream"]:
            open_search(q=q)
            want = expected(products, q)
            options = {o.get_attribute("value"): o.text for o in driver.find_elements(By.CSS_SELECTOR, "#search-brand option")}
            wrong = [(slug, options.get(slug)) for slug, title in sorted(brands.items())
                     if options.get(slug) != f"{title} ({sum(1 for p in want if p['brand'] == slug)})"]
            check(f"{q}: every brand count is the number of its results", not wrong, wrong)
            shown_counts = sum(int(re.search(r"\((\d+)\)$", o.text).group(1))
                               for o in driver.find_elements(By.CSS_SELECTOR, "#search-availability option")[1:])
            check(f"{q}: availability counts add up to the results ({len(want)})", shown_counts == len(want), shown_counts)
            fetched = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
            columns = [url for url in fetched if "/search/f-" in url]
            check(f"{q}: counted from the postings, no facet column fetched", not columns, columns)
        open_search(q="night")
        Select(driver.find_element(By.ID, "search-brand")).select_by_value("esta-louder")
        wait_done("brand=esta-louder")
        fetched = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
        check("a brand filter reads the facet columns", any("/search/f-" in url for url in fetched), fetched)
        want = expected(products, "night", brand="esta-louder")
        got = visible()
        check("brand filter: only Esta Louder, all of them", [r["name"] for r in got] == [p["name"] for p in want]
              and all(r["brand"] == "Esta Louder" for r in got), got)
        check_query("brand filter from the URL", want, q="night", brand="esta-louder")

        # Price range.
        want = expected(products, "night", low=Decimal(10), high=Decimal(50))
        got = check_query("price 10-50", want, q="night", min="10", max="50")
        # A range result ("$62.00 – $135.00") has a variant in range when the range overlaps it.
        spans = [[Decimal(a) for a in re.findall(r"\d+\.\d\d", r["price"].split("/")[0])] for r in got]
        check("price 10-50: every price in range", spans and all(s[0] <= 50 and s[-1] >= 10 for s in spans), spans)
        check_query("price from 60, no query", expected(products, "", low=Decimal(60)), min="60")

        # Variants: a shade's name finds its product, and a range keeps a product when any size is in it.
        rosewood = check_query("rosewood finds the foundation", expected(products, "rosewood"), q="rosewood")
        check("rosewood: the foundation", [r["name"] for r in rosewood] == ["Forever Skin Glow Foundation"], rosewood)
        dear = check_query("price 100-140 keeps the serum by its 100 ml", expected(products, "serum", low=Decimal(100),
                           high=Decimal(140)), q="serum", min="100", max="140")
        serum = [r for r in dear if r["name"] == "Advanced Night Repair Serum"]
        check("price 100-140: the serum shows its price range", serum and serum[0]["price"] == "$62.00 – $135.00", serum)

        # Categories: a category keeps the products in it or below it; the facet counts them.
        skincare = check_query("category skincare, no query", expected(products, category="skincare"), category="skincare")
        check("category skincare: products of its sub-categories too", any(r["name"] == "Advanced Night Repair Serum" for r in
              visible()), [r["name"] for r in skincare])
        option = driver.find_element(By.CSS_SELECTOR, '#search-category option[value="serums"]').text
        serums = expected(products, category="serums")
        check("category facet counts", option.strip().endswith(f"({len(serums)})"), option)
        check_query("night in serums", expected(products, "night", category="serums"), q="night", category="serums")

        # Sorting: by name, price both ways, newest (undated last) and rating, kept in the URL.
        for sort in ("name", "price", "price-desc", "newest", "rating"):
            want = expected(products, "", category="skincare", sort=sort)
            check_query(f"skincare sorted by {sort}", want, category="skincare", sort=sort)
            check(f"sort {sort}: kept in the URL and the form", f"sort={sort}" in driver.current_url
                  and driver.find_element(By.ID, "search-sort").get_attribute("value") == sort, driver.current_url)
        newest = expected(products, "", sort="newest", category="makeup")
        check_query("makeup sorted by newest", newest, category="makeup", sort="newest")
        undated = [p for p in newest if p["date"] is None]
        check("newest: undated products are listed, after every dated one", undated and newest[-len(undated):] == undated
              and [r["name"] for r in visible()][-len(undated):] == [p["name"] for p in undated], [p["date"] for p in newest])
        cheap = check_query("night by price", expected(products, "night", sort="price"), q="night", sort="price")

        # A highest price below the lowest is a clear message, not an empty list.
        open_search(q="night", min="50", max="10")
        message = driver.find_element(By.ID, "search-message")
        check("max below min: a visible message says so", message.is_displayed() and "below the lowest price" in message.text,
              message.text)
        check("max below min: no result list", visible() == [], len(visible()))

        # Every page's header box submits to the search page.
        driver.get(base + "brands/")
        box = driver.find_element(By.ID, "site-search-q")
        box.send_keys("night", Keys.ENTER)
        wait_done("q=night")
        check("header search box on another page opens the results", [r["name"] for r in visible()] == [p["name"] for p in night[:20]],
              driver.current_url)

        # The page's own word splitting, run in Chromium, against this script's reading of the
        # rules: width forms, accents, kana voicing, and pairs for text without spaces.
        samples = ["薬用美白化粧水です", "SPF50の日焼け止め", "ＳＰＦ５０ Ｓｅｒｕｍ", "ｾﾗﾑ", "미백 세럼 2026", "Estée LAUDER",
                   "Straße Œuvre", "ΚΡΕΜΑΣ", "水", "がっこう", "ﬁne"]
        source = open(os.path.join(a.site, "search", "search.js"), encoding="utf-8").read()
        block = source[source.index("  const EXTRAS"):source.index("  /** Code point order")]
        split = driver.execute_script(block + "\nreturn arguments[0].map(words);", samples)
        for sample, got in zip(samples, split):
            check(f"the page splits {sample!r} as the rules say", got == words(sample), f"page {got}, rules {words(sample)}")
        check("a query's pairs are all in the text it occurs in", set(words("化粧水")) <= set(words("薬用美白化粧水です")))

        # Storefronts: each searches its own index, in its language, with its market's prices; text
        # without spaces is found by any two or more characters that occur in it.
        site = json.load(open(os.path.join(a.content, "site.json"), encoding="utf-8"))
        markets = {m["id"]: m for m in site.get("markets", [])}
        if {"kr", "jp"} <= set(markets):
            _, korean = load_catalog(a.content, "ko", markets["kr"])
            _, japanese = load_catalog(a.content, "ja", markets["jp"])
            han = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]{4,}")
            runs = [m.group(0) for p in japanese for m in [han.search(p["name"])] if m]
            inner = runs[0][1:3] if runs else ""
            cases = [("ko-kr/", korean, "크림", {}), ("ko-kr/", korean, "세럼", {}), ("ko-kr/", korean, "", {"min": "30000", "max": "60000"}),
                     ("ja-jp/", japanese, "美容液", {}), ("ja-jp/", japanese, "化粧水", {}), ("ja-jp/", japanese, inner, {})]
            for prefix, catalog, q, extra in cases:
                low, high = (Decimal(extra[k]) if k in extra else None for k in ("min", "max"))
                want = expected(catalog, q, low=low, high=high)
                params = dict(extra, q=q) if q else dict(extra)
                open_search(prefix, **params)
                names = [r["name"] for r in visible()]
                label = f"{prefix}search/ {q or extra}"
                check(f"{label}: finds something in the content", bool(want), "the content has no such product")
                check(f"{label}: results in relevance-then-name order", names == [p["name"] for p in want[:20]],
                      f"shown {names}, expected {[p['name'] for p in want[:20]]}")
                check(f"{label}: the status counts {len(want)}", str(len(want)) in status(), status())
                prices = [r["price"] for r in visible()]
                symbol = "₩" if prefix == "ko-kr/" else "¥"
                check(f"{label}: prices in the market's currency", prices and all(symbol in price for price in prices), prices)
            check("ja-jp: a two-character piece of a name without spaces is searched", len(inner) == 2, runs[:3])

            # "More reviews" adds days as the page prints them: by CLDR in the storefront's locale.
            months = "January|February|March|April|May|June|July|August|September|October|November|December"
            day_patterns = {"": rf"^({months}) \d{{1,2}}, \d{{4}}$", "ko-kr/": r"^\d{4}년 \d{1,2}월 \d{1,2}일$",
                            "ja-jp/": r"^\d{4}年\d{1,2}月\d{1,2}日$", "ar-ae/": r"^[^A-Za-z]+$"}
            for prefix, pattern in day_patterns.items():
                folder = os.path.join(a.site, prefix, "products")

                def has_more(name):
                    with open(os.path.join(folder, name, "index.html"), encoding="utf-8") as page:
                        return "data-reviews-more" in page.read()

                page = next((name for name in sorted(os.listdir(folder)) if has_more(name)), None)
                check(f"{prefix}products/: a product has more reviews than its page shows", page is not None, folder)
                if page is None:
                    continue
                driver.get(base + prefix + "products/" + page + "/")

                def days():
                    return driver.find_elements(By.CSS_SELECTOR, "[data-review-list] time[data-review-date]")

                before = len(days())
                WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-reviews-more]").is_displayed())
                driver.find_element(By.CSS_SELECTOR, "[data-reviews-more]").click()
                WebDriverWait(driver, 10).until(lambda d: len(days()) > before)
                texts = [day.text for day in days()]
                check(f"{prefix}products/{page}/: the page's review days and those 'more' adds are written as its locale writes them",
                      all(re.match(pattern, text) for text in texts), texts)

        open_search(q="night", min="10", max="50")
        os.makedirs(os.path.dirname(os.path.abspath(a.screenshot)), exist_ok=True)
        driver.save_screenshot(a.screenshot)
        check("screenshot saved", os.path.getsize(a.screenshot) > 10_000, a.screenshot)
        logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "favicon.ico" not in e.get("message", "")]
        check("no errors in the browser console", not logs, logs)
    except TimeoutException as error:
        check("page finished searching in time", False, f"{error} at {driver.current_url}")
    finally:
        driver.quit()
        server.shutdown()
    print(f"search-browser: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
