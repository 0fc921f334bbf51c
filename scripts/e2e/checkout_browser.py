#!/usr/bin/env python3
"""Browser test of the bag and checkout: chromium (headless) driven by selenium.

usage: checkout_browser.py SITE_URL SERVICE_URL
Prints one `PASS name` or `FAIL name: reason` line per check; exits 1 if any failed.
"""
import sys
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

SITE, SERVICE = sys.argv[1].rstrip("/") + "/", sys.argv[2].rstrip("/") + "/"
# The serum's 50 ml size, chosen by the URL as a shared link would (in "10% off for X'mas", XMAS10).
SERUM = ("EST-ANR-50", "products/advanced-night-repair-serum/?variant=EST-ANR-50", 8400)
MASK = ("ORG-CIMK-100", "products/clear-improvement-charcoal-mask/", 850)
# The Korean storefront's rose toner: listed at 7,500 won, 12 % off in the Korea-only "Fresh week".
TONER = ("FRS-RDHT-250", "ko-kr/products/rose-deep-hydration-toner/", 6600)
failures = 0


def check(name, condition, detail=""):
    global failures
    if condition:
        print(f"PASS {name}", flush=True)
    else:
        failures += 1
        print(f"FAIL {name}: {detail}", flush=True)


def browser(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1200,900"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    return driver


def wait(driver, predicate, timeout=10):
    try:
        return WebDriverWait(driver, timeout).until(predicate)
    except WebDriverException:
        return None


def press(driver, element, key=Keys.ENTER):
    """Uses the keyboard, as a shopper without a mouse would: focus, then Enter or Space."""
    driver.execute_script("arguments[0].focus()", element)
    element.send_keys(key)


def add_from_product_page(driver, product):
    sku, path, _ = product
    driver.get(SITE + path)
    actions = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-product-actions]"))
    check(f"{sku}: bag actions shown with JavaScript", actions is not None and actions.is_displayed())
    buy = driver.find_elements(By.LINK_TEXT, "Buy")
    check(f"{sku}: Buy link points at the service", bool(buy) and buy[0].get_attribute("href") == f"{SERVICE}cart/{sku}:1",
          buy[0].get_attribute("href") if buy else "no Buy link")
    add = driver.find_element(By.CSS_SELECTOR, "[data-bag-add]")
    press(driver, add)
    status = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-product-actions] [data-bag-status]").text or None)
    check(f"{sku}: added to the bag with the keyboard", status is not None and "Added to your bag" in status, repr(status))


def variant_picker(driver):
    """The picker: a labelled select per option that updates price, picture, availability, Buy and
    bag buttons and the URL; `?variant=` chooses on load."""
    driver.get(SITE + "products/forever-skin-glow-foundation/")
    picker = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-variant-picker]"))
    check("picker: shown with JavaScript", picker is not None and picker.is_displayed())
    shade = driver.find_element(By.ID, "option-shade")
    label = driver.find_element(By.CSS_SELECTOR, 'label[for="option-shade"]')
    check("picker: the shade control has a label", label.text == "Shade", label.text)
    driver.execute_script("arguments[0].focus()", shade)
    check("picker: reachable by keyboard focus", driver.switch_to.active_element == shade)
    Select(shade).select_by_visible_text("4R Rosewood")
    url_ok = wait(driver, lambda d: d.current_url.endswith("?variant=DIR-FSG-4R"))
    check("picker: the URL names the chosen shade", url_ok is not None, driver.current_url)
    picture = driver.find_element(By.CSS_SELECTOR, "[data-variant-image]")
    image = picture.get_attribute("src")
    check("picker: the picture is the shade's", "/forever-skin-glow-foundation-4r-" in image, image)
    # The <source>s the browser reads first follow the shade too, and it shows one of them.
    sources = [s.get_attribute("srcset") for s in driver.find_elements(By.CSS_SELECTOR, "picture source")
               if s.find_element(By.XPATH, "..").find_elements(By.CSS_SELECTOR, "[data-variant-image]")]
    check("picker: every <source> of the picture is the shade's",
          sources and all("/forever-skin-glow-foundation-4r-" in s for s in sources), sources)
    shown = wait(driver, lambda d: "/forever-skin-glow-foundation-4r-" in (picture.get_attribute("currentSrc") or ""))
    check("picker: the browser shows the shade's picture", shown is not None, picture.get_attribute("currentSrc"))
    buy = driver.find_element(By.CSS_SELECTOR, "[data-variant-buy] a")
    check("picker: Buy takes the shade", buy.get_attribute("href") == f"{SERVICE}cart/DIR-FSG-4R:1" and buy.is_displayed(),
          buy.get_attribute("href"))
    actions = driver.find_element(By.CSS_SELECTOR, "[data-product-actions]")
    check("picker: the bag buttons take the shade", actions.get_attribute("data-sku") == "DIR-FSG-4R"
          and actions.get_attribute("data-name") == "Forever Skin Glow Foundation (4R Rosewood)", actions.get_attribute("data-sku"))
    status = driver.find_element(By.CSS_SELECTOR, "[data-variant-status]").get_attribute("textContent")
    check("picker: a screen reader hears the choice", "4R Rosewood" in status and "$52.00" in status, status)
    row = driver.find_element(By.CSS_SELECTOR, 'tr[data-variant="DIR-FSG-4R"]')
    check("picker: the table marks the chosen row", row.get_attribute("aria-current") == "true")
    Select(shade).select_by_visible_text("3CR Cool Rosy")
    availability = driver.find_element(By.CSS_SELECTOR, "[data-variant-availability]")
    check("picker: a sold-out shade says so and hides Buy",
          availability.text == "Out of stock" and not driver.find_element(By.CSS_SELECTOR, "[data-variant-buy]").is_displayed()
          and not driver.find_element(By.CSS_SELECTOR, "[data-bag-add]").is_displayed(), availability.text)

    driver.get(SITE + "products/advanced-night-repair-serum/")
    size = wait(driver, lambda d: d.find_element(By.ID, "option-size"))
    Select(size).select_by_visible_text("100 ml")
    price = driver.find_element(By.CSS_SELECTOR, "[data-variant-price]").text
    check("picker: the price and unit price follow the size", price == "$135.00 · $135.00 / 100 ml", price)
    driver.get(SITE + "products/advanced-night-repair-serum/?variant=EST-ANR-100")
    size = wait(driver, lambda d: d.find_element(By.ID, "option-size"))
    price = driver.find_element(By.CSS_SELECTOR, "[data-variant-price]").text
    check("picker: ?variant= chooses on load", Select(size).first_selected_option.text == "100 ml" and price.startswith("$135.00"),
          f"{Select(size).first_selected_option.text} {price}")
    driver.get(SITE + "products/forever-skin-glow-foundation/")
    rows = driver.find_elements(By.CSS_SELECTOR, ".shipping-rates tr[data-country]")
    country = driver.find_element(By.ID, "shipping-country")
    Select(country).select_by_value("DE")
    shown = [r.get_attribute("data-country") for r in rows if r.is_displayed()]
    check("shipping: choosing a country shows its rates", shown == ["DE"], shown)


