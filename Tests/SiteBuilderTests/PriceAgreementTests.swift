import BuildEngine
import CatalogModel
import CheckoutService
import Foundation
import SiteBuilder
import SiteRenderer
import Testing
import VitrineTestSupport

/// Every reader of a price prints the catalog's one quote: a product under a code-free promotion
/// costs the same on its page, in its JSON-LD offer, in the merchant feed, in the API and at the
/// checkout, and three units cost exactly three times one.
@Suite struct PriceAgreementTests {
    static let now = SampleShop.clock
    static let sku = "LEN-BFR-125"

    /// The sample shop plus a code-free 15 % sale on an 8.25 remover that ends on 2026-12-25:
    /// 15 % of 8.25 is 1.2375, so one unit costs 7.01, and rounding three units' discount at once
    /// (3.7125 → 3.71) would have charged 21.04 instead of 3 × 7.01 = 21.03.
    static let catalog: Catalog = {
        let product = SampleShop.catalog.products.first { $0.slug.rawValue == "bi-facil-eye-makeup-remover" }!
        return sampleShop(plus: Records.promotion(
            "winter-remover-sale", title: "Winter remover sale", starts: "2026-11-20", ends: "2026-12-25",
            products: [product.slug.rawValue], percent: 15))
    }()

    static let files = render(
        catalog, at: now,
        ["products/bi-facil-eye-makeup-remover/index.html", "feeds/products.xml", "api/v1/products/bi-facil-eye-makeup-remover.json"])

    /// The sample shop with one more promotion.
    static func sampleShop(plus sale: Promotion) -> Catalog {
        let sample = SampleShop.catalog
        return Catalog(
            site: sample.site, brands: sample.brands, products: sample.products, promotions: sample.promotions + [sale],
            pages: sample.pages)
    }

