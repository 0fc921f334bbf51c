-- wrk script: POST /api/checkout-links with a two-line cart and a promotion code.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"items":[{"sku":"EST-ANR-50","quantity":1},{"sku":"ORG-CIMK-100","quantity":2}],"code":"XMAS10"}'
