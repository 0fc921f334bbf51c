-- wrk script for scripts/soak.sh: the preview server under a mix of good and bad requests.
local requests = {
  wrk.format("GET", "/"),
  wrk.format("GET", "/brands/"),
  wrk.format("GET", "/products/cicalfate-creme-reparatrice/"),
  wrk.format("GET", "/search/manifest.json"),
  -- No HEAD: wrk waits for the body a HEAD response announces, and would stall on it.
  wrk.format("GET", "/style.css"),
  wrk.format("GET", "/%2e%2e/%2e%2e/etc/passwd"),
  wrk.format("GET", "/products%2f..%2f..%2fetc"),
  wrk.format("GET", "/.hidden"),
  wrk.format("GET", "/no/such/page/"),
  wrk.format("POST", "/", {["Content-Type"] = "text/plain"}, string.rep("x", 10000)),
  wrk.format("GET", "/", {["X-Padding"] = string.rep("p", 16000)}),
}
return dofile(os.getenv("SOAK_COMMON"))(requests)
