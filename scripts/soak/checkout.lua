-- wrk script for scripts/soak.sh: the checkout service under a mix of good and bad requests.
-- Counts 5xx answers per thread and prints them with the totals at the end.
local good_cart = '{"items":[{"sku":"AVN-CRC-40","quantity":2},{"sku":"AVN-ETM-150","quantity":1}]}'
local requests = {
  wrk.format("GET", "/healthz"),
  wrk.format("GET", "/cart/AVN-CRC-40:2,AVN-ETM-150:1"),
  wrk.format("POST", "/api/checkout-links", {["Content-Type"] = "application/json"}, good_cart),
  wrk.format("POST", "/api/checkout-links", {["Content-Type"] = "application/json"}, '{"items":[{"sku":'),
  wrk.format("POST", "/api/checkout-links", {["Content-Type"] = "application/json"}, '{"items":[{"sku":"AVN-CRC-40","quantity":1,"price":0.01}]}'),
  wrk.format("POST", "/api/checkout-links", {["Content-Type"] = "application/json"}, string.rep("[", 5000)),
  wrk.format("GET", "/cart/%zz"),
  wrk.format("GET", "/cart/NO-SUCH-SKU:1"),
  wrk.format("GET", "/checkout/not.a-token"),
  wrk.format("GET", "/api/checkout/" .. string.rep("A", 20000)),
  wrk.format("GET", "/nope"),
  wrk.format("DELETE", "/healthz"),
  wrk.format("GET", "/healthz", {["X-Padding"] = string.rep("p", 16000)}),
}
return dofile(os.getenv("SOAK_COMMON"))(requests)
