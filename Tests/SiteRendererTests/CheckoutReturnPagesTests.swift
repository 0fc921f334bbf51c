import BuildEngine
import CatalogModel
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

/// Where the payment provider sends the shopper back from checkout: `checkout/success/` (the
/// order, shown by `order.js` from the checkout service) and `checkout/cancelled/`, rendered from
/// the sample shop.
@Suite struct CheckoutReturnPagesTests {
    static let checkout = "https://checkout.beauty-and-me.example.com/"
    static let noindex = #"<meta name="robots" content="noindex">"#

    static func render(checkoutURL: String? = checkout) throws -> [String: String] {
        var catalog = SampleShop.catalog
        catalog.site.checkoutURL = checkoutURL
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        var files: [String: String] = [:]
        for job in SiteRenderer(catalog: catalog, templates: templates, now: SampleShop.clock, language: "en").jobs() where job.category == .page {
            files[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return files
    }

    static func theme(_ path: String) throws -> String {
        try String(contentsOf: ShopFixture.templates.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theRoutesAreTheOnesCheckoutSendsTheShopperBackTo() {
        #expect(Routes.checkoutSuccess == "checkout/success/")
        #expect(Routes.checkoutCancelled == "checkout/cancelled/")
        #expect(Routes.noindex == [Routes.checkoutSuccess, Routes.checkoutCancelled])
    }

    @Test func onlyTheReturnPagesAreNoindex() throws {
        let pages = try Self.render()
        for route in Routes.noindex {
            let page = try #require(pages[Routes.file(for: route)], "\(route) was not rendered")
            #expect(page.contains(Self.noindex), "\(route)")
        }
        for (path, page) in pages where !Routes.noindex.contains(where: { Routes.file(for: $0) == path }) {
            #expect(!page.contains("noindex"), "\(path)")
        }
    }

    @Test func withoutACheckoutServiceNeitherPageIsRendered() throws {
        let pages = try Self.render(checkoutURL: nil)
        #expect(pages["bag/index.html"] != nil)
        #expect(pages.keys.filter { $0.hasPrefix("checkout/") }.isEmpty)
    }

    @Test func theSuccessPageHandsItsScriptTheServiceAndEverySentence() throws {
        let page = try #require(try Self.render()["checkout/success/index.html"])
        #expect(page.contains("<title>Thank you for your order · Beauty &amp; Me</title>"))
        #expect(page.contains("<h1>Thank you for your order</h1>"))
        #expect(page.contains(#"<script src="../../order.js" defer></script>"#))
        // After bag.js, which the script asks to empty the bag: deferred scripts run in order.
        let bag = try #require(page.range(of: #"<script src="../../bag.js""#))
        let order = try #require(page.range(of: #"<script src="../../order.js""#))
        #expect(bag.lowerBound < order.lowerBound)
        #expect(page.contains(#"data-orders-url="\#(Self.checkout)api/orders/""#))
        #expect(page.contains(#"<meta name="referrer" content="same-origin">"#))
        for sentence in [
            "Payment received.", "We are confirming your payment…", "The payment did not go through",
            "This checkout expired before you paid", "We could not load your order. Your payment, if you made one, is safe",
        ] {
            #expect(page.contains(sentence), "\(sentence)")
        }
        #expect(page.contains(#"role="status" aria-live="polite" data-order-status"#))
        #expect(page.contains("<noscript><p>We could not load your order"))
        #expect(page.contains("<h2>Order <span data-order-number></span></h2>"))
        #expect(page.contains(#"<a class="button" href="../../">Continue shopping</a>"#))
        #expect(page.contains(#"href="../../bag/" data-order-retry hidden>Back to your bag</a>"#))
        // A checkout URL without its final slash still leads to the service's route.
        let bare = try #require(try Self.render(checkoutURL: "https://pay.example.com/shop")["checkout/success/index.html"])
        #expect(bare.contains(#"data-orders-url="https://pay.example.com/shop/api/orders/""#))
    }

    @Test func theCancelledPageLeadsBackToTheBag() throws {
        let page = try #require(try Self.render()["checkout/cancelled/index.html"])
        #expect(page.contains("<h1>Payment cancelled</h1>"))
        #expect(page.contains("Nothing was charged."))
        #expect(page.contains(">Your bag still holds your items.</span>"))
        #expect(page.contains(#"data-text-many="Your bag still holds your {n} items.""#))
        #expect(page.contains(#"<a class="button" href="../../bag/">Back to your bag</a>"#))
        #expect(page.contains(#"<a class="button button-quiet" href="../../">Continue shopping</a>"#))
        #expect(!page.contains("order.js"))
    }

    /// The scripts agree with each other and with the page: the bag's storage key, the function
    /// that empties it, the attributes the page carries, and no HTML made from the service's data.
    @Test func theOrderScriptReadsWhatThePageAndTheBagScriptProvide() throws {
        let script = try Self.theme("static/order.js")
        let bag = try Self.theme("static/bag.js")
        let template = try Self.theme("checkout-success.mustache")
        #expect(bag.contains(#"var BAG_KEY = "vitrine.bag.v1";"#) && script.contains(#"var BAG_KEY = "vitrine.bag.v1";"#))
        #expect(bag.contains("window.vitrineBag = { clear: clearBag };") && script.contains("window.vitrineBag.clear()"))
        for attribute in script.matches(of: /"\[(data-[a-z-]+)/).map({ String($0.1) }) {
            #expect(template.contains(attribute), "\(attribute)")
        }
        for name in script.matches(of: /say\("([a-z]+)"\)/).map({ String($0.1) }) + ["failed", "expired"] {
            #expect(template.contains("data-text-\(name)=\""), "\(name)")
        }
        #expect(!script.contains("innerHTML") && !script.contains("insertAdjacentHTML") && !script.contains("document.write"))
        #expect(script.contains(#"get("session_id")"#))
        // The service's route, with the session id last: the page hands the script the rest.
        #expect(CheckoutRoute.order.method == "GET" && CheckoutRoute.order.path("cs_test_1") == "api/orders/cs_test_1")
        #expect(script.contains("base + encodeURIComponent(session)"))
        #expect(script.contains(#"setTimeout(load, POLL_INTERVAL)"#) && script.contains("var POLL_INTERVAL = 2000;"))
    }
}
