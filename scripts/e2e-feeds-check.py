#!/usr/bin/env python3
"""Checks a built site's feeds with real clients; called by scripts/e2e-feeds.sh.

    e2e-feeds-check.py OUTPUT_DIR CONTENT_DIR CLOCK

The expected item sets are computed here from CONTENT_DIR, independently of Vitrine: a
promotion is listed unless it has ended at CLOCK, newest start first; a brand's feed lists the
promotions naming the brand or one of its products; the product feeds (Google's and Meta's) list
every product; Google's Product Ratings feed holds every line of Content/reviews/*.jsonl and is
absent without any. Each feed is parsed by feedparser (RSS; bozo must be 0), jsonfeed-util (JSON
Feed; feedparser's released versions do not read JSON Feed) or ElementTree (the ratings feed),
and every XML file by `xmllint --noout`.
Prints one line per check and a final "feeds: N passed, M failed"; exits 1 on any failure.
"""
import datetime as dt
import glob
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

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


# Meta's catalog feed: the same items, every field in the g: namespace, availability in words.
META_AVAILABILITY = {"in stock", "out of stock", "preorder", "available for order", "discontinued"}


def check_meta_feed(relative):
    path = os.path.join(out, relative)
    if not os.path.exists(path):
        return report(relative, ["missing"])
    problems = xmllint(path)
    feed = feedparser.parse(path)
    if feed.bozo or feed.version != "rss20":
        problems.append(f"feedparser: bozo {feed.get('bozo_exception')!r}, version {feed.version!r}")
    links = [e.get("g_link") for e in feed.entries]
    if len(links) != len(product_urls) or set(links) != set(product_urls):
        problems.append(f"{len(links)} items, expected {len(product_urls)}; missing e.g. {sorted(set(product_urls) - set(links))[:5]}")
    for entry in feed.entries:
        product = product_urls.get(entry.get("g_link"))
        if product is None:
            continue
        name = entry.get("g_link")
        if entry.get("g_id") != str(product["sku"]) or entry.get("g_item_group_id") != product.get("group"):
            problems.append(f"{name}: g:id {entry.get('g_id')!r} / g:item_group_id {entry.get('g_item_group_id')!r}")
        if entry.get("g_availability") not in META_AVAILABILITY:
            problems.append(f"{name}: g:availability {entry.get('g_availability')!r} is not one of Meta's")
        if not re.fullmatch(r"\d+\.\d{2} [A-Z]{3}", entry.get("g_price", "")):
            problems.append(f"{name}: g:price {entry.get('g_price')!r}")
        description = entry.get("g_description", "")
        if not description or description == entry.get("g_title") or re.search(r"<[a-z/]|\*\*|\]\(|://", description):
            problems.append(f"{name}: g:description is empty, the title, or not plain text without links: {description[:60]!r}")
        for key in ("g_title", "g_brand", "g_image_link"):
            if not entry.get(key):
                problems.append(f"{name}: no {key}")
        if entry.get("g_condition") != "new":
            problems.append(f"{name}: g:condition {entry.get('g_condition')!r}")
    for google_only in ("identifier_exists", "product_detail", "unit_pricing_measure"):
        if f"<g:{google_only}>" in open(path, encoding="utf-8").read():
            problems.append(f"g:{google_only} is Google's, not Meta's")
    report(f"{relative} ({len(feed.entries)} items)", problems)


check_meta_feed("feeds/meta-products.xml")

# Google's Product Ratings feed (schema 2.4): every review line, each once, its elements in the
# schema's order, its product named by GTIN, else MPN and brand, else SKU and brand.
REVIEW_SEQUENCE = [
    "review_id", "reviewer", "is_verified_purchase", "is_incentivized_review", "review_timestamp", "title", "content",
    "review_language", "review_country", "pros", "cons", "review_url", "reviewer_images", "ratings", "products",
    "is_spam", "collection_method", "transaction_id",
]
REVIEW_REQUIRED = {"review_id", "reviewer", "review_timestamp", "content", "review_url", "ratings", "products"}
SCHEMA = "http://www.google.com/shopping/reviews/schema/product/2.4/product_reviews.xsd"
XSI = "{http://www.w3.org/2001/XMLSchema-instance}noNamespaceSchemaLocation"


def review_lines():
    found = {}
    for name in sorted(glob.glob(os.path.join(content, "reviews", "*.jsonl"))):
        with open(name, encoding="utf-8-sig") as f:
            for line in f:
                if line.strip():
                    review = json.loads(line)
                    found[review["id"]] = review
    return found