def storefront_bag(driver):
    """A storefront keeps its own bag, in its market's currency, and its checkout link names it, so
    the service prices the cart in won and signs the storefront into the token."""
    sku, path, price = TONER
    driver.get(SITE + path)
    add = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-bag-add]"))
    press(driver, add)
    status = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-product-actions] [data-bag-status]").text or None)
    check("ko-kr: the toner is added on the Korean page", status is not None, repr(status))
    driver.get(SITE + "ko-kr/bag/")
    rows = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-bag-lines] tr") or None) or []
    check("ko-kr: the Korean bag holds the toner alone", [r.get_attribute("data-sku") for r in rows] == [sku],
          [r.get_attribute("data-sku") for r in rows])
    total = driver.find_element(By.CSS_SELECTOR, "[data-bag-total]")
    check("ko-kr: the bag's total is in won", total.get_attribute("data-total-minor") == str(price) and total.text == "₩6,600",
          f"{total.get_attribute('data-total-minor')} {total.text!r}")
    driver.get(SITE + "bag/")
    rows = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-bag-lines] tr") or None) or []
    check("the root's bag does not hold the Korean storefront's toner", sku not in [r.get_attribute("data-sku") for r in rows],
          [r.get_attribute("data-sku") for r in rows])
    driver.get(SITE + "ko-kr/bag/")
    button = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-bag-checkout-button]"))
    press(driver, button)
    landed = wait(driver, lambda d: d.current_url.startswith(SERVICE + "checkout/"), timeout=15)
    check("ko-kr: checkout lands on the service's summary page", landed is not None, driver.current_url)
    if landed:
        import json
        token = driver.current_url.rsplit("/", 1)[1]
        with urllib.request.urlopen(SERVICE + "api/checkout/" + token) as response:
            body = json.load(response)
        check("ko-kr: the service priced the cart in won for the Korean storefront",
              (body.get("currency"), body.get("storefront"), body.get("total")) == ("KRW", "ko-kr", price), body)
        lang = driver.find_element(By.TAG_NAME, "html").get_attribute("lang")
        check("ko-kr: the summary page is in Korean", (lang or "").startswith("ko"), lang)