    /// The files at `paths` of a build of `catalog`, as text.
    static func render(_ catalog: Catalog, at now: Date, _ paths: Set<String>) -> [String: String] {
        let templates = TemplateLibrary.load(from: ShopFixture.templates).library!
        var files: [String: String] = [:]
        for job in SiteBuilder.outputJobs(catalog: catalog, templates: templates, now: now) where paths.contains(job.path) {
            files[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return files
    }

    var product: Product { Self.catalog.products.first { $0.slug.rawValue == "bi-facil-eye-makeup-remover" }! }

    @Test func theSampleProductIsTheOneTheSaleNames() {
        #expect(product.sku == Self.sku)
        #expect(product.price == Money(minorUnits: 825, currency: .usd))
        let quote = Self.catalog.quote(for: product, at: Self.now)
        #expect(quote.price == Money(minorUnits: 701, currency: .usd))
        #expect(quote.promotion?.slug.rawValue == "winter-remover-sale")
    }

    @Test func thePageShowsTheSalePriceAndStrikesTheListPrice() throws {
        let page = try #require(Self.files["products/bi-facil-eye-makeup-remover/index.html"])
        #expect(page.contains(#"<p class="price price-large">$7.01/fl oz <del class="list-price"><span class="visually-hidden">was </span>$8.25/fl oz</del></p>"#))
        #expect(page.contains(#"data-price="701""#))
        #expect(page.contains(#"<meta property="product:price:amount" content="7.01">"#))
        #expect(page.contains("Sale price until 25 December 2026"))
        #expect(page.contains("15% off, in the price shown"))
        #expect(!page.contains("at checkout"))
    }

    @Test func theJSONLDOfferIsWhatTheShopperPays() throws {
        let page = try #require(Self.files["products/bi-facil-eye-makeup-remover/index.html"])
        let start = try #require(page.range(of: #"<script type="application/ld+json">"#))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let offer = try #require(object["offers"] as? [String: Any])
        #expect(offer["price"] as? String == "7.01")
        #expect(offer["priceValidUntil"] as? String == "2026-12-25")
        let was = try #require(offer["priceSpecification"] as? [String: Any])
        #expect(was["price"] as? String == "8.25")
        #expect(was["priceType"] as? String == "https://schema.org/StrikethroughPrice")
    }

    @Test func theMerchantFeedSalePriceIsTheSame() throws {
        let feed = try #require(Self.files["feeds/products.xml"])
        let start = try #require(feed.range(of: "<g:id>\(Self.sku)</g:id>"))
        let end = try #require(feed.range(of: "</item>", range: start.upperBound..<feed.endIndex))
        let item = feed[start.lowerBound..<end.lowerBound]
        #expect(item.contains("<g:price>8.25 USD</g:price>"))
        #expect(item.contains("<g:sale_price>7.01 USD</g:sale_price>"))
        #expect(item.contains("<g:sale_price_effective_date>2026-11-20T00:00:00Z/2026-12-26T00:00:00Z</g:sale_price_effective_date>"))
    }

    @Test func theAPIGivesTheSaleInMinorUnits() throws {
        let text = try #require(Self.files["api/v1/products/bi-facil-eye-makeup-remover.json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let price = try #require(document["price"] as? [String: Any])
        #expect(price["minorUnits"] as? Int == 701)
        #expect(price["amount"] as? String == "7.01")
        let list = try #require(document["listPrice"] as? [String: Any])
        #expect(list["minorUnits"] as? Int == 825)
        let sale = try #require(document["sale"] as? [String: Any])
        #expect(sale["promotion"] as? String == "winter-remover-sale")
        #expect(sale["ends"] as? String == "2026-12-26T00:00:00Z")
        #expect(text.contains(#""discountPercent":15"#))
    }

    @Test func theCheckoutChargesTheQuoteAndThreeUnitsCostThreeTimesOne() throws {
        let pricer = CartPricer(catalog: Self.catalog)
        let one = try pricer.price(CartRequest(items: [CartItem(sku: Self.sku, quantity: 1)]), at: Self.now)
        let three = try pricer.price(CartRequest(items: [CartItem(sku: Self.sku, quantity: 3)]), at: Self.now)
        #expect(one.total == Money(minorUnits: 701, currency: .usd))
        #expect(one.lines[0].unitPrice == one.total)
        #expect(three.total.minorUnits == 3 * one.total.minorUnits)
        #expect(three.subtotal.minorUnits == 3 * 825)
        #expect(three.discount.minorUnits == 3 * 124)
    }
}

/// The same agreement for a variant: the serum's 100 ml size under a code-free 15 % sale on the
/// serum costs 135.00 − 20.25 = 114.75 in its table row, its `hasVariant` offer, its feed item,
/// its API document and at the checkout.
@Suite struct VariantPriceAgreementTests {
    static let now = SampleShop.clock
    static let sku = "EST-ANR-100"
    static let path = "advanced-night-repair-serum"

    static let catalog = PriceAgreementTests.sampleShop(plus: Records.promotion(
        "serum-sale", title: "Serum sale", starts: "2026-11-20", ends: "2026-12-25", products: [path], percent: 15))

    static let files = PriceAgreementTests.render(
        catalog, at: now,
        ["products/\(path)/index.html", "feeds/products.xml", "api/v1/products/\(path).json", "brands/esta-louder/index.html"])

    @Test func theRowShowsTheSalePriceAndStrikesTheListPrice() throws {
        let page = try #require(Self.files["products/\(Self.path)/index.html"])
        let row = try #require(page.firstMatch(of: /<tr data-variant="EST-ANR-100">(.*?)<\/tr>/))
        // The sample's serum names no priceUnit, so pages print no "/ea".
        #expect(row.1.contains(#"$114.75 <del class="list-price"><span class="visually-hidden">was </span>$135.00</del>"#))
        #expect(row.1.contains("$114.75 / 100 ml"), "the unit price is of the price paid")
        // The card: from the cheapest size's sale price, 62.00 − 9.30.
        #expect(try #require(Self.files["brands/esta-louder/index.html"]).contains("from $52.70<"))
    }

    @Test func theVariantOfferIsWhatTheShopperPays() throws {
        let page = try #require(Self.files["products/\(Self.path)/index.html"])
        let match = try #require(page.firstMatch(of: /<script type="application\/ld\+json">(.*?)<\/script>/))
        let group = try #require(try JSONSerialization.jsonObject(with: Data(match.1.utf8)) as? [String: Any])
        let variant = try #require((group["hasVariant"] as? [[String: Any]])?.first { $0["sku"] as? String == Self.sku })
        let offer = try #require(variant["offers"] as? [String: Any])
        #expect(offer["price"] as? String == "114.75")
        #expect((offer["priceSpecification"] as? [String: Any])?["price"] as? String == "135.00")
        #expect(offer["priceValidUntil"] as? String == "2026-12-25")
    }

    @Test func theFeedItemAndTheAPIAgree() throws {
        let feed = try #require(Self.files["feeds/products.xml"])
        let start = try #require(feed.range(of: "<g:id>\(Self.sku)</g:id>"))
        let item = feed[start.lowerBound..<(try #require(feed.range(of: "</item>", range: start.upperBound..<feed.endIndex))).lowerBound]
        #expect(item.contains("<g:price>135.00 USD</g:price>") && item.contains("<g:sale_price>114.75 USD</g:sale_price>"))
        let text = try #require(Self.files["api/v1/products/\(Self.path).json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let variant = try #require((document["variants"] as? [[String: Any]])?.first { $0["sku"] as? String == Self.sku })
        #expect((variant["price"] as? [String: Any])?["minorUnits"] as? Int == 11475)
        #expect((variant["listPrice"] as? [String: Any])?["minorUnits"] as? Int == 13500)
    }

    @Test func theCheckoutChargesTheSamePerUnit() throws {
        let cart = try CartPricer(catalog: Self.catalog).price(CartRequest(items: [CartItem(sku: Self.sku, quantity: 2)]), at: Self.now)
        #expect(cart.lines[0].unitPrice == Money(minorUnits: 11475, currency: .usd))
        #expect(cart.total == Money(minorUnits: 2 * 11475, currency: .usd))
        #expect(cart.lines[0].name == "Advanced Night Repair Serum (100 ml)")
    }
}

/// The same agreement for a price `stock.csv` sets: the remover at 6.40 in the sheet (8.25 in its
/// file), out of stock by quantity 0, on its page, in its JSON-LD offer, its feed item, its API
/// document and at the checkout, which refuses to sell it.
@Suite struct StockSheetPriceAgreementTests {
    static let path = "bi-facil-eye-makeup-remover"

    static let catalog: Catalog = {
        let shop = try! SampleShop()
        defer { shop.remove() }
        try! shop.write("Content/stock.csv", "sku,price,quantity\n\(PriceAgreementTests.sku),6.40,0\n")
        return SiteBuilder.check(content: shop.content, templates: nil, strict: false).catalog!
    }()

    static let files = PriceAgreementTests.render(
        catalog, at: PriceAgreementTests.now,
        ["products/\(path)/index.html", "feeds/products.xml", "api/v1/products/\(path).json"])

    @Test func everyReaderShowsTheSheetsPriceAndStock() throws {
        let page = try #require(Self.files["products/\(Self.path)/index.html"])
        #expect(page.contains("6.40") && !page.contains("8.25"))
        #expect(page.contains(#""price":"6.40""#) && page.contains("https://schema.org/OutOfStock"))
        let feed = try #require(Self.files["feeds/products.xml"])
        let start = try #require(feed.range(of: "<g:id>\(PriceAgreementTests.sku)</g:id>"))
        let end = try #require(feed.range(of: "</item>", range: start.upperBound..<feed.endIndex))
        let item = feed[start.lowerBound..<end.lowerBound]
        #expect(item.contains("<g:price>6.40 USD</g:price>") && item.contains("<g:availability>out_of_stock</g:availability>"))
        let text = try #require(Self.files["api/v1/products/\(Self.path).json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((document["price"] as? [String: Any])?["minorUnits"] as? Int == 640)
        #expect(document["availability"] as? String == "out_of_stock")
        #expect(throws: (any Error).self) {
            try CartPricer(catalog: Self.catalog).price(
                CartRequest(items: [CartItem(sku: PriceAgreementTests.sku, quantity: 1)]), at: PriceAgreementTests.now)
        }
    }

    /// Back in stock by quantity, the checkout charges the sheet's price.
    @Test func theCheckoutChargesTheSheetsPrice() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.write("Content/stock.csv", "sku,price,quantity\n\(PriceAgreementTests.sku),6.40,3\n")
        let catalog = try #require(SiteBuilder.check(content: shop.content, templates: nil, strict: false).catalog)
        let cart = try CartPricer(catalog: catalog).price(
            CartRequest(items: [CartItem(sku: PriceAgreementTests.sku, quantity: 2)]), at: PriceAgreementTests.now)
        #expect(cart.total == Money(minorUnits: 1280, currency: .usd))
    }
}
