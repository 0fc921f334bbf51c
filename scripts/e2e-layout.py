#!/usr/bin/env python3
"""Layout of every page kind of the built sample shop, from phone to desktop width.

usage: e2e-layout.py --site OUTPUT_DIR [--screenshots DIR]

Serves the site on 127.0.0.1 and opens each page kind in headless Chromium (selenium) at 320,
390, 768, 1280 and 1440 CSS pixels wide, with two products in the bag and one in the favourites
(added with the pages' own buttons, so the bag and favourites pages have lines to lay out).
Checks, at every width:
  - no page scrolls sideways: `document.documentElement.scrollWidth <= window.innerWidth`;
  - where the header folds (a Menu button is shown), the navigation's links are hidden until the
    button is pressed and shown after; where it does not, the links are shown;
  - on the bag page at 320 and 390 px, every line's Remove button is inside the screen;
  - the navigation's current item follows the page's trail (a product filed under a category
    is in Categories, a product without one and a brand page in Brands).
On the right-to-left storefront (ar-ae/), every page kind at every width does not scroll sideways,
and at 390 and 1280 px a product page is the English one mirrored: the shop's name and the
heading start as far from the right edge as they do from the left in English, and the
breadcrumbs run leftwards.
With --screenshots, writes every page kind at 390 and 1280 px as PNG (the first 1600 px of the
page) into DIR. Prints one line per check and "layout: N passed, N failed"; exits 1 on a failure.
"""
import argparse, json, os, sys

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "e2e"))
from site_browser import Checks, chromium, serve

WIDTHS = [320, 390, 768, 1280, 1440]
SCREENSHOT_WIDTHS = {390: "phone", 1280: "desktop"}
SCREENSHOT_HEIGHT = 1600
# One page of each kind: (name for screenshots, path, the navigation item that must be current).
PAGES = [
    ("home", "", None),
    ("brands", "brands/", "Brands"),
    ("brand", "brands/origins/", "Brands"),
    ("categories", "categories/", "Categories"),
    ("category", "categories/skincare/", "Categories"),
    ("product-with-variants", "products/advanced-night-repair-serum/", "Categories"),
    ("product", "products/clear-improvement-charcoal-mask/", "Categories"),
    ("promotions", "promotions/", "Promotions"),
    ("promotion", "promotions/xmas-10-off/", "Promotions"),
    ("deals", "deals/", "Deals near you"),
    ("search", "search/?q=serum", "Search"),
    ("bag", "bag/", "Bag"),
    ("favourites", "favourites/", "Favourites"),
    ("page", "about/", None),
    ("not-found", "404.html", None),
    ("checkout-success", "checkout/success/", None),
    ("checkout-cancelled", "checkout/cancelled/", None),
]
# Added to the bag (two lines) and the favourites before the pages are checked.
BAG_PRODUCTS = ["products/clear-improvement-charcoal-mask/", "products/forever-skin-glow-foundation/"]
# The right-to-left storefront of the sample shop, and the page whose mirror image is measured.
RTL_STOREFRONT = "ar-ae/"
MIRRORED_PAGE = "products/clear-improvement-charcoal-mask/"
WAIT = "return new Promise(r => setTimeout(r, 250))"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True)
    ap.add_argument("--screenshots")
    ap.add_argument("--content", default="Content")
    a = ap.parse_args()
    base = serve(a.site)
    check = Checks()
    driver = chromium("--hide-scrollbars", "--force-device-scale-factor=1")
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    if a.screenshots:
        os.makedirs(a.screenshots, exist_ok=True)

    set_width = lambda width: viewport(driver, width)

    try:
        set_width(1280)
        for path in BAG_PRODUCTS:
            driver.get(base + path)
            driver.execute_script(WAIT)
            driver.find_element(By.CSS_SELECTOR, "[data-bag-add]").click()
        driver.find_element(By.CSS_SELECTOR, "[data-favourite]").click()
        driver.get(base + "bag/")
        driver.execute_script(WAIT)
        lines = driver.find_elements(By.CSS_SELECTOR, "[data-bag-lines] tr")
        check("the bag has two lines to lay out", len(lines) == 2, f"{len(lines)} lines")
        for width in WIDTHS:
            set_width(width)
            for name, page, current in PAGES:
                driver.get(base + page)
                driver.execute_script(WAIT)
                inner, scroll = driver.execute_script(
                    "return [window.innerWidth, document.documentElement.scrollWidth]")
                check(f"{width}px /{page}: no sideways scrolling", scroll <= inner and inner == width,
                      f"scrollWidth {scroll} > innerWidth {inner}" if scroll > inner else f"innerWidth {inner}")
                if current and width == 1280:
                    marked = [e.get_attribute("textContent").strip() for e in
                              driver.find_elements(By.CSS_SELECTOR, '.site-header nav a[aria-current="page"]')]
                    check(f"/{page}: the navigation marks {current}",
                          len(marked) == 1 and marked[0].startswith(current), marked)
                if name == "bag" and width in (320, 390):
                    boxes = driver.execute_script(
                        "return [...document.querySelectorAll('[data-action=remove]')].map(b => {"
                        " const r = b.getBoundingClientRect(); return [r.left, r.right, r.width, r.height]; })")
                    check(f"{width}px /bag/: every Remove is inside the screen",
                          len(boxes) == 2 and all(l >= 0 and r <= width and w > 0 and h > 0 for l, r, w, h in boxes), boxes)
                if a.screenshots and width in SCREENSHOT_WIDTHS:
                    shoot(driver, os.path.join(a.screenshots, f"{name}-{SCREENSHOT_WIDTHS[width]}.png"), width)
            check_menu(driver, base, width, check, a.screenshots)
        if RTL_STOREFRONT in storefronts(a.content):
            for width in WIDTHS:
                set_width(width)
                for name, page, _ in PAGES:
                    driver.get(base + RTL_STOREFRONT + page)
                    driver.execute_script(WAIT)
                    inner, scroll = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
                    check(f"{width}px /{RTL_STOREFRONT}{page}: no sideways scrolling", scroll <= inner,
                          f"scrollWidth {scroll} > innerWidth {inner}")
                    if a.screenshots and width in SCREENSHOT_WIDTHS and name in ("home", "product"):
                        shoot(driver, os.path.join(a.screenshots, f"{name}-rtl-{SCREENSHOT_WIDTHS[width]}.png"), width)
            for width in (390, 1280):
                check_mirrored(driver, base, width, check)
    finally:
        driver.quit()
    return check.summary("layout")


