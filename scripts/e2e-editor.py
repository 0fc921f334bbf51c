#!/usr/bin/env python3
"""The catalog editor end to end, as a shop person uses it, in headless Chromium (selenium).

usage: e2e-editor.py VITRINE WORK   (WORK holds a copy of Content/ and Templates/)

Starts `vitrine serve --edit` on a free loopback port, then: adds a product with a photo (the
slug proposed by the page's script, the Markdown preview shown), sees it on its brand page in
the live preview, changes its price and sees the new price, breaks the price (the error at the
field, the file unchanged), runs axe-core on every editor page (no serious or critical
violation), and deletes the product. Then creates a product with shades as staff do: typing an
option name adds its column to the variant table, rows are added and removed in the page, an
option renamed keeps its column's values, a refused save keeps the photo staged, and the saved
file has `options` and `variants`. Last, opens a product's Korean translation from its form (the
English text beside each field), changes the name, and sees the file and the rebuilt ko-kr page
with it; a bad translated slug is refused at its field; the Arabic form is right to left. Prints
one line per check and "editor: N passed, M failed".
"""
import os, signal, subprocess, sys, time, urllib.error, urllib.request

import axe_playwright_python
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

vitrine, work = sys.argv[1], sys.argv[2]
content = os.path.join(work, "Content")
AXE = open(os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js"), encoding="utf-8").read()
passed = failed = 0


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {what}")
    else:
        failed += 1
        print(f"FAIL  {what} {detail}")


server = subprocess.Popen(
    [vitrine, "serve", "--edit", "--content", content, "--templates", os.path.join(work, "Templates"),
     "--output", os.path.join(work, "Output"), "--port", "0", "--clock", "2026-12-01T12:00:00Z"],
    stdout=subprocess.PIPE, stderr=open(os.path.join(work, "serve.log"), "w"), text=True)
serving = server.stdout.readline()
editing = server.stdout.readline()
base = serving.split(" at ")[1].split(" ")[0]
check(editing.strip() == f"Editing the catalog at {base}_vitrine/edit/", f"serve --edit announces the editor: {editing.strip()}")
edit = base + "_vitrine/edit/"

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(60)
driver.set_script_timeout(60)
violations = {}


def axe(label):
    driver.execute_script(AXE)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations)).catch(e => done(String(e)));")
    if isinstance(result, str):
        violations[label] = result
        return
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result if v.get("impact") in ("serious", "critical")]
    if bad:
        violations[label] = bad


def wait(condition, seconds=120, reload_every=None):
    deadline = time.time() + seconds
    last = time.time()
    while time.time() < deadline:
        try:
            if condition():
                return True
        except Exception:
            pass
        if reload_every and time.time() - last > reload_every:
            driver.refresh()
            last = time.time()
        time.sleep(0.25)
    return False


def built(path):
    """A page of the preview fetched without the browser. A page polled in the browser carries the
    live-reload script, and a rebuild that ends just after the poll succeeds reloads that page over
    the next navigation, so the next form would be looked for on the wrong page."""
    try:
        with urllib.request.urlopen(base + path, timeout=10) as response:
            return response.read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError):
        return ""


def field(name):
    return driver.find_element(By.ID, "f-" + name)


def save():
    driver.find_element(By.CSS_SELECTOR, "form[enctype] button.save").click()


def columns():
    """The variant table's column names, as its header says them."""
    return [th.get_attribute("data-column") for th in driver.find_elements(By.CSS_SELECTOR, "table[data-rows=variants] thead th[data-column]")]


def cell(row, column):
    return driver.find_element(By.NAME, f"variants.{row}.{column}")


def variant_rows():
    return len(driver.find_elements(By.CSS_SELECTOR, "table[data-rows=variants] tbody tr"))