def reviewed_items(named):
    """The products or variants a review's `product` (a slug or a SKU) is about, with the brand."""
    for slug, p in products.items():
        variants = p.get("variants") or []
        if named == slug or named == str(p["sku"]):
            return [dict(p, **{k: v[k] for k in ("sku", "gtin", "mpn") if k in v}) for v in variants] or [p], p
        for v in variants:
            if named == str(v["sku"]):
                return [dict(p, **{k: v[k] for k in ("sku", "gtin", "mpn") if k in v})], p
    return None, None


def digits(value):
    return str(value).lstrip("0")


def check_ratings_feeds():
    expected = review_lines()
    paths = sorted(glob.glob(os.path.join(out, "feeds", "product-ratings*.xml")))
    if not expected:
        return report("feeds/product-ratings.xml (no reviews)", [f"written without reviews: {paths}"] if paths else [])
    problems = []
    if os.path.join(out, "feeds", "product-ratings.xml") not in paths:
        return report("feeds/product-ratings.xml", ["missing"])
    seen = []
    for path in paths:
        problems += xmllint(path)
        if os.path.getsize(path) > 100_000_000:
            problems.append(f"{path}: over Google's 100 MB")
        try:
            root = ElementTree.parse(path).getroot()
        except ElementTree.ParseError as error:
            problems.append(f"{path}: not well-formed: {error}")
            continue
        if root.tag != "feed" or root.get(XSI) != SCHEMA or root.findtext("version") != "2.4":
            problems.append(f"{path}: root {root.tag}, schema {root.get(XSI)!r}, version {root.findtext('version')!r}")
        if [child.tag for child in root] != ["version", "publisher", "reviews"] or not root.findtext("publisher/name"):
            problems.append(f"{path}: feed children {[child.tag for child in root]}")
        for review in root.iterfind("reviews/review"):
            rid = review.findtext("review_id")
            seen.append(rid)
            names = [child.tag for child in review]
            order = [REVIEW_SEQUENCE.index(n) if n in REVIEW_SEQUENCE else -1 for n in names]
            if -1 in order or order != sorted(order) or not REVIEW_REQUIRED <= set(names):
                problems.append(f"{rid}: elements {names}")
                continue
            line = expected.get(rid)
            if line is None:
                problems.append(f"{rid}: not a review of the content")
                continue
            overall = review.find("ratings/overall")
            if overall.text != str(line["rating"]) or (overall.get("min"), overall.get("max")) != ("1", "5"):
                problems.append(f"{rid}: rating {overall.text} of {overall.get('min')}-{overall.get('max')}, expected {line['rating']}")
            if review.findtext("content") != line["body"]:
                problems.append(f"{rid}: content differs from the review's body")
            try:
                stamp = dt.datetime.fromisoformat(review.findtext("review_timestamp").replace("Z", "+00:00"))
                if stamp.tzinfo is None:
                    problems.append(f"{rid}: review_timestamp without a zone")
            except ValueError:
                problems.append(f"{rid}: review_timestamp {review.findtext('review_timestamp')!r}")
            if not review.findtext("review_url", "").startswith(base + "products/"):
                problems.append(f"{rid}: review_url {review.findtext('review_url')!r}")
            items, product = reviewed_items(line["product"])
            ids = {kind: [e.text for e in review.iterfind(f"products/product/product_ids/{kind}s/{kind}")]
                   for kind in ("gtin", "mpn", "sku", "brand")}
            for item in items or []:
                if "gtin" in item:
                    ok = digits(item["gtin"]) in map(digits, ids["gtin"])
                elif "mpn" in item:
                    ok = str(item["mpn"]) in ids["mpn"] and ids["brand"]
                else:
                    ok = str(item["sku"]) in ids["sku"] and ids["brand"]
                if not ok:
                    problems.append(f"{rid}: {item['sku']} not named by its best identifier: {ids}")
            if not review.findtext("products/product/product_url", "").startswith(base + "products/"):
                problems.append(f"{rid}: product_url {review.findtext('products/product/product_url')!r}")
    if sorted(seen) != sorted(expected):
        problems.append(f"{len(seen)} reviews ({len(set(seen))} distinct), expected {len(expected)}; "
                        f"missing e.g. {sorted(set(expected) - set(seen))[:5]}")
    low = sum(1 for line in expected.values() if line["rating"] <= 2)
    report(f"feeds/product-ratings*.xml ({len(paths)} file(s), {len(seen)} reviews, {low} of 1-2 stars)", problems)


check_ratings_feeds()


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
