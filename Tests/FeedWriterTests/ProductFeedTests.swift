import CatalogModel
@testable import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

@Suite struct ProductFeedTests {
    let catalog = SampleShop.catalog
    let base = "https://beauty-and-me.example.com/"

    func feed(_ catalog: Catalog = SampleShop.catalog, now: Date = SampleShop.clock) throws -> ParsedXML {
        try ParsedXML(#require(Fixtures.render(Fixtures.writer(catalog, now: now).jobs(), "feeds/products.xml")))
    }

    func item(_ sku: String) -> String { "//item[g:id='\(sku)']" }

    /// One item per thing a shopper can buy: a product without variants, or each variant.
    @Test func listsEveryBuyableItemExactlyOnce() throws {
        let xml = try feed()
        let ids = xml.strings("//item/g:id")
        let buyables = catalog.products.flatMap(\.buyables)
        #expect(ids.count == buyables.count)
        #expect(ids.count == 41 + 3 + 12, "41 products without variants, a serum in 3 sizes, a foundation in 12 shades")
        #expect(Set(ids) == Set(buyables.map(\.sku)))
        #expect(!ids.contains("EST-ANR") && !ids.contains("DIR-FSG"), "a group sku is not an item")
    }

    @Test func everyItemHasTheRequiredMerchantAttributes() throws {
        let xml = try feed()
        #expect(xml.string("/rss/channel/atom:link/@href") == base + "feeds/products.xml")
        try #require(!catalog.products.isEmpty)
        for group in catalog.products {
          for product in group.buyables {
            let item = item(product.sku)
            #expect(xml.string("\(item)/title") == product.name)
            #expect(xml.string("\(item)/link") == base + "products/\(product.slug)/" + (group.hasVariants ? "?variant=\(product.sku)" : ""))
            #expect(xml.string("\(item)/description")?.isEmpty == false)
            #expect(xml.string("\(item)/g:image_link")?.hasPrefix(base + "images/") == true)
            #expect(xml.string("\(item)/g:availability") == product.availability.rawValue)
            #expect(xml.string("\(item)/g:price") == "\(product.price.decimalString) USD")
            #expect(xml.string("\(item)/g:brand") == catalog.brandBySlug[product.brand]?.title)
            #expect(xml.string("\(item)/g:condition") == "new")
            #expect(xml.string("\(item)/g:gtin") == product.gtin)
            #expect(xml.string("\(item)/g:mpn") == product.mpn)
            let hasIdentifier = product.gtin != nil || product.mpn != nil
            #expect(xml.string("\(item)/g:identifier_exists") == (hasIdentifier ? nil : "no"))
          }
        }
        let prices = xml.strings("//g:price") + xml.strings("//g:sale_price")
        #expect(prices.count >= catalog.products.count)
        for price in prices { #expect(price.wholeMatch(of: /\d+\.\d{2} USD/) != nil, "\(price)") }
    }

    @Test func variantItemsAreGroupedWithTheirOptionShippingAndUnitPricing() throws {
        let xml = try feed()
        // The foundation: twelve shades, each an item of the DIR-FSG group with its colour.
        #expect(xml.count("//item[g:item_group_id='DIR-FSG']") == 12)
        let rosewood = item("DIR-FSG-4R")
        #expect(xml.string("\(rosewood)/g:color") == "4R Rosewood")
        #expect(xml.string("\(rosewood)/title") == "Forever Skin Glow Foundation (4R Rosewood)")
        #expect(xml.string("\(rosewood)/link") == base + "products/forever-skin-glow-foundation/?variant=DIR-FSG-4R")
        #expect(xml.string("\(rosewood)/g:image_link") == base + "images/products/forever-skin-glow-foundation-4r.jpg")
        #expect(xml.strings("\(rosewood)/g:additional_image_link") == [
            base + "images/products/forever-skin-glow-foundation-1n.jpg", base + "images/products/forever-skin-glow-foundation-3n.jpg",
        ])
        #expect(xml.string("\(item("DIR-FSG-3CR"))/g:availability") == "out_of_stock")
        // The serum: sizes with their own prices and unit pricing.
        let large = item("EST-ANR-100")
        #expect(xml.string("\(large)/g:item_group_id") == "EST-ANR")
        #expect(xml.string("\(large)/g:size") == "100 ml")
        #expect(xml.string("\(large)/g:price") == "135.00 USD")
        #expect(xml.string("\(large)/g:unit_pricing_measure") == "100ml")
        #expect(xml.string("\(large)/g:unit_pricing_base_measure") == "100ml")
        #expect(xml.string("\(item("EST-ANR-30"))/g:unit_pricing_measure") == "30ml")
        // Shipping per the site's rates; free once the item's price reaches `freeOver`.
        #expect(xml.strings("\(large)/g:shipping/g:country") == ["US", "US", "DE"])
        #expect(xml.strings("\(large)/g:shipping/g:price") == ["0.00 USD", "12.00 USD", "0.00 USD"])
        #expect(xml.strings("\(item("EST-ANR-30"))/g:shipping/g:price") == ["0.00 USD", "12.00 USD", "9.90 USD"])
        #expect(xml.strings("\(large)/g:shipping/g:max_transit_time") == ["5", "2", "7"])
        // A product without variants has no group.
        #expect(xml.string("\(item("ORG-CIMK-100"))/g:item_group_id") == nil)
    }

