#!/usr/bin/env python3
"""End-to-end checks of the JSON API, the JSON Schemas and the deals page (issue 7).

Builds the sample shop with a fixed clock, then:
  - validates every file under api/v1/ against its published schema (jsonschema, draft 2020-12),
    and checks its links lead to files the build wrote;
  - validates the sample content files against the content schemas, and checks that broken
    content is refused by the schemas and by `vitrine check` alike;
  - drives the deals page in headless Chromium with a fake position.
Prints `api: N passed, M failed` last; exits non-zero when anything failed.

usage: scripts/e2e-api.py --vitrine .build/debug/vitrine
"""
import argparse
import copy
import json
import math
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import traceback

import yaml
from jsonschema import Draft202012Validator

ROOT = pathlib.Path(__file__).resolve().parent.parent
CLOCK = "2026-12-01T12:00:00Z"
passed = 0
failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""), file=sys.stderr)
    return ok


def run(*args, **kwargs):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)


def load_json(path):
    return json.loads(pathlib.Path(path).read_text(encoding="utf-8"))


class CoreSchemaLoader(yaml.SafeLoader):
    """YAML as editors' language servers read it (YAML 1.2 core schema): an unquoted date such as
    2026-12-24 stays a string, which is how Vitrine reads it too."""


CoreSchemaLoader.yaml_implicit_resolvers = {
    first: [(tag, regex) for tag, regex in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def split_front_matter(text):
    """(front matter as a dict, the text after it) of a .md content file."""
    assert text.startswith("---\n"), "a .md content file starts with ---"
    end = text.index("\n---", 4)
    body_start = text.index("\n", end + 1) + 1 if "\n" in text[end + 1:] else len(text)
    return yaml.load(text[4:end + 1], Loader=CoreSchemaLoader), text[body_start:]


def content_kind(relative):
    first = relative.parts[0]
    return {"brands": "brand", "products": "product", "promotions": "promotion", "pages": "page",
            "categories": "category"}.get(first, "site")


def content_files(folder):
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if relative.parts[0] == "images" or path.suffix not in (".md", ".json") or not path.is_file():
            continue
        yield path, relative


def response_schema_name(relative):
    if relative in ("site.json", "brands.json", "promotions.json"):
        return "responses/" + relative
    if relative == "schema/index.json":
        return "responses/schema-index.json"
    if relative.startswith("brands/"):
        return "responses/brand-products.json"
    if relative.startswith("products/") and "/reviews/" in relative:
        return "responses/product-reviews.json"
    if relative.startswith("products/"):
        return "responses/product.json"
    return None


def walk_strings(value, key=None):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk_strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from walk_strings(v, key)
    elif isinstance(value, str):
        yield key, value


# ---------------------------------------------------------------------------------------------
# API files and their schemas


def storefront_prefixes():
    """The folders of the storefronts other than the root (`ko-kr/`), as the contract names them."""
    site = load_json(CONTENT / "site.json")
    return [f"{language}-{market['id']}/".lower() for m, market in enumerate(site.get("markets", []))
            for l, language in enumerate(market["languages"]) if m or l]


def check_api(site, base_url, prefix=""):
    """One storefront's API (`prefix` its folder, empty for the root): every file valid against
    the storefront's published schemas, sorted, its links leading to files of the build."""
    api = site / prefix / "api" / "v1"
    schema_dir = api / "schema"
    schemas = {str(p.relative_to(schema_dir)): load_json(p) for p in sorted(schema_dir.rglob("*/*.json"))}
    for name, schema in schemas.items():
        try:
            Draft202012Validator.check_schema(schema)
            check(f"schema {prefix}{name} is a valid draft 2020-12 schema", True)
        except Exception as error:  # noqa: BLE001 - any failure is a failed check
            check(f"schema {prefix}{name} is a valid draft 2020-12 schema", False, str(error).splitlines()[0])
        check(f"schema {prefix}{name} has its published $id", schema.get("$id") == base_url + prefix + "api/v1/schema/" + name,
              schema.get("$id"))

    files = sorted(p for p in api.rglob("*.json") if schema_dir not in p.parents or p.name == "index.json")
    check("the API has site, brands, promotions, product and brand-product files",
          {response_schema_name(str(p.relative_to(api))) for p in files} - {"responses/product-reviews.json"} == {
              "responses/site.json", "responses/brands.json", "responses/promotions.json",
              "responses/product.json", "responses/brand-products.json", "responses/schema-index.json"})
    index = load_json(schema_dir / "index.json")
    check("the schema index lists every schema file",
          sorted(e["name"] for e in index["schemas"]) == sorted(schemas), str(index["schemas"])[:200])
    for path in files:
        relative = str(path.relative_to(api))
        shown = prefix + "api/v1/" + relative
        raw = path.read_bytes()
        document = json.loads(raw.decode("utf-8"))
        validator = Draft202012Validator(schemas[response_schema_name(relative)])
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]
        check(f"{shown} validates against its schema", not errors, "; ".join(errors[:3]))
        check(f"{shown} has sorted keys",
              raw == json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        broken = []
        for key, text in walk_strings(document):
            if key not in ("url", "api", "next", "previous", "products", "brands", "promotions", "deals", "home",
                           "schemas", "thumbnail", "image", "logo"):
                continue
            if not text.startswith("http"):
                continue
            if not text.startswith(base_url):
                if key not in ("thumbnail", "image", "logo"):
                    broken.append(f"{key}: {text} is not under {base_url}")
                continue
            path = text[len(base_url):].split("?")[0]  # ?variant=… chooses on the page, not a file
            target = site / path
            if path.endswith("/") or path == "":
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{key}: {text} leads to no file")
        check(f"{shown} links lead to files of the build", not broken, "; ".join(broken[:3]))

    # Following `next` from page 1 visits every product of the brand once, in name order.
    brands = load_json(api / "brands.json")
    for brand in brands["brands"]:
        url, seen, pages = brand["products"], [], 0
        while url:
            page = load_json(site / url[len(base_url):])
            pages += 1
            seen += [p["name"] for p in page["products"]]
            url = page.get("next")
        check(f"{prefix}brand {brand['slug']}: paging through next visits its {brand['productCount']} products",
              len(seen) == brand["productCount"] and pages == page["pageCount"])
    site_doc = load_json(api / "site.json")
    check(f"{prefix}site.json counts what the API lists",
          site_doc["counts"]["brands"] == brands["total"] == len(brands["brands"])
          and site_doc["counts"]["products"] == len(list((api / "products").glob("*.json"))))
    promotions = load_json(api / "promotions.json")
    if prefix:
        market = prefix.rstrip("/").split("-")[-1]
        listed = [p["slug"] for p in promotions["promotions"]]
        check(f"{prefix}promotions.json lists the Korea-only promotion exactly in Korea's storefronts",
              ("seoul-fresh-week" in listed) == (market == "kr"), str(listed))
        currencies = {load_json(p)["price"]["currency"] for p in (api / "products").glob("*.json")}
        check(f"{prefix}products are priced in the market's currency alone", len(currencies) == 1
              and currencies != {"USD"}, str(currencies))
        return schemas
    check("promotions.json has the active and upcoming promotions at the build clock",
          [(p["slug"], p["status"]) for p in promotions["promotions"]]
          == [("xmas-10-off", "active"), ("origins-15-off", "active"), ("valentines-glow-week", "upcoming")],
          str([(p["slug"], p["status"]) for p in promotions["promotions"]]))
    product = load_json(api / "products" / "ginzing-eye-cream.json")
    check("a product lists the promotions that apply now, with an exact price",
          sorted(p["slug"] for p in product["promotions"]) == ["origins-15-off", "xmas-10-off"]
          and product["price"]["minorUnits"] == 3200 and product["price"]["formatted"] == "$32.00")
    return schemas


def check_deterministic(vitrine, work, first):
    second = work / "site-again"
    result = run(vitrine, "build", "--content", ROOT / "Content", "--templates", ROOT / "Templates",
                 "--output", second, "--clock", CLOCK, "--quiet")
    check("a second build succeeds", result.returncode == 0, result.stderr)
    differing = []
    for path in sorted((first / "api").rglob("*")):
        if path.is_file():
            twin = second / path.relative_to(first)
            if not twin.exists() or twin.read_bytes() != path.read_bytes():
                differing.append(str(path.relative_to(first)))
    check("two builds with the same clock write byte-identical API files", not differing, ", ".join(differing[:5]))


def check_schema_command(vitrine, work, site, base_url):
    out = work / "schemas"
    result = run(vitrine, "schema", "--output", out, "--base-url", base_url + "api/v1/schema/")
    check("vitrine schema --output writes the schemas", result.returncode == 0, result.stderr)
    published = site / "api" / "v1" / "schema"
    names = sorted(str(p.relative_to(published)) for p in published.rglob("*/*.json"))
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*.json"))
    check("vitrine schema writes the files the build publishes", names == written, f"{names} != {written}")
    check("vitrine schema writes the same bytes as the build",
          all((out / n).read_bytes() == (published / n).read_bytes() for n in names if (out / n).exists()))
    plain = work / "schemas-plain"
    result = run(vitrine, "schema", "--output", plain)
    check("without --base-url the schemas carry no $id",
          result.returncode == 0 and all("$id" not in load_json(p) for p in plain.rglob("*.json")))
    result = run(vitrine, "schema", "--output", work / "x", "--base-url", "ftp://example.com/")
    check("vitrine schema refuses a base URL that is not http(s)",
          result.returncode != 0 and "--base-url" in result.stderr, result.stderr)
    blocker = work / "a-file"
    blocker.write_text("not a folder")
    result = run(vitrine, "schema", "--output", blocker)
    check("vitrine schema reports an output it cannot write, with a non-zero exit",
          result.returncode == 1 and "cannot write" in result.stderr, result.stderr)


# ---------------------------------------------------------------------------------------------
# Content files against the content schemas


CONTENT = ROOT / "Content"


def check_content(schemas):
    count = 0
    for path, relative in content_files(CONTENT):
        document, schema_name = content_document_at(path, CONTENT)
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
                  for e in Draft202012Validator(schemas[schema_name]).iter_errors(document)]
        check(f"Content/{relative} validates against {schema_name}", not errors, "; ".join(errors[:3]))
        count += 1
    check("every sample content file was checked", count >= 50, str(count))


def write_content(path, document):
    """Writes `document` back into a content file, keeping a .md file's body."""
    if path.suffix == ".json":
        path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    else:
        _, body = split_front_matter(path.read_text(encoding="utf-8"))
        front = yaml.safe_dump(document, allow_unicode=True, sort_keys=False)
        path.write_text("---\n" + front + "---\n" + body, encoding="utf-8")


def set_key(key, value):
    def change(document):
        document[key] = value
    return change


def delete_key(key):
    def change(document):
        del document[key]
    return change


def set_store_key(key, value):
    def change(document):
        document["stores"][0][key] = value
    return change


# (what is wrong, file, change, whether `vitrine check --strict` is needed to refuse it)
BROKEN = [
    ("wrong type: a list where a price goes", "products/origins/ginzing-eye-cream.md", set_key("price", [32, 33]), False),
    ("wrong type: a number where a count goes", "site.json", set_key("productsPerPage", "many"), False),
    ("missing required key: sku", "products/origins/ginzing-eye-cream.md", delete_key("sku"), False),
    ("missing required key: starts", "promotions/origins-15-off.json", delete_key("starts"), False),
    ("missing required key in a store: latitude", "promotions/xmas-10-off.md", lambda d: d["stores"][0].pop("latitude"), False),
    ("bad enum: availability sold_out", "products/origins/ginzing-eye-cream.md", set_key("availability", "sold_out"), False),
    ("bad enum: lower-case currency", "site.json", set_key("currency", "usd"), False),
    ("bad enum: country France", "brands/origins.md", set_key("country", "France"), False),
    ("bad pattern: sku with a space", "products/origins/ginzing-eye-cream.md", set_key("sku", "ORG GINZ 15"), False),
    ("bad pattern: lower-case promotion code", "promotions/xmas-10-off.md", set_key("code", "xmas10"), False),
    ("bad pattern: baseURL without the final /", "site.json", set_key("baseURL", "https://beauty-and-me.example.com"), False),
    ("bad pattern: image outside images/", "brands/origins.md", set_key("logo", "img/origins.png"), False),
    ("bad pattern: month 13", "promotions/xmas-10-off.md", set_key("starts", "2026-13-01"), False),
    ("bad pattern: brand slug with capitals", "products/origins/ginzing-eye-cream.md", set_key("brand", "Origins"), False),
    ("out of range: discountPercent 150", "promotions/xmas-10-off.md", set_key("discountPercent", 150), False),
    ("out of range: latitude 95", "promotions/xmas-10-off.md", set_store_key("latitude", 95), False),
    ("out of range: productsPerPage 0", "site.json", set_key("productsPerPage", 0), False),
    ("out of range: empty title", "brands/fresh-skin.json", set_key("title", ""), False),
    ("unknown key (refused with --strict)", "products/origins/ginzing-eye-cream.md", set_key("flyerNote", "x"), True),
    ("a key a typo away from a known one", "products/origins/ginzing-eye-cream.md", set_key("prcie", 32), False),
]


def check_broken_content(vitrine, work, schemas):
    content = work / "content"
    shutil.copytree(CONTENT, content)
    for what, relative, change, strict in BROKEN:
        path = content / relative
        original = path.read_bytes()
        document, schema_name = content_document_at(path, content)
        broken = copy.deepcopy(document)
        change(broken)
        errors = list(Draft202012Validator(schemas[schema_name]).iter_errors(broken))
        check(f"schema refuses {what}", bool(errors))
        write_content(path, broken)
        args = [vitrine, "check", "--content", content, "--templates", ROOT / "Templates", "--quiet"]
        result = run(*(args + (["--strict"] if strict else [])))
        check(f"vitrine check refuses {what} too", result.returncode == 1 and relative in result.stderr,
              f"exit {result.returncode}: {result.stderr.strip()[:200]}")
        path.write_bytes(original)
    # The one place the two differ on purpose: the loader reads `title: 2024` as the text "2024";
    # the schema asks for the string the model names, so an editor flags it.
    path = content / "brands/origins.md"
    original = path.read_bytes()
    document, schema_name = content_document_at(path, content)
    document["title"] = 2024
    write_content(path, document)
    result = run(vitrine, "check", "--content", content, "--templates", ROOT / "Templates", "--quiet")
    check("documented difference: vitrine check reads title: 2024 as text",
          result.returncode == 0, result.stderr.strip()[:200])
    check("documented difference: the schema asks for a string title",
          bool(list(Draft202012Validator(schemas[schema_name]).iter_errors(document))))
    # The editor modeline docs/api.md suggests is a YAML comment: Vitrine ignores it, even with --strict.
    path.write_text(original.decode("utf-8").replace(
        "---\n", "---\n# yaml-language-server: $schema=" + "https://beauty-and-me.example.com/api/v1/schema/"
        + "content/brand.front-matter.json\n", 1), encoding="utf-8")
    result = run(vitrine, "check", "--content", content, "--templates", ROOT / "Templates", "--quiet", "--strict")
    check("a yaml-language-server modeline in front matter checks clean with --strict",
          result.returncode == 0, result.stderr.strip()[:200])
    path.write_bytes(original)
    result = run(vitrine, "check", "--content", content, "--templates", ROOT / "Templates", "--quiet")
    check("the restored copy of the content checks clean", result.returncode == 0, result.stderr)


def content_document_at(path, folder):
    """The document and the name of its schema; a translation (`serum.ko.md`, a language of
    site.json before the extension) has its kind's translation schema."""
    relative = path.relative_to(folder)
    kind = content_kind(relative)
    languages = load_json(folder / "site.json").get("languages", [])[1:]
    if kind != "site" and path.with_suffix("").suffix[1:] in languages:
        kind += ".translation"
    if path.suffix == ".json":
        return load_json(path), f"content/{kind}.json"
    front, _ = split_front_matter(path.read_text(encoding="utf-8"))
    return {} if front is None else front, f"content/{kind}.front-matter.json"


# ---------------------------------------------------------------------------------------------
# The deals page in a browser


def haversine_km(lat1, lon1, lat2, lon2):
    radius = 6371.0088
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = math.radians(lat2 - lat1), math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return radius * 2 * math.atan2(math.sqrt(a), math.sqrt(1 - a))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def check_deals_html(site):
    html = (site / "deals" / "index.html").read_text(encoding="utf-8")
    check("deals page lists the active deals with stores, without JavaScript",
          'id="deal-xmas-10-off"' in html and 'id="deal-origins-15-off"' in html)
    check("deals page leaves out upcoming and expired deals",
          "deal-valentines-glow-week" not in html and "deal-summer-sun-care" not in html)
    check("deals page lists every store of a deal", html.count('class="deal-store"') == 5, str(html.count('class="deal-store"')))
    check("the location controls start hidden, for browsers without the script", 'id="deals-finder" hidden' in html)
    index = (site / "index.html").read_text(encoding="utf-8")
    check("the navigation links the deals page", 'href="deals/"' in index)


def check_browser(site):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    drivers = []
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        origin = f"http://127.0.0.1:{port}"

        def browser(javascript=True):
            options = webdriver.ChromeOptions()
            options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
            for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                             "--window-size=1200,1000", "--no-first-run"):
                options.add_argument(argument)
            if not javascript:
                options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
            driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                                      options=options)
            drivers.append(driver)
            return driver

        driver = browser()
        wait = WebDriverWait(driver, 15)

        def visible(slug):
            return driver.find_element(By.ID, f"deal-{slug}").is_displayed()

        def locate(latitude, longitude, radius, expect):
            driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["geolocation"]})
            driver.execute_cdp_cmd("Emulation.setGeolocationOverride",
                                   {"latitude": latitude, "longitude": longitude, "accuracy": 10})
            driver.get(origin + "/deals/")
            wait.until(lambda d: d.find_element(By.ID, "deals-finder").is_displayed())
            Select(driver.find_element(By.ID, "deals-radius")).select_by_value(str(radius))
            driver.find_element(By.ID, "deals-locate").click()
            wait.until(lambda d: d.find_element(By.ID, "deals-status").text not in ("", "Finding your location…"))
            status = driver.find_element(By.ID, "deals-status").text
            check(f"browser: at {latitude}, {longitude} within {radius} km the status reads '{expect}…'",
                  expect in status, status)
            return status

        # Near the Louvre: the Saint-Germain store of the Christmas deal is 0.8 km away; the Origins
        # deal has stores in New York only.
        status = locate(48.8606, 2.3376, 1, "within")
        check("browser: near Paris, the Paris deal is shown within 1 km", visible("xmas-10-off"), status)
        check("browser: near Paris, the New York deal is hidden", not visible("origins-15-off"), status)
        check("browser: the status says how many deals are near", status.startswith("1 deal within 1 km"), status)
        stores = driver.find_elements(By.CSS_SELECTOR, "#deal-xmas-10-off .deal-store")
        names = [s.find_element(By.TAG_NAME, "strong").text for s in stores]
        check("browser: a deal's stores are listed nearest first",
              names == ["Beauty & Me Paris – Saint-Germain", "Beauty & Me Paris – Le Marais",
                        "Beauty & Me London – Covent Garden"], str(names))
        check("browser: each store shows its distance", "0.8 km away" in stores[0].text, stores[0].text)

        # Place de la Concorde: the nearest store is 1.8 km away, so 1 km shows nothing and 5 km shows it.
        status = locate(48.8656, 2.3212, 1, "No deals")
        check("browser: no deal within 1 km of the Concorde",
              not visible("xmas-10-off") and not visible("origins-15-off"), status)
        Select(driver.find_element(By.ID, "deals-radius")).select_by_value("5")
        wait.until(lambda d: "5 km" in d.find_element(By.ID, "deals-status").text)
        check("browser: choosing 5 km shows the Paris deal without asking again",
              visible("xmas-10-off") and not visible("origins-15-off"))

        # Times Square: the SoHo store is 3.8 km away.
        status = locate(40.7580, -73.9855, 5, "within")
        check("browser: near Times Square, the New York deal is shown and the Paris one hidden",
              visible("origins-15-off") and not visible("xmas-10-off"), status)
        order = [e.get_attribute("data-deal") for e in driver.find_elements(By.CSS_SELECTOR, "#deals-list > .deal")]
        check("browser: shown deals come first, nearest first", order[0] == "origins-15-off", str(order))

        # Newark: 14.7 km from SoHo, so only the 25 km choice reaches it.
        status = locate(40.7357, -74.1724, 25, "within")
        check("browser: 25 km reaches SoHo from Newark", visible("origins-15-off") and not visible("xmas-10-off"), status)

        # Permission refused: every deal is listed, and the page says why.
        driver.execute_cdp_cmd("Browser.setPermission", {
            "origin": origin, "permission": {"name": "geolocation"}, "setting": "denied"})
        driver.get(origin + "/deals/")
        wait.until(lambda d: d.find_element(By.ID, "deals-finder").is_displayed())
        driver.find_element(By.ID, "deals-locate").click()
        wait.until(lambda d: "every deal" in d.find_element(By.ID, "deals-status").text)
        check("browser: without permission every deal is listed", visible("xmas-10-off") and visible("origins-15-off"))

        # The script's distance function mirrors GeoPoint.distance(to:).
        km = driver.execute_script("return window.VitrineDeals.distanceKm(48.8566, 2.3522, 51.5074, -0.1278);")
        check("browser: the script's Paris–London distance is about 343.5 km", abs(km - 343.5) < 0.5, str(km))
        check("browser: the script's haversine equals the reference formula",
              abs(km - haversine_km(48.8566, 2.3522, 51.5074, -0.1278)) < 1e-9, str(km))

        # Without JavaScript the page is a plain list of every deal and its stores.
        plain = browser(javascript=False)
        plain.get(origin + "/deals/")
        shown = [e.get_attribute("id") for e in plain.find_elements(By.CSS_SELECTOR, ".deal") if e.is_displayed()]
        check("browser without JavaScript: every deal is shown",
              shown == ["deal-xmas-10-off", "deal-origins-15-off"], str(shown))
        check("browser without JavaScript: the location button stays hidden",
              not plain.find_element(By.ID, "deals-locate").is_displayed())
    finally:
        for driver in drivers:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vitrine", required=True, help="the vitrine binary")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium checks")
    args = parser.parse_args()
    vitrine = pathlib.Path(args.vitrine).resolve()
    scratch = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    work = pathlib.Path(tempfile.mkdtemp(prefix="vitrine-e2e-api-", dir=scratch))
    try:
        site = work / "site"
        result = run(vitrine, "build", "--content", CONTENT, "--templates", ROOT / "Templates",
                     "--output", site, "--clock", CLOCK, "--quiet")
        if not check("the sample shop builds", result.returncode == 0, result.stderr):
            return 1
        base_url = load_json(CONTENT / "site.json")["baseURL"]
        steps = [
            ("API", lambda: check_api(site, base_url)),
            *[(f"API {prefix}", lambda prefix=prefix: check_api(site, base_url, prefix)) for prefix in storefront_prefixes()],
            ("determinism", lambda: check_deterministic(vitrine, work, site)),
            ("schema command", lambda: check_schema_command(vitrine, work, site, base_url)),
        ]
        schemas = None
        for name, step in steps:
            try:
                value = step()
                if name == "API":
                    schemas = value
            except Exception:  # noqa: BLE001 - report and go on with the other steps
                check(f"{name} step ran to the end", False, traceback.format_exc())
        if schemas is not None:
            for name, step in (("content", lambda: check_content(schemas)),
                               ("broken content", lambda: check_broken_content(vitrine, work, schemas))):
                try:
                    step()
                except Exception:  # noqa: BLE001
                    check(f"{name} step ran to the end", False, traceback.format_exc())
        check_deals_html(site)
        if not args.no_browser:
            try:
                check_browser(site)
            except Exception:  # noqa: BLE001
                check("browser step ran to the end", False, traceback.format_exc())
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"api: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
