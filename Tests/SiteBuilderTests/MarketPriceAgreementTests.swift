import CatalogModel
import CheckoutService
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// Each storefront of the sample shop prints one price per product in its market's currency: the
/// page, its JSON-LD offer, the storefront's merchant feed, its API document and a checkout of a
/// cart filled there all agree, whether the price is listed in the currency or converted.
///
/// - Korea lists the rose toner at 7,500 won, and the Korea-only "Fresh week" takes 12 % off:
///   7,500 × 0.88 = 6,600 won.
/// - Japan has no listed price for the Génifique serum: 2.40 USD × 152 = 364.8 yen, rounded to the
///   market's 10 yen gives 360; the X'mas code takes 10 % off at the checkout: 324 yen.
@Suite(.serialized) struct MarketPriceAgreementTests {
    struct Case {
        var storefront: String
        var slug: String
        var sku: String
        var currency: String
        var list: Int
        /// What the pages ask: the list price less any code-free promotion of the market.
        var price: Int
        var promotion: String?
        /// How the storefront's locale prints the price, as CLDR formats it.
        var shown: String
        var code: String? = nil
        /// What a cart of one pays with `code`.
        var charged: Int
    }

    static let cases = [
        Case(storefront: "ko-kr", slug: "rose-deep-hydration-toner", sku: "FRS-RDHT-250", currency: "KRW",
             list: 7500, price: 6600, promotion: "seoul-fresh-week", shown: "₩6,600", charged: 6600),
        Case(storefront: "en-kr", slug: "rose-deep-hydration-toner", sku: "FRS-RDHT-250", currency: "KRW",
             list: 7500, price: 6600, promotion: "seoul-fresh-week", shown: "₩6,600", charged: 6600),
        Case(storefront: "ja-jp", slug: "genifique-youth-serum", sku: "LEN-GEN-50", currency: "JPY",
             list: 360, price: 360, promotion: nil, shown: "¥360", code: "XMAS10", charged: 324),
    ]

    /// One build of the sample shop for every case.
    static let files: [String: Data] = {
        let shop = try! SampleShop(storefronts: true)
        defer { shop.remove() }
        let report = SiteBuilder.build(shop.options())
        precondition(report.succeeded, "\(report.diagnostics)")
        return FolderContents.files(in: shop.output)
    }()

    func text(_ path: String) throws -> String {
        String(decoding: try #require(Self.files[path], "\(path) is written"), as: UTF8.self)
    }

    @Test(arguments: cases) func thePageShowsTheMarketsPrice(_ c: Case) throws {
        let page = try text("\(c.storefront)/products/\(c.slug)/index.html")
        #expect(page.contains(#"<p class="price price-large">\#(c.shown)"#), "\(c.storefront) shows \(c.shown)")
        #expect(page.contains(#"data-price="\#(c.price)""#))
        #expect(page.contains(#"<meta property="product:price:currency" content="\#(c.currency)">"#))
    }

    @Test(arguments: cases) func theJSONLDOfferIsWhatTheShopperPays(_ c: Case) throws {
        let page = try text("\(c.storefront)/products/\(c.slug)/index.html")
        let start = try #require(page.range(of: #"<script type="application/ld+json">"#))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let offer = try #require(object["offers"] as? [String: Any])
        #expect(offer["price"] as? String == String(c.price))
        #expect(offer["priceCurrency"] as? String == c.currency)
    }

    @Test(arguments: cases) func theStorefrontsMerchantFeedHasTheSamePrices(_ c: Case) throws {
        let feed = try text("\(c.storefront)/feeds/products.xml")
        let start = try #require(feed.range(of: "<g:id>\(c.sku)</g:id>"))
        let end = try #require(feed.range(of: "</item>", range: start.upperBound..<feed.endIndex))
        let item = feed[start.lowerBound..<end.lowerBound]
        #expect(item.contains("<g:price>\(c.list) \(c.currency)</g:price>"))
        if c.price == c.list {
            #expect(!item.contains("<g:sale_price>"))
        } else {
            #expect(item.contains("<g:sale_price>\(c.price) \(c.currency)</g:sale_price>"))
        }
    }

    @Test(arguments: cases) func theStorefrontsAPIGivesTheSamePrice(_ c: Case) throws {
        let text = try text("\(c.storefront)/api/v1/products/\(c.slug).json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let price = try #require(document["price"] as? [String: Any])
        #expect(price["minorUnits"] as? Int == c.price)
        #expect(price["currency"] as? String == c.currency)
        if let promotion = c.promotion {
            let list = try #require(document["listPrice"] as? [String: Any])
            #expect(list["minorUnits"] as? Int == c.list)
            let sale = try #require(document["sale"] as? [String: Any])
            #expect(sale["promotion"] as? String == promotion)
        } else {
            #expect(document["sale"] == nil)
        }
    }

    @Test(arguments: cases) func aCartFromTheStorefrontIsChargedTheSame(_ c: Case) throws {
        let pricer = CartPricer(catalog: SampleShop.catalogWithStorefronts)
        let cart = try pricer.price(
            CartRequest(items: [CartItem(sku: c.sku, quantity: 2)], code: c.code, storefront: c.storefront), at: SampleShop.clock)
        #expect(cart.currency.code == c.currency)
        #expect(cart.lines.map(\.unitPrice.minorUnits) == [Int64(c.charged)])
        #expect(cart.subtotal.minorUnits == Int64(2 * c.list))
        #expect(cart.total.minorUnits == Int64(2 * c.charged))
    }

    /// The root storefront sells in dollars and leaves the Korea-only promotion out.
    @Test func theRootNeitherShowsNorChargesAnotherMarketsSale() throws {
        let page = try text("products/rose-deep-hydration-toner/index.html")
        #expect(page.contains(#"data-price="525""#))
        #expect(!page.contains("seoul-fresh-week"))
        let cart = try CartPricer(catalog: SampleShop.catalogWithStorefronts).price(
            CartRequest(items: [CartItem(sku: "FRS-RDHT-250", quantity: 1)]), at: SampleShop.clock)
        #expect(cart.total.minorUnits == 525 && cart.currency.code == "USD")
    }
}

extension MarketPriceAgreementTests.Case: CustomTestStringConvertible {
    var testDescription: String { "\(storefront) \(slug)" }
}
