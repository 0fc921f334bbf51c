#!/usr/bin/env python3
"""Checks a built site's feeds with real clients; called by scripts/e2e-feeds.sh.

    e2e-feeds-check.py OUTPUT_DIR CONTENT_DIR CLOCK

The expected item sets are computed here from CONTENT_DIR, independently of Vitrine: a
promotion is listed unless it has ended at CLOCK, newest start first; a brand's feed lists the
promotions naming the brand or one of its products; the product feed lists every product.
Each feed is parsed by feedparser (RSS; bozo must be 0) or jsonfeed-util (JSON Feed; feedparser's
released versions do not read JSON Feed), and every XML file by `xmllint --noout`.
Prints one line per check and a final "feeds: N passed, M failed"; exits 1 on any failure.
"""
import datetime as dt
import json
import os
import re
import subprocess
import sys

import feedparser
import jsonfeed
import yaml

out, content, clock_text = sys.argv[1:4]
UTC = dt.timezone.utc


def moment(value):
    """A content date or date-time as an aware UTC datetime (plain dates are midnight UTC)."""
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=UTC)
    text = str(value).strip().replace("z", "Z")
    if len(text) == 10:
        text += "T00:00:00"
    parsed = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def record(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        return json.loads(text)
    match = re.match(r"---\r?\n(.*?)\r?\n---", text, re.S)
    return yaml.safe_load(match.group(1)) if match else {}


def records(kind, recursive=False):
    found = {}
    for root, _, files in os.walk(os.path.join(content, kind)):
        for name in files:
            slug, ext = os.path.splitext(name)
            if ext in (".md", ".json"):
                found[slug] = record(os.path.join(root, name))
        if not recursive:
            break
    return found


now = moment(clock_text)
site = json.load(open(os.path.join(content, "site.json"), encoding="utf-8"))
base = site["baseURL"]
brands = records("brands")
products = records("products", recursive=True)
promotions = records("promotions")

listed = [
    slug for slug, p in promotions.items()
    if not ("ends" in p and now >= moment(p["ends"]))
]
listed.sort(key=lambda s: (-moment(promotions[s]["starts"]).timestamp(), s))


def promotion_url(slug):
    return f"{base}promotions/{slug}/"


def names_brand(promotion, brand):
    return brand in promotion.get("brands", []) or any(
        products[p]["brand"] == brand for p in promotion.get("products", []))


passed = failed = 0


def report(name, problems):
    global passed, failed
    if problems:
        failed += 1
        print(f"FAIL {name}")
        for problem in problems:
            print(f"     {problem}")
    else:
        passed += 1
        print(f"ok   {name}")


def xmllint(path):
    result = subprocess.run(["xmllint", "--noout", "--nonet", path], capture_output=True, text=True)
    return [f"xmllint: {line}" for line in result.stderr.splitlines()] if result.returncode else []


def check_rss(relative, expected_links, extra=None):
    path = os.path.join(out, relative)
    problems = []
    if not os.path.exists(path):
        return report(relative, ["missing"])
    problems += xmllint(path)
    feed = feedparser.parse(path)
    if feed.bozo:
        problems.append(f"feedparser bozo: {feed.get('bozo_exception')!r}")
    if feed.version != "rss20":
        problems.append(f"feedparser sees version {feed.version!r}, not rss20")
    links = [e.get("link") for e in feed.entries]
    if isinstance(expected_links, set):  # any order, each once
        if len(links) != len(expected_links) or set(links) != expected_links:
            missing = sorted(expected_links - set(links))[:5]
            problems.append(f"{len(links)} items, expected {len(expected_links)}; missing e.g. {missing}")
    elif links != expected_links:
        problems.append(f"{len(links)} items {links}, expected {len(expected_links)} {expected_links}")
    for key in ("title", "link", "language", "updated_parsed"):
        if not feed.feed.get(key):
            problems.append(f"channel has no {key}")
    for entry in feed.entries:
        if not entry.get("link", "").startswith(base):
            problems.append(f"item link {entry.get('link')!r} is not absolute")
        if extra:
            problems += extra(entry)
    report(f"{relative} ({len(feed.entries)} items)", problems)


def promotion_item_checks(entry):
    problems = []
    if not entry.get("published_parsed"):
        problems.append(f"{entry.get('link')}: no parseable pubDate")
    if entry.get("id") != entry.get("link"):
        problems.append(f"{entry.get('link')}: guid {entry.get('id')!r} differs from link")
    for enclosure in entry.get("enclosures", []):
        if not enclosure.get("href", "").startswith(base) or not enclosure.get("type"):
            problems.append(f"{entry.get('link')}: bad enclosure {enclosure}")
    return problems


expected = [promotion_url(s) for s in listed]
check_rss("feeds/promotions.xml", expected, promotion_item_checks)

for brand in sorted(brands):
    mine = [promotion_url(s) for s in listed if names_brand(promotions[s], brand)]
    check_rss(f"feeds/brands/{brand}.xml", mine, promotion_item_checks)

# One item per thing a shopper can buy: a product, or each of its variants (linked to the product
# page with the variant chosen, grouped under the product's sku).
product_urls = {}
for slug, p in products.items():
    if p.get("variants"):
        for v in p["variants"]:
            product_urls[f"{base}products/{slug}/?variant={v['sku']}"] = dict(p, sku=v["sku"], group=p["sku"], variant=v)
    else:
        product_urls[f"{base}products/{slug}/"] = p


def product_item_checks(entry):
    problems = []
    product = product_urls.get(entry.get("link"))
    if product is None:
        return [f"{entry.get('link')}: not a product of the content"]
    if entry.get("g_id") != str(product["sku"]):
        problems.append(f"{entry.get('link')}: g:id {entry.get('g_id')!r}, expected {product['sku']!r}")
    if entry.get("g_item_group_id") != product.get("group"):
        problems.append(f"{entry.get('link')}: g:item_group_id {entry.get('g_item_group_id')!r}, expected {product.get('group')!r}")
    if not re.fullmatch(r"\d+(\.\d+)? [A-Z]{3}", entry.get("g_price", "")):
        problems.append(f"{entry.get('link')}: g:price {entry.get('g_price')!r}")
    for key in ("g_availability", "g_brand", "g_condition", "description"):
        if not entry.get(key):
            problems.append(f"{entry.get('link')}: no {key}")
    net = (product.get("variant") or {}).get("netContent") or product.get("netContent")
    if net and site.get("unitPriceBase") and not entry.get("g_unit_pricing_measure"):
        problems.append(f"{entry.get('link')}: {net} but no g:unit_pricing_measure")
    if site.get("shipping") and "g_shipping" not in entry and "g_country" not in entry:
        problems.append(f"{entry.get('link')}: the site ships but the item has no g:shipping")
    if len(entry.get("description", "")) > 5000:
        problems.append(f"{entry.get('link')}: description longer than 5000 characters")
    return problems


check_rss("feeds/products.xml", set(product_urls), product_item_checks)


def check_json_feed(relative, expected_links):
    problems = []
    with open(os.path.join(out, relative), encoding="utf-8") as f:
        text = f.read()
    try:
        parsed = jsonfeed.Feed.parse_string(text)
    except Exception as error:  # the client's own parse errors
        return report(relative, [f"jsonfeed-util: {error!r}"])
    raw = json.loads(text)
    if raw.get("version") != "https://jsonfeed.org/version/1.1":
        problems.append(f"version {raw.get('version')!r}")
    links = [item.url for item in parsed.items]
    if links != expected_links:
        problems.append(f"items {links}, expected {expected_links}")
    for item in raw.get("items", []):
        if "content_html" not in item and "content_text" not in item:
            problems.append(f"{item.get('id')}: no content")
        try:
            moment(item["date_published"])
        except (KeyError, ValueError):
            problems.append(f"{item.get('id')}: date_published {item.get('date_published')!r} is not RFC 3339")
    for url in [raw.get("feed_url", ""), raw.get("home_page_url", "")] + links:
        if not url.startswith(base):
            problems.append(f"{url!r} is not absolute")
    report(f"{relative} ({len(parsed.items)} items)", problems)


check_json_feed("feeds/promotions.json", expected)

# The sitemap: well-formed and naming every HTML page but the not-found page and the pages that
# ask search engines not to list them (checkout's return pages).
problems = xmllint(os.path.join(out, "sitemap.xml"))
pages = set()
for root, _, files in os.walk(out):
    for name in files:
        if name.endswith(".html") and name != "404.html":
            with open(os.path.join(root, name), encoding="utf-8") as page:
                if '<meta name="robots" content="noindex">' in page.read():
                    continue
            relative = os.path.relpath(os.path.join(root, name), out).replace(os.sep, "/")
            pages.add(base + (relative[: -len("index.html")] if relative.endswith("index.html") else relative))
sitemap = open(os.path.join(out, "sitemap.xml"), encoding="utf-8").read()
locations = set(re.findall(r"<loc>(.*?)</loc>", sitemap))
if locations != pages:
    problems.append(f"missing {sorted(pages - locations)[:5]}, extra {sorted(locations - pages)[:5]}")
report(f"sitemap.xml ({len(locations)} URLs)", problems)

robots = open(os.path.join(out, "robots.txt"), encoding="utf-8").read()
report("robots.txt", [] if f"Sitemap: {base}sitemap.xml" in robots.splitlines() else ["does not name the sitemap"])

print(f"feeds: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
