#!/usr/bin/env python3
"""Checks a built site's feeds with real clients; called by scripts/e2e-feeds.sh.

    e2e-feeds-check.py OUTPUT_DIR CONTENT_DIR CLOCK

The expected item sets are computed here from CONTENT_DIR, independently of Vitrine, for every
storefront (each market and language of site.json; the root alone without markets): a promotion
is listed unless it has ended at CLOCK or runs only in other markets, newest start first; a brand's feed lists the
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
    """The records of a kind by slug; translation files (`serum.ko.md`) are not records."""
    found = {}
    for root, _, files in os.walk(os.path.join(content, kind)):
        for name in files:
            slug, ext = os.path.splitext(name)
            if ext in (".md", ".json") and os.path.splitext(slug)[1][1:] not in LANGUAGES:
                found[slug] = record(os.path.join(root, name))
        if not recursive:
            break
    return found


now = moment(clock_text)
site = json.load(open(os.path.join(content, "site.json"), encoding="utf-8"))
root_url = site["baseURL"]
LANGUAGES = set(site.get("languages", [])[1:])
brands = records("brands")
products = records("products", recursive=True)
promotions = records("promotions")



def storefronts():
    """(path prefix, language, market) of every storefront as the contract lays them out: the first
    market's first language at the root, every other pair under `<language>-<market>/`."""
    markets = site.get("markets") or [{"id": None, "languages": [site.get("languages", ["en"])[0]],
                                       "currency": site["currency"], "countries": []}]
    fronts = []
    for m_index, market in enumerate(markets):
        for l_index, language in enumerate(market["languages"]):
            root = m_index == 0 and l_index == 0
            fronts.append(("" if root else f"{language}-{market['id']}/".lower(), language, market))
    return fronts


def runs_in(promotion, market):
    return not promotion.get("markets") or market["id"] in promotion["markets"]


def listed_in(market):
    """The promotions a storefront lists: not ended at CLOCK, run in its market, newest start first."""
    slugs = [slug for slug, p in promotions.items()
             if not ("ends" in p and now >= moment(p["ends"])) and runs_in(p, market)]
    return sorted(slugs, key=lambda s: (-moment(promotions[s]["starts"]).timestamp(), s))


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
    if not feed.feed.get("language", "").lower().startswith(language.lower()):
        problems.append(f"channel language {feed.feed.get('language')!r}, expected {language}")
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
        if not enclosure.get("href", "").startswith(root_url) or not enclosure.get("type"):
            problems.append(f"{entry.get('link')}: bad enclosure {enclosure}")
    return problems


def check_promotion_feeds():
    check_rss(prefix + "feeds/promotions.xml", expected, promotion_item_checks)
    for brand in sorted(brands):
        mine = [promotion_url(s) for s in listed if names_brand(promotions[s], brand)]
        check_rss(f"{prefix}feeds/brands/{brand}.xml", mine, promotion_item_checks)

# One item per thing a shopper can buy: a product, or each of its variants (linked to the product
# page with the variant chosen, grouped under the product's sku).
def buyable_items():
    found = {}
    for slug, p in products.items():
        if p.get("variants"):
            for v in p["variants"]:
                found[f"{base}products/{slug}/?variant={v['sku']}"] = dict(p, sku=v["sku"], group=p["sku"], variant=v)
        else:
            found[f"{base}products/{slug}/"] = p
    return found


def minor_units(currency):
    return 0 if currency in ("JPY", "KRW") else 2


def price_problems(name, value, exact):
    """A feed price is an amount in the storefront's currency, with its minor units (Meta wants them
    written out; Google reads either)."""
    currency = market["currency"]
    digits = minor_units(currency)
    fraction = rf"\.\d{{{digits}}}" if digits else ""
    pattern = rf"\d+{fraction} {currency}" if exact else rf"\d+(\.\d+)? {currency}"
    return [] if re.fullmatch(pattern, value or "") else [f"{name}: g:price {value!r}, expected an amount in {currency}"]