product_file = os.path.join(content, "products", "origins", "rose-cloud-cream.md")
photo = os.path.join(content, "images", "products", "ginzing-eye-cream.jpg")
try:
    # The editor's own pages, each checked by axe-core as it is visited.
    for width, height in ((1280, 900), (390, 844)):
        driver.set_window_size(width, height)
        for page in ("", "products/", "products/?brand=origins", "promotions/_new", "products/forever-skin-glow-foundation",
                     "products/advanced-night-repair-serum/delete", "translations",
                     "products/forever-skin-glow-foundation/translations/ko", "products/forever-skin-glow-foundation/translations/ar"):
            driver.get(edit + page)
            axe(f"{width}px /_vitrine/edit/{page}")
            # A wide table (the foundation's shades) scrolls in its own box, never the page.
            wide, view = driver.execute_script(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            check(wide <= view, f"{width}px /_vitrine/edit/{page} does not scroll sideways", f"{wide} > {view}")
    driver.set_window_size(1280, 900)

    # 1. Add a product with a photo, the way the old admin screen did.
    driver.get(edit + "products/_new?brand=origins")
    check("New product" in driver.title, f"the new-product form opens: {driver.title}")
    field("sku").send_keys("ORG-ROSE-50")
    field("name").send_keys("Rose Cloud Cream")
    field("price").click()  # leaving the name proposes the slug
    check(wait(lambda: field("_slug").get_attribute("value") == "rose-cloud-cream", 10),
          f"the slug is proposed from the name: {field('_slug').get_attribute('value')!r}")
    field("price").send_keys("32.00")
    field("priceUnit").send_keys("jar")
    field("netContent").send_keys("50 ml")
    field("_upload-image").send_keys(photo)
    field("_body").send_keys("A **light** cream for every skin.")
    check(wait(lambda: "<strong>light</strong>" in driver.find_element(By.ID, "preview-body").get_attribute("innerHTML"), 10),
          "the Markdown preview shows the text as the build renders it")
    axe("1280px the filled new-product form")
    save()
    check(wait(lambda: "Saved Content/products/origins/rose-cloud-cream.md." in driver.page_source, 30),
          "saving says where the product was written")
    check(os.path.exists(product_file), "the product file is in the brand's folder")
    stored = os.path.join(content, "images", "products", "rose-cloud-cream.jpg")
    check(os.path.exists(stored) and open(stored, "rb").read() == open(photo, "rb").read(), "the photo is stored under images/products/")
    check(subprocess.run([vitrine, "check", "--content", content], capture_output=True).returncode == 0,
          "the saved catalog passes vitrine check")

    # 2. The live preview shows it on its brand page (Origins has seven products, six to a page).
    def on_brand_pages():
        return any("Rose Cloud Cream" in built(page) for page in ("brands/origins/", "brands/origins/page/2/"))

    check(wait(on_brand_pages, 180), "the new product appears on its brand page")

    # 3. Change its price, with the product's page open in another tab: it reloads by itself.
    driver.get(base + "products/rose-cloud-cream/")
    check(wait(lambda: "32.00" in driver.page_source, 120, reload_every=10), "the product page is in the preview")
    preview_tab = driver.current_window_handle
    driver.execute_script("window.name = 'preview'")
    driver.switch_to.new_window("tab")
    driver.get(edit + "products/rose-cloud-cream")
    field("price").clear()
    field("price").send_keys("35.50")
    save()
    check(wait(lambda: "Saved Content/" in driver.page_source, 30), "the price change is saved")
    check("price: 35.50\n" in open(product_file).read(), "the file has the new price")
    editor_tab = driver.current_window_handle
    driver.switch_to.window(preview_tab)
    check(wait(lambda: "35.50" in driver.page_source and driver.execute_script("return window.name") == "preview", 120),
          "the open product page reloads by itself with the new price")
    driver.close()
    driver.switch_to.window(editor_tab)

    # 4. Break it: the error is at the field and nothing is written.
    before = open(product_file, "rb").read()
    driver.get(edit + "products/rose-cloud-cream")
    field("price").clear()
    field("price").send_keys("abc")
    save()
    check(wait(lambda: driver.find_element(By.ID, "f-price-error").text.startswith('price: "abc" is not a decimal amount'), 30),
          "an invalid price is reported at its field")
    check(field("price").get_attribute("aria-invalid") == "true"
          and "f-price-error" in field("price").get_attribute("aria-describedby"), "the field is marked invalid and names its error")
    check(driver.execute_script("return document.activeElement.id") == "error-summary", "the error summary has the focus")
    link = driver.find_element(By.CSS_SELECTOR, "#error-summary a")
    check(link.get_attribute("href").endswith("#f-price"), "the summary links to the field")
    check(open(product_file, "rb").read() == before, "the file is unchanged")
    axe("1280px a form with an error")
    axe_failures = violations
    check(not axe_failures, "axe-core: no serious or critical violation on the editor pages", axe_failures)

    # 5. Delete it, after confirming.
    driver.get(edit + "products/rose-cloud-cream/delete")
    driver.find_element(By.CSS_SELECTOR, "button.danger").click()
    check(wait(lambda: "Deleted rose-cloud-cream." in driver.page_source, 30), "deleting confirms")
    check(not os.path.exists(product_file), "the file is gone")
    check(wait(lambda: not on_brand_pages(), 120), "the brand pages no longer list it")

    # 6. A product with shades, made in the page: options become columns, rows come and go.
    shades_file = os.path.join(content, "products", "diar", "silk-foundation.md")
    driver.get(edit + "products/_new?brand=diar")
    check(not driver.find_element(By.CSS_SELECTOR, "button[value=options]").is_displayed(),
          "with the script, the Update options button is not needed and hidden")
    field("_slug").send_keys("silk-foundation")
    field("sku").send_keys("DIR-SILK")
    field("name").send_keys("Silk Foundation")
    field("options-0").send_keys("shade")
    check(wait(lambda: columns()[:2] == ["sku", "shade"], 5), f"typing an option name adds its column after the SKU: {columns()}")
    check(cell(0, "shade").get_attribute("aria-label") == "Variant 1: Shade", "the new cells are labelled with their row and column")
    rows = variant_rows()
    driver.find_element(By.CSS_SELECTOR, "button[value='add:variants']").click()
    check(variant_rows() == rows + 1, f"Add a variant adds a row in the page: {rows} → {variant_rows()}")
    check(driver.execute_script("return document.activeElement.name") == f"variants.{rows}.sku", "the new row has the focus")
    cell(0, "sku").send_keys("DIR-SILK-1N")
    cell(0, "shade").send_keys("1N Neutral")
    cell(1, "sku").send_keys("DIR-SILK-9X")
    cell(2, "sku").send_keys("DIR-SILK-2W")
    cell(2, "shade").send_keys("2W Warm")
    driver.find_element(By.CSS_SELECTOR, "button[value='remove:variants:1']").click()
    check(variant_rows() == rows and cell(1, "sku").get_attribute("value") == "DIR-SILK-2W",
          "Remove takes the row out and the rows below move up")
    check(driver.find_element(By.NAME, "_rows.variants").get_attribute("value").endswith(f"|{rows}"),
          "the table's marker counts the rows the page has")
    box = field("options-0")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("tone")
    check(wait(lambda: "tone" in columns() and "shade" not in columns(), 5), f"renaming the option renames its column: {columns()}")
    check(cell(0, "tone").get_attribute("value") == "1N Neutral", "the renamed column keeps its values")
    field("options-1").send_keys("finish")
    check(wait(lambda: columns()[:3] == ["sku", "tone", "finish"], 5), f"a second option gets the next column: {columns()}")
    field("options-1").send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)
    check(wait(lambda: "finish" not in columns(), 5), f"clearing an option removes its column: {columns()}")
    # A refused save (no price) keeps the photo: it is shown and saved by the next try.
    field("_upload-image").send_keys(photo)
    save()
    check(wait(lambda: driver.find_element(By.ID, "f-price-error").is_displayed(), 30), "a save without a price is refused at the price")
    check(not os.path.exists(shades_file), "nothing is written by a refused save")
    staged = driver.find_elements(By.CSS_SELECTOR, ".staged img")
    check(len(staged) == 1 and driver.execute_script("return arguments[0].naturalWidth", staged[0]) > 0,
          "the uploaded photo is kept and shown, to be saved with the next try")
    check(cell(0, "tone").get_attribute("value") == "1N Neutral" and cell(1, "tone").get_attribute("value") == "2W Warm",
          "the variant rows are kept as typed")
    axe("1280px a refused product with variants and a staged photo")
    field("price").send_keys("48.00")
    save()
    check(wait(lambda: "Saved Content/products/diar/silk-foundation.md." in driver.page_source, 30), "the product with shades is saved")
    written = open(shades_file).read() if os.path.exists(shades_file) else ""
    check("options: [tone]\nvariants:\n  - sku: DIR-SILK-1N\n    tone: 1N Neutral\n  - sku: DIR-SILK-2W\n    tone: 2W Warm\n" in written,
          "the file has options and variants as the contract wants", written)
    stored = os.path.join(content, "images", "products", "silk-foundation.jpg")
    check(os.path.exists(stored) and open(stored, "rb").read() == open(photo, "rb").read(), "the staged photo is stored with the product")
    check(subprocess.run([vitrine, "check", "--content", content], capture_output=True).returncode == 0,
          "the catalog with the new product passes vitrine check")
    check(not {k: v for k, v in violations.items() if "variants" in k}, "axe-core: no serious or critical violation on the variant form",
          violations)
    driver.get(edit + "products/silk-foundation/delete")
    driver.find_element(By.CSS_SELECTOR, "button.danger").click()
    check(wait(lambda: "Deleted silk-foundation." in driver.page_source, 30), "the product with shades is deleted")

    # 7. A product's Korean translation, beside its English text: the name changed, saved, and
    #    the ko-kr storefront rebuilt with it.
    ko_file = os.path.join(content, "products", "diar", "forever-skin-glow-foundation.ko.md")
    ko_page = "ko-kr/products/forever-skin-glow-foundation/"
    new_name = "포에버 스킨 글로우 파운데이션 리뉴얼"
    driver.get(edit + "products/forever-skin-glow-foundation")
    driver.find_element(By.CSS_SELECTOR, "a[href$='/forever-skin-glow-foundation/translations/ko']").click()
    check(wait(lambda: "Korean" in driver.title, 10), f"the record's form links its Korean translation form: {driver.title}")
    check("Forever Skin Glow Foundation" in field("name-default").text, "the English name is shown beside the Korean one")
    check(field("name").get_attribute("lang") == "ko" and field("name").get_attribute("dir") in (None, ""),
          "the Korean inputs are marked as Korean, left to right")
    check(len(driver.find_elements(By.CSS_SELECTOR, "input[name^='values.']")) == 12, "a value input per shade of the product")
    check(not driver.find_elements(By.NAME, "price"), "no field a translation may not hold")
    field("name").clear()
    field("name").send_keys(new_name)
    save()
    check(wait(lambda: "Saved Content/products/diar/forever-skin-glow-foundation.ko.md." in driver.page_source, 30),
          "the translation is saved")
    ko_text = open(ko_file, encoding="utf-8").read()
    check(f'name: "{new_name}"\n' in ko_text and "options: {shade: 색상}" in ko_text,
          "the file has the new name and keeps its other lines", ko_text[:200])
    check(subprocess.run([vitrine, "check", "--content", content], capture_output=True).returncode == 0,
          "the catalog with the changed translation passes vitrine check")

    check(wait(lambda: new_name in built(ko_page), 180), "the rebuilt ko-kr product page shows the new name")
    before = open(ko_file, "rb").read()
    driver.get(edit + "products/forever-skin-glow-foundation/translations/ko")
    field("slug").send_keys("Not A Slug")
    save()
    check(wait(lambda: driver.find_element(By.ID, "f-slug-error").text.startswith('slug: "Not A Slug" has characters outside'), 30),
          "a bad translated slug is reported at its field")
    check(open(ko_file, "rb").read() == before, "the refused translation leaves the file unchanged")
    driver.get(edit + "products/forever-skin-glow-foundation/translations/ar")
    check(field("name").get_attribute("dir") == "rtl" and field("_body").get_attribute("dir") == "rtl",
          "the Arabic form is written right to left")
    check(not {k: v for k, v in violations.items() if "translations" in k}, "axe-core: no serious or critical violation on the translation forms",
          violations)
finally:
    driver.quit()
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()

print(f"editor: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
