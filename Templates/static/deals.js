/* Deals near you. Once the visitor clicks "Use my location", shows the deals with a store within
   the chosen distance, nearest first. Without this script, or without a location, the page lists
   every deal with its stores. Plain JavaScript: no library, no request leaves the page. */
(function () {
  "use strict";

  // Mean Earth radius (IUGG), the figure Vitrine's GeoPoint.earthRadiusKilometres uses.
  var EARTH_RADIUS_KM = 6371.0088;

  function radians(degrees) {
    return degrees * Math.PI / 180;
  }

  /* Great-circle distance in kilometres by the haversine formula, as GeoPoint.distance(to:). */
  function distanceKm(lat1, lon1, lat2, lon2) {
    var phi1 = radians(lat1);
    var phi2 = radians(lat2);
    var dPhi = radians(lat2 - lat1);
    var dLambda = radians(lon2 - lon1);
    var a = Math.sin(dPhi / 2) * Math.sin(dPhi / 2) +
      Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) * Math.sin(dLambda / 2);
    return EARTH_RADIUS_KM * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
  }

  function formatKm(km) {
    return (km < 10 ? km.toFixed(1) : String(Math.round(km))) + " km";
  }

  // The page hands this script its texts (the theme's string table, in the page's language);
  // bag.js, loaded first on every page, fills placeholders and picks plural forms.
  var text = window.vitrineText.message;

  function toArray(nodes) {
    return Array.prototype.slice.call(nodes);
  }

  function init() {
    var finder = document.getElementById("deals-finder");
    var list = document.getElementById("deals-list");
    if (!finder || !list || !("geolocation" in navigator)) return;
    var button = document.getElementById("deals-locate");
    var select = document.getElementById("deals-radius");
    var status = document.getElementById("deals-status");
    var deals = toArray(list.querySelectorAll(".deal"));
    var here = null;
    var strings = window.vitrineText.read("script[data-deals-strings]");
    finder.hidden = false;

    function showEveryDeal(message) {
      deals.forEach(function (deal) {
        deal.hidden = false;
        list.appendChild(deal);
        toArray(deal.querySelectorAll(".store-distance")).forEach(function (label) { label.textContent = ""; });
      });
      status.textContent = message;
    }

    function filter() {
      var radius = parseFloat(select.value);
      var measured = deals.map(function (deal) {
        var stores = toArray(deal.querySelectorAll(".deal-store")).map(function (store) {
          var km = distanceKm(here.latitude, here.longitude,
            parseFloat(store.getAttribute("data-latitude")), parseFloat(store.getAttribute("data-longitude")));
          store.querySelector(".store-distance").textContent = text(strings, "dealsStoreDistance", { distance: formatKm(km) });
          return { element: store, km: km };
        });
        stores.sort(function (a, b) { return a.km - b.km; });
        stores.forEach(function (store) { store.element.parentNode.appendChild(store.element); });
        return { element: deal, km: stores.length ? stores[0].km : Infinity };
      });
      measured.sort(function (a, b) { return a.km - b.km; });
      var shown = 0;
      measured.forEach(function (deal) {
        var near = deal.km <= radius;
        deal.element.hidden = !near;
        if (near) shown += 1;
        list.appendChild(deal.element);
      });
      status.textContent = shown === 0
        ? text(strings, "dealsNoneNear", { radius: radius })
        : text(strings, "dealsNear", { count: shown, radius: radius });
    }

    button.addEventListener("click", function () {
      status.textContent = text(strings, "dealsFinding");
      button.disabled = true;
      navigator.geolocation.getCurrentPosition(function (position) {
        button.disabled = false;
        here = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        filter();
      }, function (error) {
        button.disabled = false;
        here = null;
        showEveryDeal(text(strings, error.code === error.PERMISSION_DENIED ? "dealsDenied" : "dealsUnavailable"));
      }, { enableHighAccuracy: false, timeout: 15000, maximumAge: 0 });
    });

    select.addEventListener("change", function () {
      if (here) filter();
    });
  }

  window.VitrineDeals = { distanceKm: distanceKm };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