def viewport(driver, width):
    # The window's outer size differs from the viewport by the browser's frame: set the viewport
    # itself, so that innerWidth is the width under test.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 768})


def storefronts(content):
    """The folders of the storefronts other than the root, as the contract names them."""
    site = json.load(open(os.path.join(content, "site.json"), encoding="utf-8"))
    return {f"{language}-{market['id']}/".lower() for m, market in enumerate(site.get("markets", []))
            for l, language in enumerate(market["languages"]) if m or l}


# Where the text starts on a page, measured in the browser: the shop's name in the header, the
# first line of the main heading (its text, not its block), the breadcrumbs left to right.
MEASURE = """
const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; };
const h1 = document.querySelector('main h1'); const range = document.createRange(); range.selectNodeContents(h1);
const crumbs = [...document.querySelectorAll('.breadcrumbs li')].map((li) => { const r = li.getBoundingClientRect(); return [Math.round(r.top), r.left]; });
return {direction: getComputedStyle(document.body).direction, width: window.innerWidth,
        name: box(document.querySelector('.shop-name')), heading: box(range.getClientRects()[0] ? range : h1),
        crumbs: crumbs};
"""


def check_mirrored(driver, base, width, check):
    """The right-to-left storefront is the left-to-right one in a mirror: what starts at the left
    edge in English starts as far from the right edge in Arabic, and the breadcrumbs run leftwards.
    The theme does this with logical properties alone, so a property written as `left` fails here."""
    viewport(driver, width)
    measured = {}
    for prefix in ("", RTL_STOREFRONT):
        driver.get(base + prefix + MIRRORED_PAGE)
        driver.execute_script(WAIT)
        measured[prefix] = driver.execute_script(MEASURE)
    ltr, rtl = measured[""], measured[RTL_STOREFRONT]
    check(f"{width}px /{RTL_STOREFRONT}{MIRRORED_PAGE}: the page runs right to left", rtl["direction"] == "rtl"
          and ltr["direction"] == "ltr", (ltr["direction"], rtl["direction"]))
    for part in ("name", "heading"):
        start, mirrored = ltr[part][0], width - rtl[part][1]
        check(f"{width}px: the {part} starts {start:.0f}px from the left in English and as far from the right in Arabic",
              abs(start - mirrored) <= 1, f"{mirrored:.1f}px from the right")
    def runs(crumbs, leftwards):
        """Each line of crumbs (they wrap on a phone) in the reading direction."""
        lines = {}
        for top, left in crumbs:
            lines.setdefault(top, []).append(left)
        return all(line == sorted(line, reverse=leftwards) for line in lines.values())
    crumbs = rtl["crumbs"]
    check(f"{width}px: the breadcrumbs run from right to left", len(crumbs) >= 2 and runs(crumbs, True)
          and runs(ltr["crumbs"], False), (ltr["crumbs"], crumbs))


def check_menu(driver, base, width, check, shoot_dir=None):
    """Where the header folds, the Menu button (a label for a checkbox) opens the navigation."""
    driver.get(base + "brands/")
    driver.execute_script(WAIT)
    button = driver.find_element(By.CSS_SELECTOR, ".menu-button")
    links = lambda: [l for l in driver.find_elements(By.CSS_SELECTOR, ".site-header nav a") if l.is_displayed()]
    if not button.is_displayed():
        check(f"{width}px: no Menu button, and the navigation is shown", len(links()) >= 3, f"{len(links())} links shown")
        return
    check(f"{width}px: the navigation is folded behind the Menu button", not links(), f"{len(links())} links shown")
    button.click()
    shown = links()
    if shoot_dir and width == 390:
        shoot(driver, os.path.join(shoot_dir, "menu-phone.png"), width)
    check(f"{width}px: the Menu button opens the navigation", len(shown) >= 3
          and all(0 <= l.rect["x"] and l.rect["x"] + l.rect["width"] <= width for l in shown),
          [(l.text, l.rect["x"], l.rect["width"]) for l in shown])
    inner, scroll = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
    check(f"{width}px: the open menu does not scroll sideways", scroll <= inner, f"scrollWidth {scroll} > innerWidth {inner}")
    button.click()
    check(f"{width}px: the Menu button closes the navigation again", not links(), f"{len(links())} links shown")


def shoot(driver, path, width):
    """The first SCREENSHOT_HEIGHT pixels of the page (or all of it, when shorter)."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": min(height, SCREENSHOT_HEIGHT), "scale": 1}})
    import base64
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))


if __name__ == "__main__":
    sys.exit(main())
