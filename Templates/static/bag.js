/* Vitrine's bag and favourites, kept in this browser (localStorage). Plain JavaScript, no
   third-party code. Pages work without it: product pages keep their Buy link, and the bag
   and favourites pages say they need JavaScript. Prices here are for display only: the
   checkout service prices the cart again from the catalog. */
(function () {
  "use strict";

  var script = document.currentScript;
  var root = (script && script.getAttribute("data-root")) || "";
  // In a storefront other than the root (`ko-kr`): pictures are the site's, one folder up, and the
  // bag is the storefront's own, priced in its market's currency.
  var assetRoot = (script && script.getAttribute("data-asset-root")) || root;
  var storefront = (script && script.getAttribute("data-storefront")) || "";
  var BAG_KEY = "vitrine.bag.v1";
  var FAVOURITES_KEY = "vitrine.favourites.v1";
  if (storefront) {
    BAG_KEY += "." + storefront;
    FAVOURITES_KEY += "." + storefront;
  }
  var MAX_QUANTITY = 99;
  var MAX_LINES = 100;
  var memory = {};

  // Texts ------------------------------------------------------------------------------------

  /* The theme's texts reach its scripts as JSON on the page (the string table in the page's
     language): a message with {name} placeholders, or its forms by CLDR plural category, chosen
     by `count` with the browser's own rules. One copy here, loaded first on every page, serves
     every script of the theme through window.vitrineText. */
  function message(strings, id, values) {
    var text = strings[id];
    values = values || {};
    if (text && typeof text === "object") {
      var lang = document.documentElement.lang || "en";
      var category = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang).select(values.count)
        : (values.count === 1 ? "one" : "other");
      text = text[category] || text.other;
    }
    return String(text === undefined ? id : text).replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  /** The messages in the JSON of the first element `selector` finds; none when it is missing or broken. */
  function readMessages(selector) {
    var node = document.querySelector(selector);
    try { return node ? JSON.parse(node.textContent) || {} : {}; } catch (e) { return {}; }
  }

  window.vitrineText = { message: message, read: readMessages };

  /* bag.js's own messages: every page has those of the bag's count, product, bag and favourites
     pages those they use. Read when the page has loaded (the script is deferred). */
  var strings = {};

  function t(id, values) {
    return message(strings, id, values);
  }

  /** "A, B and C" in the page's language. */
  function list(items) {
    if (items.length < 2) return items.join("");
    return t("listAnd", { list: items.slice(0, -1).join(t("listSeparator")), last: items[items.length - 1] });
  }

  // Storage ---------------------------------------------------------------------------------

  function validItem(item) {
    return item && typeof item === "object" && typeof item.sku === "string" && /^[A-Za-z0-9._-]{1,50}$/.test(item.sku) &&
      typeof item.name === "string" && Number.isSafeInteger(item.price) && item.price >= 0 &&
      typeof item.currency === "string" && /^[A-Z]{3}$/.test(item.currency);
  }

  function load(key) {
    var text = null;
    try { text = window.localStorage.getItem(key); } catch (e) { text = memory[key] || null; }
    if (!text) return [];
    try {
      var value = JSON.parse(text);
      if (!Array.isArray(value)) return [];
      return value.filter(validItem).map(function (item) {
        if (key === BAG_KEY) item.quantity = clampQuantity(item.quantity);
        return item;
      });
    } catch (e) {
      return [];
    }
  }

  function save(key, items) {
    var text = JSON.stringify(items);
    try { window.localStorage.setItem(key, text); } catch (e) { memory[key] = text; }
  }

  function clampQuantity(value) {
    var n = typeof value === "number" ? value : parseInt(value, 10);
    if (!Number.isFinite(n)) return 1;
    return Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)));
  }

  function find(items, sku) {
    for (var i = 0; i < items.length; i++) if (items[i].sku === sku) return i;
    return -1;
  }

  /** Adds one unit; returns the quantity now in the bag, or 0 when the bag is full. */
  function addToBag(product) {
    var items = load(BAG_KEY);
    var index = find(items, product.sku);
    if (index < 0) {
      if (items.length >= MAX_LINES) return 0;
      items.push(entry(product, 1));
      index = items.length - 1;
    } else {
      items[index].quantity = clampQuantity(items[index].quantity + 1);
    }
    save(BAG_KEY, items);
    return items[index].quantity;
  }

  function setQuantity(sku, quantity) {
    var items = load(BAG_KEY);
    var index = find(items, sku);
    if (index < 0) return;
    items[index].quantity = clampQuantity(quantity);
    save(BAG_KEY, items);
  }

  function removeFrom(key, sku) {
    save(key, load(key).filter(function (item) { return item.sku !== sku; }));
  }

  function isFavourite(sku) { return find(load(FAVOURITES_KEY), sku) >= 0; }

  function toggleFavourite(product) {
    var items = load(FAVOURITES_KEY);
    var index = find(items, product.sku);
    if (index >= 0) items.splice(index, 1); else items.push(entry(product));
    save(FAVOURITES_KEY, items);
    return index < 0;
  }

  function entry(product, quantity) {
    var item = {
      sku: product.sku, name: product.name, price: product.price, currency: product.currency,
      priceLabel: product.priceLabel, path: product.path, image: product.image, buyable: product.buyable
    };
    if (quantity) item.quantity = quantity;
    return item;
  }

  // Display ---------------------------------------------------------------------------------

  /** A link target from storage: a path under the site root or an http(s) URL, nothing else. */
  function href(path, base) {
    if (typeof path !== "string" || path === "") return null;
    if (/^https?:\/\//i.test(path)) return path;
    if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.charAt(0) === "/" || path.indexOf("..") >= 0) return null;
    return (base === undefined ? root : base) + path;
  }

  function readFormats(element) {
    try { return JSON.parse(element.getAttribute("data-formats") || "{}"); } catch (e) { return {}; }
  }

  /** Formats minor units exactly as the site's pages print prices ("$32.00", "3,50 €"): the
   * page hands over the parts of the locale's format that the build read off ICU. */
  function format(minor, currency, formats) {
    var f = formats[currency];
    if (!f) return (minor / 100).toFixed(2) + " " + currency;
    var scale = Math.pow(10, f.digits);
    var rest = String(Math.floor(Math.abs(minor) / scale));
    var whole = "";
    if (rest.length > f.primary && (f.groupsFour || rest.length > f.primary + 1)) {
      whole = f.group + rest.slice(-f.primary);
      rest = rest.slice(0, -f.primary);
      while (rest.length > f.secondary) {
        whole = f.group + rest.slice(-f.secondary) + whole;
        rest = rest.slice(0, -f.secondary);
      }
    }
    var amount = rest + whole;
    if (f.digits > 0) amount += f.decimal + String(Math.abs(minor) % scale).padStart(f.digits, "0");
    amount = amount.replace(/[0-9]/g, function (digit) { return f.numerals.charAt(+digit); });
    return minor < 0 ? f.negativePrefix + amount + f.negativeSuffix : f.prefix + amount + f.suffix;
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function productLink(item) {
    var target = href(item.path);
    return target ? element("a", { href: target }, item.name) : element("span", {}, item.name);
  }

  function updateCount() {
    var count = load(BAG_KEY).reduce(function (sum, item) { return sum + item.quantity; }, 0);
    document.querySelectorAll("[data-bag-count]").forEach(function (node) {
      node.textContent = count > 0 ? String(count) : "";
      var link = node.closest("a");
      if (link) link.setAttribute("aria-label", count > 0 ? t("bagCountLabel", { count: count }) : t("bagCountEmpty"));
    });
    // A sentence about the bag, in the page's words: data-text-empty, -one, and -many with {n}.
    document.querySelectorAll("[data-bag-summary]").forEach(function (node) {
      var text = node.getAttribute(count === 0 ? "data-text-empty" : count === 1 ? "data-text-one" : "data-text-many");
      if (text) node.textContent = text.replace("{n}", String(count));
    });
  }

  /** Empties the bag: once an order is paid (order.js, on the checkout's success page). */
  function clearBag() {
    try { window.localStorage.removeItem(BAG_KEY); } catch (e) { /* storage refused */ }
    delete memory[BAG_KEY];
    updateCount();
  }

  // What the theme's other scripts may ask of the bag.
  window.vitrineBag = { clear: clearBag };

  function announce(container, text, linkText, linkTarget) {
    var status = container.querySelector("[data-bag-status]");
    if (!status) return;
    status.textContent = text;
    if (linkText && linkTarget) {
      status.appendChild(document.createTextNode(" "));
      status.appendChild(element("a", { href: linkTarget }, linkText));
    }
  }

  // Product pages ---------------------------------------------------------------------------

  function readProduct(node) {
    return {
      sku: node.getAttribute("data-sku"),
      name: node.getAttribute("data-name"),
      price: parseInt(node.getAttribute("data-price"), 10),
      currency: node.getAttribute("data-currency"),
      priceLabel: node.getAttribute("data-price-label"),
      path: node.getAttribute("data-path"),
      image: node.getAttribute("data-image") || "",
      buyable: node.hasAttribute("data-buyable")
    };
  }

  function initProduct(node) {
    var product = readProduct(node);
    if (!validItem(product)) return;
    node.hidden = false;
    var add = node.querySelector("[data-bag-add]");
    if (add) {
      add.addEventListener("click", function () {
        // Read again: the variant picker points these attributes at the chosen shade or size.
        product = readProduct(node);
        var quantity = addToBag(product);
        updateCount();
        if (quantity === 0) announce(node, t("bagFull", { count: MAX_LINES }), t("bagView"), root + "bag/");
        else announce(node, t("bagAdded", { count: quantity }), t("bagView"), root + "bag/");
      });
    }
    var heart = node.querySelector("[data-favourite]");
    if (heart) {
      var show = function () {
        var on = isFavourite(product.sku);
        heart.setAttribute("aria-pressed", on ? "true" : "false");
        var icon = heart.querySelector(".heart-icon");
        if (icon) icon.textContent = on ? "♥" : "♡";
      };
      show();
      heart.addEventListener("click", function () {
        product = readProduct(node);
        var on = toggleFavourite(product);
        show();
        announce(node, on ? t("favouritesKept") : t("favouritesRemovedHere"), on ? t("favouritesView") : null,
          root + "favourites/");
      });
      window.addEventListener("storage", show);
    }
  }

  // Bag page --------------------------------------------------------------------------------

  function initBag(container) {
    var formats = readFormats(container);
    var checkoutURL = container.getAttribute("data-checkout-url");
    var lines = container.querySelector("[data-bag-lines]");
    var table = container.querySelector("[data-bag-table]");
    var empty = container.querySelector("[data-bag-empty]");
    var total = container.querySelector("[data-bag-total]");
    var form = container.querySelector("[data-bag-checkout]");
    var checkoutButton = container.querySelector("[data-bag-checkout-button]");
    var code = container.querySelector("[data-bag-code]");
    container.hidden = false;

    function button(label, action, sku, aria) {
      return element("button", { type: "button", class: "bag-small", "data-action": action, "data-sku": sku, "aria-label": aria }, label);
    }

    function row(item) {
      var tr = element("tr", { "data-sku": item.sku });
      var name = element("td");
      name.appendChild(productLink(item));
      tr.appendChild(name);
      tr.appendChild(element("td", { class: "amount" }, item.priceLabel || format(item.price, item.currency, formats)));
      var quantityCell = element("td");
      var stepper = element("div", { class: "stepper", role: "group", "aria-label": t("bagQuantityOf", { name: item.name }) });
      stepper.appendChild(button("−", "decrease", item.sku, t("bagOneFewer", { name: item.name })));
      stepper.appendChild(element("input", {
        type: "number", inputmode: "numeric", min: "1", max: String(MAX_QUANTITY), value: String(item.quantity),
        "data-action": "quantity", "data-sku": item.sku, "aria-label": t("bagQuantityOf", { name: item.name })
      }));
      stepper.appendChild(button("+", "increase", item.sku, t("bagOneMore", { name: item.name })));
      quantityCell.appendChild(stepper);
      tr.appendChild(quantityCell);
      tr.appendChild(element("td", { class: "amount", "data-line-amount": "" }));
      var removeCell = element("td");
      removeCell.appendChild(button(t("bagRemove"), "remove", item.sku, t("bagRemoveNamed", { name: item.name })));
      tr.appendChild(removeCell);
      return tr;
    }

    /** Quantities, amounts and the total, in place: focus stays where the shopper is. */
    function update() {
      var items = load(BAG_KEY);
      var sums = {};
      var order = [];
      items.forEach(function (item) {
        var tr = lines.querySelector('tr[data-sku="' + item.sku + '"]');
        if (tr) {
          var input = tr.querySelector("input");
          if (input.value !== String(item.quantity)) input.value = String(item.quantity);
          tr.querySelector('[data-action="decrease"]').setAttribute("aria-disabled", item.quantity <= 1 ? "true" : "false");
          tr.querySelector('[data-action="increase"]').setAttribute("aria-disabled", item.quantity >= MAX_QUANTITY ? "true" : "false");
          var amount = tr.querySelector("[data-line-amount]");
          amount.setAttribute("data-line-amount", String(item.price * item.quantity));
          amount.textContent = format(item.price * item.quantity, item.currency, formats);
        }
        if (!(item.currency in sums)) { sums[item.currency] = 0; order.push(item.currency); }
        sums[item.currency] += item.price * item.quantity;
      });
      total.textContent = order.map(function (currency) { return format(sums[currency], currency, formats); }).join(" + ");
      if (order.length === 1) {
        total.setAttribute("data-total-minor", String(sums[order[0]]));
        total.setAttribute("data-currency", order[0]);
      } else {
        total.removeAttribute("data-total-minor");
        total.removeAttribute("data-currency");
      }
      if (checkoutButton) checkoutButton.disabled = order.length > 1;
      if (order.length > 1) {
        announce(container, t("bagMixedCurrencies", { currencies: list(order) }));
      }
      updateCount();
    }

    /** Rebuilds the rows: on load, after a removal and when another tab changed the bag. */
    function render() {
      var items = load(BAG_KEY);
      lines.textContent = "";
      items.forEach(function (item) { lines.appendChild(row(item)); });
      empty.hidden = items.length > 0;
      table.hidden = items.length === 0;
      if (form) form.hidden = items.length === 0 || !checkoutURL;
      update();
    }

    container.addEventListener("click", function (event) {
      var target = event.target.closest("button[data-action]");
      if (!target || !container.contains(target)) return;
      var sku = target.getAttribute("data-sku");
      var action = target.getAttribute("data-action");
      var items = load(BAG_KEY);
      var index = find(items, sku);
      if (index < 0) return;
      var item = items[index];
      if (action === "remove") {
        removeFrom(BAG_KEY, sku);
        render();
        announce(container, t("bagRemoved", { name: item.name }));
        var next = items[index + 1] || items[index - 1];
        var focus = next && container.querySelector('button[data-action="remove"][data-sku="' + next.sku + '"]');
        (focus || document.querySelector("h1")).focus();
        return;
      }
      if (target.getAttribute("aria-disabled") === "true") return;
      setQuantity(sku, item.quantity + (action === "increase" ? 1 : -1));
      update();
      announce(container, t("bagQuantityNow", { name: item.name, quantity: load(BAG_KEY)[index].quantity }));
    });

    container.addEventListener("change", function (event) {
      var input = event.target;
      if (input.getAttribute("data-action") !== "quantity") return;
      setQuantity(input.getAttribute("data-sku"), input.value);
      update();
    });

    if (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var items = load(BAG_KEY);
        if (items.length === 0 || !checkoutURL) return;
        var url = checkoutURL + "cart/" + items.map(function (item) {
          return encodeURIComponent(item.sku) + ":" + item.quantity;
        }).join(",");
        var given = code ? code.value.trim() : "";
        var query = [];
        if (given) query.push("code=" + encodeURIComponent(given));
        if (storefront) query.push("storefront=" + encodeURIComponent(storefront));
        if (query.length) url += "?" + query.join("&");
        window.location.assign(url);
      });
    }

    window.addEventListener("storage", render);
    render();
  }

  // Favourites page -------------------------------------------------------------------------

  function initFavourites(container) {
    var formats = readFormats(container);
    var canBuy = container.hasAttribute("data-can-buy");
    var list = container.querySelector("[data-favourites-list]");
    var empty = container.querySelector("[data-favourites-empty]");
    container.hidden = false;

    function render(focusSku) {
      var items = load(FAVOURITES_KEY);
      list.textContent = "";
      items.forEach(function (item) {
        var li = element("li", { "data-sku": item.sku });
        var image = href(item.image, assetRoot);
        if (image) li.appendChild(element("img", { src: image, alt: "", width: "64", height: "64", loading: "lazy" }));
        li.appendChild(productLink(item));
        li.appendChild(element("span", { class: "price" }, item.priceLabel || format(item.price, item.currency, formats)));
        if (canBuy && item.buyable) {
          li.appendChild(element("button", { type: "button", class: "button", "data-action": "add", "data-sku": item.sku,
            "aria-label": t("favouritesAddNamed", { name: item.name }) }, t("addToBag")));
        }
        li.appendChild(element("button", { type: "button", class: "bag-small", "data-action": "remove", "data-sku": item.sku,
          "aria-label": t("favouritesRemoveNamed", { name: item.name }) }, t("bagRemove")));
        list.appendChild(li);
      });
      empty.hidden = items.length > 0;
      list.hidden = items.length === 0;
      if (focusSku) {
        var target = list.querySelector('[data-action="remove"][data-sku="' + focusSku + '"]');
        (target || document.querySelector("h1")).focus();
      }
    }

    container.addEventListener("click", function (event) {
      var target = event.target.closest("button[data-action]");
      if (!target) return;
      var sku = target.getAttribute("data-sku");
      var items = load(FAVOURITES_KEY);
      var index = find(items, sku);
      if (index < 0) return;
      var item = items[index];
      if (target.getAttribute("data-action") === "add") {
        var quantity = addToBag(item);
        updateCount();
        announce(container, quantity ? t("favouritesAdded", { name: item.name, count: quantity }) : t("bagFullShort"),
          t("bagView"), root + "bag/");
      } else {
        removeFrom(FAVOURITES_KEY, sku);
        announce(container, t("favouritesRemoved", { name: item.name }));
        var next = items[index + 1] || items[index - 1];
        render(next ? next.sku : "-");
      }
    });

    window.addEventListener("storage", function () { render(); });
    render();
  }

  // Shipping rates on product pages: a country list that shows that country's rates only --

  var COUNTRY_KEY = "vitrine.country";

  function initShipping(picker) {
    var select = picker.querySelector("select");
    var rows = document.querySelectorAll(".shipping-rates tr[data-country]");
    var saved = null;
    try { saved = window.localStorage.getItem(COUNTRY_KEY); } catch (e) { saved = null; }
    if (saved && select.querySelector('option[value="' + saved + '"]')) select.value = saved;
    var show = function () {
      rows.forEach(function (row) { row.hidden = row.getAttribute("data-country") !== select.value; });
    };
    select.addEventListener("change", function () {
      try { window.localStorage.setItem(COUNTRY_KEY, select.value); } catch (e) { /* private mode */ }
      show();
    });
    picker.hidden = false;
    show();
  }

  // Start -----------------------------------------------------------------------------------

  function start() {
    strings = readMessages("script[data-bag-strings]");
    var heading = document.querySelector("h1");
    if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    document.querySelectorAll("[data-js-only]").forEach(function (node) { node.hidden = false; });
    document.querySelectorAll("[data-product-actions]").forEach(initProduct);
    document.querySelectorAll("[data-bag]").forEach(initBag);
    document.querySelectorAll("[data-favourites]").forEach(initFavourites);
    document.querySelectorAll("[data-shipping-picker]").forEach(initShipping);
    updateCount();
    window.addEventListener("storage", updateCount);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
