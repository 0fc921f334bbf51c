/* Vitrine's order page, checkout/success/: where checkout sends the shopper back after paying,
   with ?session_id=<id>. Asks the checkout service for the order (GET <checkoutURL>api/orders/<id>,
   a cross-origin request the service allows for the site) and shows it; while the payment is
   being confirmed, asks again every 2 seconds for about 30 seconds. Once the payment is made or
   under way, empties the bag (once per order: a later visit leaves a new bag alone). Plain
   JavaScript, no third-party code. Every sentence comes from the page (data-text-* attributes
   of [data-order-page]), every value from the service, and both are inserted as text, never as
   HTML. Without JavaScript the page says why the order is not shown. */
(function () {
  "use strict";

  var BAG_KEY = "vitrine.bag.v1";
  var CLEARED_KEY = "vitrine.orders.cleared.v1";
  var KEEP_CLEARED = 20;
  var POLL_INTERVAL = 2000;
  var POLL_LIMIT = 30000;
  var REQUEST_TIMEOUT = 10000;
  // A Checkout Session id, as the service accepts one: anything else is not asked for.
  var SESSION = /^cs_[A-Za-z0-9_]{1,252}$/;

  function readList(key) {
    try {
      var value = JSON.parse(window.localStorage.getItem(key) || "[]");
      return Array.isArray(value) ? value.filter(function (item) { return typeof item === "string"; }) : [];
    } catch (e) {
      return [];
    }
  }

  /** Empties the bag the first time this order's payment is seen made or under way. */
  function clearBagOnce(session) {
    var cleared = readList(CLEARED_KEY);
    if (cleared.indexOf(session) >= 0) return;
    // bag.js keeps the bag and the header's count; without it, the stored bag goes all the same.
    if (window.vitrineBag && typeof window.vitrineBag.clear === "function") {
      window.vitrineBag.clear();
    } else {
      try { window.localStorage.removeItem(BAG_KEY); } catch (e) { /* storage refused: nothing kept */ }
    }
    cleared.push(session);
    try { window.localStorage.setItem(CLEARED_KEY, JSON.stringify(cleared.slice(-KEEP_CLEARED))); } catch (e) { /* as above */ }
  }

  function isText(value) { return typeof value === "string" && value !== ""; }

  /** What the page needs of the service's answer; anything else is not shown at all. */
  function isOrder(order) {
    return order !== null && typeof order === "object" && Number.isSafeInteger(order.number) &&
      typeof order.status === "string" && isText(order.totalText) && Array.isArray(order.lines) &&
      order.lines.every(function (line) {
        return line !== null && typeof line === "object" && typeof line.name === "string" &&
          Number.isSafeInteger(line.quantity) && typeof line.totalText === "string";
      });
  }

  function init(page) {
    var status = page.querySelector("[data-order-status]");
    var details = page.querySelector("[data-order]");
    var retry = page.querySelector("[data-order-retry]");
    var base = page.getAttribute("data-orders-url") || "";
    // This page's storefront (ko-kr), empty for the root: the review form is shown in its language.
    var storefront = page.getAttribute("data-storefront") || "";
    var session = null;
    try { session = new URLSearchParams(window.location.search).get("session_id"); } catch (e) { session = null; }
    var started = Date.now();
    var shown = false;

    function text(name) { return page.getAttribute("data-text-" + name) || ""; }

    /** The live region announces a change; the same sentence again every 2 seconds is none. */
    function say(name) {
      var sentence = text(name);
      if (status.textContent !== sentence) status.textContent = sentence;
    }

    function cell(row, tag, value, className) {
      var node = document.createElement(tag);
      if (className) node.className = className;
      node.textContent = value;
      row.appendChild(node);
    }

    /** A row of the table's foot, shown only with a value. */
    function footRow(name, value) {
      var row = details.querySelector('[data-order-row="' + name + '"]');
      if (!row) return;
      row.hidden = !isText(value);
      row.querySelector("td").textContent = isText(value) ? value : "";
    }

    function show(order) {
      details.querySelector("[data-order-number]").textContent = String(order.number);
      var lines = details.querySelector("[data-order-lines]");
      lines.textContent = "";
      order.lines.forEach(function (line) {
        var row = document.createElement("tr");
        cell(row, "td", line.name);
        cell(row, "td", String(line.quantity), "amount");
        cell(row, "td", line.totalText, "amount");
        lines.appendChild(row);
      });
      footRow("discount", typeof order.discount === "number" && order.discount > 0 ? order.discountText : null);
      footRow("shipping", typeof order.shipping === "number" ? order.shippingText : null);
      details.querySelector("[data-order-total]").textContent = order.totalText;
      showReviewLinks(Array.isArray(order.reviewLinks) ? order.reviewLinks : []);
      details.hidden = false;
      shown = true;
    }

    /** A paid order's signed review links, one per line; only http(s) links are shown. */
    function showReviewLinks(links) {
      var section = details.querySelector("[data-order-reviews]");
      var list = details.querySelector("[data-order-review-links]");
      if (!section || !list) return;
      list.textContent = "";
      links.forEach(function (link) {
        if (!link || !isText(link.url) || !isText(link.name)) return;
        var target;
        try { target = new URL(link.url); } catch (error) { return; }
        if (target.protocol !== "https:" && target.protocol !== "http:") return;
        if (storefront) target.searchParams.set("storefront", storefront);
        var item = document.createElement("li");
        var anchor = document.createElement("a");
        anchor.href = target.href;
        anchor.textContent = link.name;
        item.appendChild(anchor);
        list.appendChild(item);
      });
      section.hidden = list.children.length === 0;
    }

    function request() {
      var controller = typeof AbortController === "function" ? new AbortController() : null;
      var timer = controller ? setTimeout(function () { controller.abort(); }, REQUEST_TIMEOUT) : null;
      return fetch(base + encodeURIComponent(session), {
        headers: { Accept: "application/json" }, credentials: "omit", cache: "no-store",
        signal: controller ? controller.signal : undefined
      }).then(function (response) {
        if (!response.ok) throw new Error("the checkout service answered " + response.status);
        return response.json();
      }).then(function (order) {
        if (!isOrder(order)) throw new Error("the checkout service's answer is not an order");
        return order;
      }).finally(function () {
        if (timer) clearTimeout(timer);
      });
    }

    /** Asks again in 2 seconds while the 30 have not run out; after them, says it takes longer. */
    function later() {
      if (Date.now() - started + POLL_INTERVAL <= POLL_LIMIT) setTimeout(load, POLL_INTERVAL);
      else say("slow");
    }

    function settle(order) {
      show(order);
      if (order.status === "paid" || order.status === "processing") clearBagOnce(session);
      if (order.status === "paid") {
        say("paid");
      } else if (order.status === "failed" || order.status === "expired") {
        say(order.status);
        if (retry) retry.hidden = false;
      } else {
        // open (the payment provider has not told the service yet), processing (a payment that
        // settles later), or a status this page does not know: ask again.
        say("pending");
        later();
      }
    }

    function load() {
      request().then(settle, function () {
        // Once the order is shown, a failed request while waiting is asked again.
        if (shown) later(); else say("problem");
      });
    }

    if (!base || !session || !SESSION.test(session) || typeof window.fetch !== "function") {
      say("problem");
      return;
    }
    say("loading");
    load();
  }

  function start() {
    document.querySelectorAll("[data-order-page]").forEach(init);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