def product_item_checks(entry):
    problems = []
    product = product_urls.get(entry.get("link"))
    if product is None:
        return [f"{entry.get('link')}: not a product of the content"]
    if entry.get("g_id") != str(product["sku"]):
        problems.append(f"{entry.get('link')}: g:id {entry.get('g_id')!r}, expected {product['sku']!r}")
    if entry.get("g_item_group_id") != product.get("group"):
        problems.append(f"{entry.get('link')}: g:item_group_id {entry.get('g_item_group_id')!r}, expected {product.get('group')!r}")
    problems += price_problems(entry.get("link"), entry.get("g_price"), exact=False)
    for key in ("g_availability", "g_brand", "g_condition", "description"):
        if not entry.get(key):
            problems.append(f"{entry.get('link')}: no {key}")
    net = (product.get("variant") or {}).get("netContent") or product.get("netContent")
    if net and site.get("unitPriceBase") and not entry.get("g_unit_pricing_measure"):
        problems.append(f"{entry.get('link')}: {net} but no g:unit_pricing_measure")
    ships_here = any(rate["country"] in market.get("countries", [rate["country"]]) for rate in site.get("shipping", []))
    if ships_here and "g_shipping" not in entry and "g_country" not in entry:
        problems.append(f"{entry.get('link')}: the site ships but the item has no g:shipping")
    if len(entry.get("description", "")) > 5000:
        problems.append(f"{entry.get('link')}: description longer than 5000 characters")
    return problems




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
        problems += price_problems(name, entry.get("g_price"), exact=True)
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
    paths = sorted(glob.glob(os.path.join(out, prefix, "feeds", "product-ratings*.xml")))
    if not expected:
        return report(f"{prefix}feeds/product-ratings.xml (no reviews)", [f"written without reviews: {paths}"] if paths else [])
    problems = []
    if os.path.join(out, prefix, "feeds", "product-ratings.xml") not in paths:
        return report(f"{prefix}feeds/product-ratings.xml", ["missing"])
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
    report(f"{prefix}feeds/product-ratings*.xml ({len(paths)} file(s), {len(seen)} reviews, {low} of 1-2 stars)", problems)




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



def check_sitemap():
    """Well-formed and naming every HTML page of the storefront but the not-found page and the pages
    that ask search engines not to list them (checkout's return pages); the root's sitemap leaves
    the other storefronts' folders to their own."""
    others = {p for p, _, _ in STOREFRONTS if p and p != prefix}
    path = os.path.join(out, prefix, "sitemap.xml")
    problems = xmllint(path)
    pages = set()
    top = os.path.normpath(os.path.join(out, prefix))
    for folder, dirs, files in os.walk(top):
        if folder == top:
            dirs[:] = [d for d in dirs if d + "/" not in others]
        for name in files:
            if name.endswith(".html") and name != "404.html":
                with open(os.path.join(folder, name), encoding="utf-8") as page:
                    if '<meta name="robots" content="noindex">' in page.read():
                        continue
                relative = os.path.relpath(os.path.join(folder, name), out).replace(os.sep, "/")
                pages.add(root_url + (relative[: -len("index.html")] if relative.endswith("index.html") else relative))
    sitemap = open(path, encoding="utf-8").read()
    locations = set(re.findall(r"<loc>(.*?)</loc>", sitemap))
    if locations != pages:
        problems.append(f"missing {sorted(pages - locations)[:5]}, extra {sorted(locations - pages)[:5]}")
    report(f"{prefix}sitemap.xml ({len(locations)} URLs)", problems)


def check_category_feeds():
    """Every category's promotions feed: read by feedparser like the others, items on this storefront."""
    folder = os.path.join(out, prefix, "feeds", "categories")
    names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    problems = [] if names else ["no category feeds"]
    for name in names:
        path = os.path.join(folder, name)
        problems += xmllint(path)
        feed = feedparser.parse(path)
        if feed.bozo or feed.version != "rss20":
            problems.append(f"{name}: bozo {feed.get('bozo_exception')!r}, version {feed.version!r}")
        if not feed.feed.get("language", "").lower().startswith(language.lower()):
            problems.append(f"{name}: channel language {feed.feed.get('language')!r}")
        listed_links = set(expected)
        for entry in feed.entries:
            if entry.get("link") not in listed_links:
                problems.append(f"{name}: {entry.get('link')} is not a promotion this storefront lists")
    report(f"{prefix}feeds/categories/*.xml ({len(names)} feeds)", problems)


STOREFRONTS = storefronts()
for prefix, language, market in STOREFRONTS:
    base = root_url + prefix
    listed = listed_in(market)
    expected = [promotion_url(s) for s in listed]
    product_urls = buyable_items()
    check_promotion_feeds()
    check_rss(prefix + "feeds/products.xml", set(product_urls), product_item_checks)
    check_meta_feed(prefix + "feeds/meta-products.xml")
    check_ratings_feeds()
    check_json_feed(prefix + "feeds/promotions.json", expected)
    check_category_feeds()
    check_sitemap()

robots = open(os.path.join(out, "robots.txt"), encoding="utf-8").read().splitlines()
unnamed = [p for p, _, _ in STOREFRONTS if f"Sitemap: {root_url}{p}sitemap.xml" not in robots]
report("robots.txt", [f"does not name {p}sitemap.xml" for p in unnamed])

print(f"feeds: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
