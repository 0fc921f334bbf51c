#!/usr/bin/env python3
"""Accessibility and structured data of every page kind of every storefront of the built sample shop.

usage: e2e-a11y.py --site OUTPUT_DIR

Serves the site on 127.0.0.1 and opens each page kind of each storefront (the root and every
`<language>-<market>/` folder site.json's markets make) in headless Chromium (selenium) at a
desktop and a phone width, runs axe-core (the `axe.min.js` that PyPI `axe-playwright-python` ships,
injected into the page) and fails on any violation of impact "serious" or "critical". Then reads
each page's structured data as search engines do (PyPI `extruct`) and checks the kinds each page
must carry: Product or ProductGroup with Offers on product pages, BreadcrumbList wherever a
breadcrumb trail is shown, WebSite with a SearchAction and an Organization on the home page, and
on every product page an aggregateRating whose numbers equal those of the product's lines in
Content/reviews/*.jsonl (none without reviews, and never on the shop's own Organization).
Prints one line per check and "a11y: N passed, M failed"; exits 1 on any failure.
"""
import argparse, json, os, sys

import axe_playwright_python
import extruct

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "e2e"))
from site_browser import Checks, chromium, serve

AXE = open(os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js"), encoding="utf-8").read()
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
# One page of each kind, and the pages only JavaScript fills (search results, bag, favourites,
# checkout's return pages: without a session to look up, the order page says it cannot show one).
PAGES = [
    "", "brands/", "brands/origins/", "brands/origins/page/2/", "products/clear-improvement-charcoal-mask/",
    "products/forever-skin-glow-foundation/", "products/advanced-night-repair-serum/?variant=EST-ANR-100",
    "promotions/", "promotions/xmas-10-off/", "categories/", "categories/skincare/", "categories/skincare/page/2/",
    "categories/serums/", "search/?q=night&sort=price", "search/?category=makeup", "bag/", "favourites/", "deals/",
    "about/", "404.html", "checkout/success/", "checkout/cancelled/",
]


def storefront_prefixes(content):
    """The root and each other storefront's folder, as the contract lays them out."""
    site = json.load(open(os.path.join(content, "site.json"), encoding="utf-8"))
    prefixes = [""]
    for m_index, market in enumerate(site.get("markets", [])):
        for l_index, language in enumerate(market["languages"]):
            if m_index or l_index:
                prefixes.append(f"{language}-{market['id']}/".lower())
    return prefixes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True)
    ap.add_argument("--content", default="Content")
    a = ap.parse_args()
    reviews = published_reviews(a.content)
    prefixes = storefront_prefixes(a.content)
    base = serve(a.site)
    check = Checks()
    driver = chromium()
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(60)
    try:
        for label, (width, height) in WIDTHS.items():
            driver.set_window_size(width, height)
            for page in [prefix + page for prefix in prefixes for page in PAGES]:
                driver.get(base + page)
                driver.execute_script("return new Promise(r => setTimeout(r, 300))")  # let scripts fill the page
                driver.execute_script(AXE)
                result = driver.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations)).catch(e => done(String(e)));")
                if isinstance(result, str):
                    check(f"axe {label} /{page}", False, result)
                    continue
                bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result
                       if v.get("impact") in ("serious", "critical")]
                check(f"axe {label} /{page}: no serious or critical violation", not bad, json.dumps(bad))
    finally:
        driver.quit()

    def data(path):
        html = open(os.path.join(a.site, path), encoding="utf-8").read()
        found = extruct.extract(html, base_url="https://beauty-and-me.example.com/", syntaxes=["json-ld"], uniform=True)
        items = []
        for item in found["json-ld"]:
            items += item.get("@graph", [item])
        return items, html

    def types(items):
        return [t for item in items for t in (item.get("@type") if isinstance(item.get("@type"), list) else [item.get("@type")])]

    for root, _, files in os.walk(a.site):
        for name in files:
            if not name.endswith(".html"):
                continue
            full_path = os.path.relpath(os.path.join(root, name), a.site)
            prefix = next((p for p in prefixes[1:] if full_path.startswith(p)), "")
            path = full_path[len(prefix):]
            items, html = data(full_path)
            kinds = types(items)
            problems = []
            if 'class="breadcrumbs"' in html:
                trail = [i for i in items if i.get("@type") == "BreadcrumbList"]
                if not trail or not all("item" in e and "name" in e for e in trail[0].get("itemListElement", [])):
                    problems.append("breadcrumbs shown but no complete BreadcrumbList")
            if path.startswith("products/"):
                product = next((i for i in items if i.get("@type") in ("Product", "ProductGroup")), None)
                if product is None:
                    problems.append("no Product or ProductGroup")
                elif product["@type"] == "Product":
                    if product.get("offers", {}).get("@type") != "Offer" or not product["offers"].get("price"):
                        problems.append("Product without an Offer and price")
                else:
                    variants = product.get("hasVariant", [])
                    if not product.get("productGroupID") or not product.get("variesBy") or not variants:
                        problems.append("ProductGroup without productGroupID, variesBy or hasVariant")
                    if not all(v.get("offers", {}).get("@type") == "Offer" for v in variants):
                        problems.append("a variant without its own Offer")
            if path.startswith("products/") and path.count("/") == 2 and product is not None:
                problems += rating_problems(product, path.split("/")[1], reviews)
            if any("aggregateRating" in i or "review" in i for i in items if i.get("@type") in ("Organization", "WebSite", "OnlineStore")):
                problems.append("ratings on the shop itself, which Google does not allow")
            if path == "index.html":
                site = next((i for i in items if i.get("@type") == "WebSite"), {})
                action = site.get("potentialAction", {})
                if action.get("@type") != "SearchAction" or "{search_term_string}" not in json.dumps(action):
                    problems.append("home page without a WebSite SearchAction")
                if "Organization" not in kinds:
                    problems.append("home page without an Organization")
            check(f"structured data /{full_path} ({', '.join(sorted(set(kinds))) or 'none'})", not problems, "; ".join(problems))
    return check.summary("a11y")


def published_reviews(content):
    """Every review line, as (named product or SKU, rating)."""
    folder = os.path.join(content, "reviews")
    found = []
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.endswith(".jsonl"):
            for line in open(os.path.join(folder, name), encoding="utf-8"):
                if line.strip():
                    review = json.loads(line)
                    found.append((review["product"], review["rating"]))
    return found


def rating_problems(product, slug, reviews):
    """What differs between a product page's aggregateRating and the reviews of the product."""
    names = {slug, product.get("sku"), product.get("productGroupID")}
    names |= {v.get("sku") for v in product.get("hasVariant", [])}
    ratings = [rating for named, rating in reviews if named in names - {None}]
    shown = product.get("aggregateRating")
    if not ratings:
        return ["aggregateRating without any review"] if shown else []
    if not shown:
        return [f"no aggregateRating for {len(ratings)} reviews"]
    tenths = (sum(ratings) * 20 + len(ratings)) // (len(ratings) * 2)
    expected = {"ratingValue": tenths / 10, "reviewCount": len(ratings), "bestRating": 5}
    got = {k: float(shown.get(k)) if k == "ratingValue" else int(shown.get(k, 0)) for k in expected}
    problems = [f"aggregateRating {got} but the reviews give {expected}"] if got != expected else []
    if not shown.get("@type") == "AggregateRating":
        problems.append("aggregateRating is not an AggregateRating")
    for review in product.get("review", []):
        if not review.get("author", {}).get("name") or not review.get("reviewRating", {}).get("ratingValue"):
            problems.append("a review without an author's name or a rating")
    return problems


if __name__ == "__main__":
    sys.exit(main())
