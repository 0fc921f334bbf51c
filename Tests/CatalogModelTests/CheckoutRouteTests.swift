import CatalogModel
import Testing

@Suite struct CheckoutRouteTests {
    @Test func fillsAndNamesTheParameterSegment() {
        #expect(CheckoutRoute.cart.path("SKU-1:2") == "cart/SKU-1:2")
        #expect(CheckoutRoute.summaryJSON.path("a.b") == "api/checkout/a.b")
        #expect(CheckoutRoute.health.path("ignored") == "healthz")
        #expect(CheckoutRoute.cart.parameter == "items")
        #expect(CheckoutRoute.createLink.parameter == "")
    }

    @Test func linksBetweenRoutesAreRelative() {
        #expect(CheckoutRoute.summary.link("t.s", from: CheckoutRoute.cart) == "../checkout/t.s")
        #expect(CheckoutRoute.summaryJSON.link("t.s", from: CheckoutRoute.summary) == "../api/checkout/t.s")
    }

    @Test func matchesOnlyItsOwnPaths() {
        #expect(CheckoutRoute.cart.matches(path: "/cart/A:1"))
        #expect(!CheckoutRoute.cart.matches(path: "/cart/"))
        #expect(!CheckoutRoute.cart.matches(path: "cart/A:1"))
        #expect(!CheckoutRoute.cart.matches(path: "/cart/A:1/more"))
        #expect(CheckoutRoute.createLink.matches(path: "/api/checkout-links"))
        #expect(!CheckoutRoute.summaryJSON.matches(path: "/api/checkout-links"))
        #expect(CheckoutRoute.all.filter { $0.matches(path: "/api/checkout/x") } == [CheckoutRoute.summaryJSON])
    }

    @Test func cartItemsArePercentEncodedWhereTheyNeedIt() {
        #expect(CheckoutRoute.cartItems([("ORG-1.a_b~", 1), ("X", 12)]) == "ORG-1.a_b~:1,X:12")
        #expect(CheckoutRoute.cartItems([("A B/é", 2)]) == "A%20B%2F%C3%A9:2")
    }

    @Test func buyLinksAreTheCartRouteUnderTheCheckoutURL() {
        for checkoutURL in ["https://pay.example.com", "https://pay.example.com/shop/"] {
            let site = Site(title: "T", baseURL: "https://example.com/", currency: .usd, checkoutURL: checkoutURL)
            let base = checkoutURL.hasSuffix("/") ? checkoutURL : checkoutURL + "/"
            #expect(site.buyURL(sku: "ORG-1", quantity: 3) == base + CheckoutRoute.cart.path("ORG-1:3"))
        }
    }
}
