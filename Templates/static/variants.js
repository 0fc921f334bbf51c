// The variant picker of a product page: one <select> per option. Choosing a value shows that
// variant's price, picture, availability and Buy link, points the bag and favourite buttons at
// it and keeps it in the URL (?variant=<sku>), which also chooses it when the page loads.
// Without this script the page lists every variant in a table with its own Buy link.
(function () {
  "use strict";
  var data = document.querySelector("[data-variant-data]");
  var picker = document.querySelector("[data-variant-picker]");
  if (!data || !picker) return;
  var variants;
  try { variants = JSON.parse(data.textContent); } catch (e) { return; }
  var selects = Array.prototype.slice.call(picker.querySelectorAll("select[data-option]"));
  var price = document.querySelector("[data-variant-price]");
  var label = document.querySelector("[data-variant-label]");
  var availability = document.querySelector("[data-variant-availability]");
  var image = document.querySelector("[data-variant-image]");
  var buy = document.querySelector("[data-variant-buy]");
  var actions = document.querySelector("[data-product-actions]");
  var status = picker.querySelector("[data-variant-status]");
  var skuText = document.querySelector("[data-variant-sku]");
  var shippingRows = document.querySelectorAll(".shipping-rates tr[data-country]");
  var strings = window.vitrineText.read("script[data-variant-strings]");

  // The page hands this script its texts (the theme's string table, in the page's language);
  // bag.js, loaded first on every page, fills placeholders and picks plural forms.
  var text = window.vitrineText.message;

  function chosen() {
    var values = selects.map(function (select) { return select.value; });
    for (var i = 0; i < variants.length; i++) {
      if (variants[i].values.join("\u0000") === values.join("\u0000")) return variants[i];
    }
    return null;
  }

  function setPrice(variant) {
    price.textContent = variant.price;
    if (variant.listPrice) {
      var was = document.createElement("del");
      was.className = "list-price";
      var hidden = document.createElement("span");
      hidden.className = "visually-hidden";
      hidden.textContent = text(strings, "priceWas") + " ";
      was.append(hidden, variant.listPrice);
      price.append(" ", was);
    }
    if (variant.unitPrice) {
      var unit = document.createElement("span");
      unit.className = "unit-price";
      unit.textContent = variant.unitPrice;
      price.append(" · ", unit);
    }
  }

  function show(variant, announce) {
    var rows = document.querySelectorAll("tr[data-variant]");
    rows.forEach(function (row) {
      if (variant && row.getAttribute("data-variant") === variant.sku) row.setAttribute("aria-current", "true");
      else row.removeAttribute("aria-current");
    });
    if (!variant) {
      price.textContent = "";
      availability.textContent = text(strings, "variantUnavailable");
      availability.className = "availability availability-out_of_stock";
      if (buy) buy.hidden = true;
      if (actions) actions.removeAttribute("data-buyable");
      if (status && announce) status.textContent = text(strings, "variantUnavailable");
      return;
    }
    setPrice(variant);
    if (label) {
      // "Shade: Rose, Size: 50 ml" with the language's own colon and comma (ja "色：赤、…").
      label.textContent = selects.map(function (select) {
        return text(strings, "variantChoice", { option: select.labels[0].textContent, value: select.value });
      }).join(text(strings, "listSeparator"));
    }
    if (skuText) skuText.textContent = variant.sku;
    availability.textContent = variant.availability;
    availability.className = "availability availability-" + variant.availabilityCode;
    if (image && variant.imageURL) {
      // A <picture> shows its <source>s before the <img>: each gets the variant's widths, or
      // goes when the variant has none in that format.
      var picture = image.parentNode;
      if (picture && picture.tagName === "PICTURE") {
        Array.prototype.slice.call(picture.querySelectorAll("source")).forEach(function (source) {
          var format = source.type === "image/avif" ? "Avif" : source.type === "image/webp" ? "Webp" : "";
          var srcset = variant["image" + format];
          if (srcset) source.srcset = srcset;
          else picture.removeChild(source);
        });
      }
      if (variant.imageSrcset) image.srcset = variant.imageSrcset;
      else image.removeAttribute("srcset");
      image.src = variant.imageURL;
      image.width = variant.imageWidth;
      image.height = variant.imageHeight;
    }
    if (buy) {
      buy.hidden = !variant.buyURL;
      if (variant.buyURL) buy.querySelector("a").href = variant.buyURL;
    }
    if (actions) {
      actions.setAttribute("data-sku", variant.sku);
      actions.setAttribute("data-name", variant.name);
      actions.setAttribute("data-price", String(variant.priceMinorUnits));
      actions.setAttribute("data-price-label", variant.price);
      if (variant.imagePath) actions.setAttribute("data-image", variant.imagePath);
      if (variant.buyURL) actions.setAttribute("data-buyable", "");
      else actions.removeAttribute("data-buyable");
      var add = actions.querySelector("[data-bag-add]");
      if (add) add.hidden = !variant.buyURL;
    }
    shippingRows.forEach(function (row) {
      var free = row.getAttribute("data-free-over");
      var cost = row.querySelector("[data-shipping-cost]");
      if (!cost) return;
      var isFree = free !== null && variant.priceMinorUnits >= parseInt(free, 10);
      cost.firstChild.textContent = isFree ? text(strings, "shippingFree") : row.getAttribute("data-cost-label");
    });
    if (status && announce) {
      status.textContent = text(strings, "variantStatus", { name: variant.name, price: variant.price, availability: variant.availability });
    }
  }

  function select(variant) {
    selects.forEach(function (element, index) { element.value = variant.values[index]; });
  }

  var wanted = new URLSearchParams(window.location.search).get("variant");
  if (wanted) {
    for (var i = 0; i < variants.length; i++) if (variants[i].sku === wanted) select(variants[i]);
  }
  picker.hidden = false;
  show(chosen(), false);

  picker.addEventListener("change", function () {
    var variant = chosen();
    show(variant, true);
    var url = new URL(window.location.href);
    if (variant) url.searchParams.set("variant", variant.sku);
    else url.searchParams.delete("variant");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  });
  picker.addEventListener("submit", function (event) { event.preventDefault(); });
})();
