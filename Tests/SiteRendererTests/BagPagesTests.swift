import BuildEngine
import CatalogModel
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

/// The bag and favourites pages and the product page's bag buttons, rendered from the sample shop.
@Suite struct BagPagesTests {
    static let now = SampleShop.clock

    static func render(checkoutURL: String? = "https://checkout.beauty-and-me.example.com/", directBuy: Bool = false) throws -> [String: String] {
        var catalog = SampleShop.catalog
        catalog.site.checkoutURL = checkoutURL
        catalog.site.directBuy = directBuy
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        var files: [String: String] = [:]
        for job in SiteRenderer(catalog: catalog, templates: templates, now: now, language: "en").jobs()
        where job.path == "bag/index.html" || job.path == "favourites/index.html"
            || job.path == "products/clear-improvement-charcoal-mask/index.html"
            || job.path == "products/hypnose-volume-mascara/index.html"
        {
            files[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return files
    }

    @Test func productPagesCarryWhatTheBagStores() throws {
        let page = try #require(try Self.render()["products/clear-improvement-charcoal-mask/index.html"])
        #expect(page.contains(#"data-sku="ORG-CIMK-100""#))
        #expect(page.contains(#"data-price="850""#))
        #expect(page.contains(#"data-currency="USD""#))
        #expect(page.contains(#"data-path="products/clear-improvement-charcoal-mask/""#))
        #expect(page.contains("data-buyable"))
        #expect(page.contains("data-bag-add"))
        #expect(page.contains(#"<div class="bag-actions" data-product-actions"#))
        // Hidden until the script runs. One primary action: no direct Buy link unless the shop turns it on.
        #expect(page.contains(#" hidden>"#))
        #expect(!page.contains(#"href="https://checkout.beauty-and-me.example.com/cart/ORG-CIMK-100:1">Buy</a>"#))
        let direct = try #require(try Self.render(directBuy: true)["products/clear-improvement-charcoal-mask/index.html"])
        #expect(direct.contains(#"<p class="direct-buy"><a class="button button-quiet" href="https://checkout.beauty-and-me.example.com/cart/ORG-CIMK-100:1">Buy</a></p>"#))
        #expect(page.contains(#"<script src="../../bag.js" data-root="../../" defer></script>"#))
    }

    @Test func soldOutProductsCanBeFavouritedButNotBagged() throws {
        let page = try #require(try Self.render()["products/hypnose-volume-mascara/index.html"])
        #expect(page.contains("data-favourite"))
        #expect(!page.contains("data-bag-add"))
        #expect(!page.contains("data-buyable"))
    }

    @Test func theBagPageKnowsTheServiceAndHowToPrintPrices() throws {
        let page = try #require(try Self.render()["bag/index.html"])
        #expect(page.contains(#"data-checkout-url="https://checkout.beauty-and-me.example.com/""#))
        #expect(page.contains(
            #"data-formats="{&quot;USD&quot;:{&quot;decimal&quot;:&quot;.&quot;,&quot;digits&quot;:2,&quot;group&quot;:&quot;,&quot;,&quot;groupsFour&quot;:true,"#
                + #"&quot;negativePrefix&quot;:&quot;-$&quot;,&quot;negativeSuffix&quot;:&quot;&quot;,&quot;numerals&quot;:&quot;0123456789&quot;,"#
                + #"&quot;prefix&quot;:&quot;$&quot;,&quot;primary&quot;:3,&quot;secondary&quot;:3,&quot;suffix&quot;:&quot;&quot;}}""#))
        #expect(page.contains("<noscript>"))
        #expect(page.contains(#"<script src="../bag.js" data-root="../" defer></script>"#))
        #expect(page.contains(#"aria-current="page">Bag"#))
    }

    @Test func withoutACheckoutServiceTheBagSaysSoAndProductsHaveNoBagButton() throws {
        let files = try Self.render(checkoutURL: nil)
        #expect(try #require(files["bag/index.html"]).contains("This shop takes no orders online."))
        #expect(!(try #require(files["bag/index.html"]).contains("data-checkout-url")))
        #expect(!(try #require(files["products/clear-improvement-charcoal-mask/index.html"]).contains("data-bag-add")))
        #expect(!(try #require(files["favourites/index.html"]).contains("data-can-buy")))
    }

    @Test func navigationLinksToBothPagesOnlyForScripts() throws {
        let page = try #require(try Self.render()["favourites/index.html"])
        #expect(page.contains(#"<li data-js-only hidden><a href="../favourites/" aria-current="page">Favourites</a></li>"#))
        #expect(page.contains(#"<li data-js-only hidden><a href="../bag/">Bag <span class="bag-count" data-bag-count></span></a></li>"#))
        #expect(page.contains("data-can-buy"))
    }

    /// The theme builds the bag's checkout link in the browser, so it spells the cart route itself.
    @Test func theBagOpensTheCheckoutsCartRoute() throws {
        let cart = CheckoutRoute.cart.path("")
        let form = try String(contentsOf: ShopFixture.templates.appendingPathComponent("bag.mustache"), encoding: .utf8)
        let script = try String(contentsOf: ShopFixture.templates.appendingPathComponent("static/bag.js"), encoding: .utf8)
        #expect(form.contains(#"action="{{.}}\#(cart)""#))
        #expect(script.contains(#"checkoutURL + "\#(cart)""#))
    }
}