def main():
    global failures
    driver = browser()
    try:
        variant_picker(driver)
        driver.get(SITE)
        driver.execute_script("window.localStorage.clear()")
        add_from_product_page(driver, SERUM)
        add_from_product_page(driver, MASK)

        heart = driver.find_element(By.CSS_SELECTOR, "[data-favourite]")
        press(driver, heart, Keys.SPACE)
        check("heart toggles the favourite", wait(driver, lambda d: heart.get_attribute("aria-pressed") == "true") is not None,
              heart.get_attribute("aria-pressed"))

        driver.get(SITE + "bag/")
        rows = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-bag-lines] tr") or None) or []
        check("bag lists both products", [r.get_attribute("data-sku") for r in rows] == [SERUM[0], MASK[0]],
              [r.get_attribute("data-sku") for r in rows])
        check("bag names the serum's size", rows and "Advanced Night Repair Serum (50 ml)" in rows[0].text, rows[0].text if rows else "")
        total = driver.find_element(By.CSS_SELECTOR, "[data-bag-total]")
        check("bag total of one each", total.get_attribute("data-total-minor") == str(SERUM[2] + MASK[2]) and total.text == "$92.50",
              f"{total.get_attribute('data-total-minor')} {total.text!r}")

        more = driver.find_element(By.CSS_SELECTOR, f'button[data-action="increase"][data-sku="{MASK[0]}"]')
        press(driver, more)
        quantity = driver.find_element(By.CSS_SELECTOR, f'input[data-sku="{MASK[0]}"]')
        check("+ raises the quantity", wait(driver, lambda d: d.find_element(
            By.CSS_SELECTOR, f'input[data-sku="{MASK[0]}"]').get_attribute("value") == "2") is not None,
            quantity.get_attribute("value"))
        focused = driver.switch_to.active_element
        check("focus stays on the + button", focused.get_attribute("data-action") == "increase",
              focused.get_attribute("outerHTML")[:80])
        quantity = driver.find_element(By.CSS_SELECTOR, f'input[data-sku="{MASK[0]}"]')
        quantity.send_keys(Keys.CONTROL, "a")
        quantity.send_keys("3", Keys.TAB)
        expected = SERUM[2] + 3 * MASK[2]
        total_ok = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-bag-total]").get_attribute("data-total-minor")
                        == str(expected))
        total = driver.find_element(By.CSS_SELECTOR, "[data-bag-total]")
        check("typed quantity changes the total", total_ok is not None and total.text == "$109.50",
              f"{total.get_attribute('data-total-minor')} {total.text!r}")
        focused = driver.switch_to.active_element
        check("Tab after typing moves on to the + button", focused.get_attribute("data-action") == "increase",
              focused.get_attribute("outerHTML")[:80])
        count = driver.find_element(By.CSS_SELECTOR, "[data-bag-count]").text
        check("header shows the number of items", count == "4", repr(count))

        code = driver.find_element(By.CSS_SELECTOR, "[data-bag-code]")
        code.send_keys("xmas10")
        press(driver, driver.find_element(By.CSS_SELECTOR, "[data-bag-checkout-button]"))
        landed = wait(driver, lambda d: d.current_url.startswith(SERVICE + "checkout/"), timeout=15)
        check("checkout lands on the service's summary page", landed is not None, driver.current_url)
        if landed:
            page = driver.page_source
            summary_total = driver.find_element(By.ID, "total").get_attribute("data-amount")
            # The service prices it: 84.00 − 10% (XMAS10) + 3 × 8.50 = 75.60 + 25.50.
            check("summary total is priced by the service", summary_total == str(expected - 840), summary_total)
            quantities = [c.get_attribute("data-quantity") for c in driver.find_elements(By.CSS_SELECTOR, "[data-quantity]")]
            check("summary has the bag's quantities", quantities == ["1", "3"], quantities)
            check("summary says no payment is taken", "No payment is taken here" in page)
            token = driver.current_url.rsplit("/", 1)[1]
            with urllib.request.urlopen(SERVICE + "api/checkout/" + token) as response:
                import json
                body = json.load(response)
            check("the same token reads back as JSON", body["total"] == expected - 840 and len(body["lines"]) == 2, body)

        storefront_bag(driver)

        driver.get(SITE + "favourites/")
        favourites = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-favourites-list] li") or None) or []
        check("favourites page lists the heart's product", [f.get_attribute("data-sku") for f in favourites] == [MASK[0]],
              [f.get_attribute("data-sku") for f in favourites])
        if favourites:
            press(driver, favourites[0].find_element(By.CSS_SELECTOR, 'button[data-action="remove"]'))
            empty = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-favourites-empty]").is_displayed())
            check("removing the last favourite shows the empty message", empty is not None)
    finally:
        driver.quit()

    plain = browser(javascript=False)
    try:
        plain.get(SITE + SERUM[1])
        buy = plain.find_elements(By.LINK_TEXT, "Buy")
        rows = plain.find_elements(By.CSS_SELECTOR, "tr[data-variant]")
        check("without JavaScript: every size has its own row and Buy link",
              [r.find_element(By.TAG_NAME, "a").get_attribute("href") for r in rows]
              == [f"{SERVICE}cart/EST-ANR-{n}:1" for n in (30, 50, 100)], len(rows))
        check("without JavaScript: the picker stays hidden", not plain.find_element(By.CSS_SELECTOR, "[data-variant-picker]").is_displayed())
        actions = plain.find_element(By.CSS_SELECTOR, "[data-product-actions]")
        check("without JavaScript: the Buy link stays, the bag buttons stay hidden",
              bool(buy) and buy[0].is_displayed() and not actions.is_displayed())
        plain.get(SITE + "bag/")
        check("without JavaScript: the bag page says it needs it", "needs JavaScript" in plain.find_element(By.TAG_NAME, "main").text)
    finally:
        plain.quit()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