    @Test func productTypeAndGoogleCategoryComeFromTheFirstCategory() throws {
        let xml = try feed()
        // Serums sits under Skincare, whose taxonomy it inherits.
        #expect(xml.string("\(item("EST-ANR-50"))/g:product_type") == "Skincare > Serums")
        #expect(xml.string("\(item("EST-ANR-50"))/g:google_product_category") == "Health & Beauty > Personal Care > Cosmetics > Skin Care")
        #expect(xml.string("\(item("LEN-LVEB-50"))/g:product_type") == "Fragrance")
        #expect(xml.count("//item[g:product_type]") == xml.count("//item"), "every sample product has a category")
    }

    @Test func svgPicturesAreNeverTheImageLink() throws {
        var product = Records.product("logo-tee", sku: "TEE-1", image: .local("images/tee.svg"))
        product.images = [.local("images/tee-back.svg"), .local("images/tee.png")]
        let catalog = Records.catalog(site: Fixtures.site, products: [product])
        let xml = try feed(catalog)
        #expect(xml.string("\(item("TEE-1"))/g:image_link") == Fixtures.site.baseURL + "images/tee.png")
        #expect(xml.count("\(item("TEE-1"))/g:additional_image_link") == 0)
    }

    /// Every promotion of the sample shop needs a code, and a code is not a price everyone pays.
    @Test func theSampleShopsCodedPromotionsGiveNoSalePrice() throws {
        let xml = try feed()
        #expect(catalog.promotions.allSatisfy { $0.discountPercent == nil || $0.code != nil })
        #expect(xml.count("//item/g:sale_price") == 0)
        #expect(xml.string("\(item("EST-ANR-50"))/g:price") == "84.00 USD")
    }

    @Test func salePriceIsTheLargestActiveDiscountWithoutACode() throws {
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [Records.brand("acme", "Acme"), Records.brand("beta", "Beta")],
            products: [
                Records.product("eye", brand: "acme", price: 3200),
                Records.product("mask", brand: "acme", price: 850),
                Records.product("serum", brand: "beta", price: 8400),
                Records.product("soap", brand: "beta", price: 500),
            ],
            promotions: [
                Records.promotion("xmas", starts: "2026-11-15", ends: "2026-12-26", products: ["eye", "serum"], percent: 10),
                Records.promotion("acme-15", starts: "2026-10-01", brands: ["acme"], percent: 15),
                Records.promotion("vip-40", starts: "2026-10-01", brands: ["acme", "beta"], percent: 40, code: "VIP40"),
                Records.promotion("next-50", starts: "2027-01-01", brands: ["beta"], percent: 50),
            ])
        let xml = try feed(catalog, now: Records.date("2026-12-01"))
        // 10% for X'mas and 15% on all Acme: 15% wins; the coded 40% is not for everyone. 32.00 → 27.20.
        #expect(xml.string("\(item("EYE"))/g:sale_price") == "27.20 USD")
        #expect(xml.string("\(item("EYE"))/g:sale_price_effective_date") == nil)
        // X'mas only, and it ends: the effective period is given.
        #expect(xml.string("\(item("SERUM"))/g:sale_price") == "75.60 USD")
        #expect(xml.string("\(item("SERUM"))/g:sale_price_effective_date") == "2026-11-15T00:00:00Z/2026-12-27T00:00:00Z")
        // 15% of 8.50 is 1.275 → 1.28 (half-even), so 7.22.
        #expect(xml.string("\(item("MASK"))/g:sale_price") == "7.22 USD")
        // Only the coded and the upcoming promotions name it.
        #expect(xml.string("\(item("SOAP"))/g:sale_price") == nil)
        let onSale = catalog.products.filter { catalog.quote(for: $0, at: Records.date("2026-12-01")).isReduced }
        #expect(Set(xml.strings("//item[g:sale_price]/g:id")) == Set(onSale.map(\.sku)))
        #expect(onSale.count == 3)
    }

    /// The feed's price for one unit is what the checkout charges for one unit with no code:
    /// the list price less the discount rounded half-even, on odd amounts and ties too.
    @Test func salePriceIsTheCheckoutsPriceForOneUnit() throws {
        let prices: [Int64] = [1001, 1003, 25, 35, 850, 1050, 1150, 999, 1, 3, 12_345, 7]
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [Records.brand("acme", "Acme")],
            products: prices.map { Records.product("p\($0)", brand: "acme", price: $0) },
            promotions: [Records.promotion("half", starts: "2026-01-01", brands: ["acme"], percent: 50)])
        let xml = try feed(catalog, now: Records.date("2026-06-01"))
        for product in catalog.products {
            let charged = product.price.minorUnits - product.price.discountAmount(percent: 50).minorUnits
            let expected = charged < product.price.minorUnits
                ? Money(minorUnits: charged, currency: .usd).decimalString + " USD" : nil
            #expect(xml.string("\(item(product.sku))/g:sale_price") == expected, "\(product.price.minorUnits)")
        }
        // 10.01 − 5.00 (5.005 rounds to the even 5.00) = 5.01, where rounding 5.005 itself gives 5.00.
        #expect(xml.string("\(item("P1001"))/g:sale_price") == "5.01 USD")
    }

    @Test func descriptionIsPlainTextCutTo5000Characters() throws {
        let long = String(repeating: "word ", count: 999) + "ab👍🏽" + String(repeating: "x", count: 2000)
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [Records.brand("acme", "Acme")],
            products: [
                Records.product("long", brand: "acme", price: 100, detail: long),
                Records.product("plain", brand: "acme", price: 100, detail: "Just **text**"),
                Records.product("bare", name: "Bare Soap", brand: "acme", price: 100),
            ])
        let xml = try feed(catalog)
        let description = try #require(xml.string("\(item("LONG"))/description"))
        #expect(description.unicodeScalars.count <= 5_000)
        #expect(description.hasSuffix("…"))
        #expect(long.hasPrefix(String(description.dropLast())))
        #expect(!description.unicodeScalars.contains("\u{1F3FD}") || description.contains("👍🏽"))
        // A product without detail text is described by its name, never with an empty description.
        #expect(xml.string("\(item("BARE"))/description") == "Bare Soap")
        #expect(xml.string("\(item("BARE"))/g:image_link") == nil)
    }

    @Test func cuttingNeverSplitsACharacter() {
        let text = String(repeating: "a", count: 4_997) + "👍🏽" + "tail"
        let clipped = FeedWriter.clip(text, to: 5_000)
        #expect(clipped.unicodeScalars.count <= 5_000)
        #expect(clipped.hasSuffix("…"))
        #expect(!clipped.unicodeScalars.contains("\u{1F44D}") || clipped.contains("👍🏽"))
    }

    @Test func salePriceRoundsHalfEvenAndIsOmittedWhenNothingIsCheaper() throws {
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [Records.brand("acme", "Acme")],
            products: [
                Records.product("odd", brand: "acme", price: 1005),  // 10.05 − 5.02 (5.025 → 5.02) = 5.03
                Records.product("even", brand: "acme", price: 1015),  // 10.15 − 5.08 (5.075 → 5.08) = 5.07
                Records.product("free", brand: "acme", price: 0, gtin: "4006381333931"),
            ],
            promotions: [Records.promotion("half", starts: "2026-01-01", brands: ["acme"], percent: 50)])
        let xml = try feed(catalog, now: Records.date("2026-06-01"))
        #expect(xml.string("\(item("ODD"))/g:sale_price") == "5.03 USD")
        #expect(xml.string("\(item("EVEN"))/g:sale_price") == "5.07 USD")
        #expect(xml.string("\(item("FREE"))/g:sale_price") == nil)
        #expect(xml.string("\(item("FREE"))/g:gtin") == "4006381333931")
    }
}
