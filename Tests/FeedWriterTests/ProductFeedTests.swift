import CatalogModel
@testable import FeedWriter
import Foundation
import Testing

@Suite struct ProductFeedTests {
    let catalog = Fixtures.sampleShop
    let base = "https://beauty-and-me.example.com/"

    func feed(_ catalog: Catalog = Fixtures.sampleShop, now: Date = Fixtures.sampleClock) throws -> ParsedXML {
        try ParsedXML(#require(Fixtures.render(Fixtures.writer(catalog, now: now).jobs(), "feeds/products.xml")))
    }

    func item(_ sku: String) -> String { "//item[g:id='\(sku)']" }

    @Test func listsEveryProductExactlyOnce() throws {
        let xml = try feed()
        let ids = xml.strings("//item/g:id")
        #expect(ids.count == catalog.products.count)
        #expect(ids.count == 43)
        #expect(Set(ids) == Set(catalog.products.map(\.sku)))
    }

    @Test func everyItemHasTheRequiredMerchantAttributes() throws {
        let xml = try feed()
        #expect(xml.string("/rss/channel/atom:link/@href") == base + "feeds/products.xml")
        for product in catalog.products {
            let item = item(product.sku)
            #expect(xml.string("\(item)/title") == product.name)
            #expect(xml.string("\(item)/link") == base + "products/\(product.slug)/")
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
        let prices = xml.strings("//g:price") + xml.strings("//g:sale_price")
        for price in prices { #expect(price.wholeMatch(of: /\d+\.\d{2} USD/) != nil, "\(price)") }
    }

    @Test func salePriceIsTheLargestActiveDiscount() throws {
        let xml = try feed()
        // Ginzing eye cream: 10% for X'mas and 15% on all Origins: 15% wins. 32.00 → 27.20.
        #expect(xml.string("\(item("ORG-GINZ-15"))/g:sale_price") == "27.20 USD")
        #expect(xml.string("\(item("ORG-GINZ-15"))/g:price") == "32.00 USD")
        // X'mas only, and it ends: the effective period is given.
        #expect(xml.string("\(item("EST-ANR-50"))/g:sale_price") == "75.60 USD")
        #expect(xml.string("\(item("EST-ANR-50"))/g:sale_price_effective_date") == "2026-11-15T00:00:00Z/2026-12-26T00:00:00Z")
        // Origins 15% is open-ended: no effective period. 8.50 × 0.85 = 7.225 → 7.22 (half-even).
        #expect(xml.string("\(item("ORG-CIMK-100"))/g:sale_price") == "7.22 USD")
        #expect(xml.string("\(item("ORG-CIMK-100"))/g:sale_price_effective_date") == nil)
        let onSale = catalog.products.filter { catalog.bestActiveDiscount(for: $0, at: Fixtures.sampleClock) != nil }
        #expect(xml.count("//item/g:sale_price") == onSale.count)
        #expect(Set(xml.strings("//item[g:sale_price]/g:id")) == Set(onSale.map(\.sku)))
        // Upcoming (Valentine's, Lencome) and expired (summer, Aven) promotions discount nothing.
        for product in catalog.products where product.brand.rawValue == "aven" {
            #expect(xml.string("\(item(product.sku))/g:sale_price") == nil)
        }
    }

    @Test func descriptionIsPlainTextCutTo5000Characters() throws {
        let long = String(repeating: "word ", count: 999) + "ab👍🏽" + String(repeating: "x", count: 2000)
        let catalog = Catalog(
            site: Fixtures.site, brands: [Fixtures.brand("acme", "Acme")],
            products: [
                Fixtures.product("long", brand: "acme", price: 100, detail: long),
                Fixtures.product("plain", brand: "acme", price: 100, detail: "Just **text**"),
                Fixtures.product("bare", brand: "acme", price: 100, name: "Bare Soap"),
            ], promotions: [], pages: [])
        let xml = try feed(catalog)
        let description = try #require(xml.string("\(item("SKU-long"))/description"))
        #expect(description.unicodeScalars.count <= 5_000)
        #expect(description.hasSuffix("…"))
        #expect(long.hasPrefix(String(description.dropLast())))
        #expect(!description.unicodeScalars.contains("\u{1F3FD}") || description.contains("👍🏽"))
        // A product without detail text is described by its name, never with an empty description.
        #expect(xml.string("\(item("SKU-bare"))/description") == "Bare Soap")
        #expect(xml.string("\(item("SKU-bare"))/g:image_link") == nil)
    }

    @Test func cuttingNeverSplitsACharacter() {
        let text = String(repeating: "a", count: 4_997) + "👍🏽" + "tail"
        let clipped = FeedWriter.clip(text, to: 5_000)
        #expect(clipped.unicodeScalars.count <= 5_000)
        #expect(clipped.hasSuffix("…"))
        #expect(!clipped.unicodeScalars.contains("\u{1F44D}") || clipped.contains("👍🏽"))
    }

    @Test func salePriceRoundsHalfEvenAndIsOmittedWhenNothingIsCheaper() throws {
        let catalog = Catalog(
            site: Fixtures.site, brands: [Fixtures.brand("acme", "Acme")],
            products: [
                Fixtures.product("odd", brand: "acme", price: 1005),  // 10.05 / 2 = 5.025 → 5.02
                Fixtures.product("even", brand: "acme", price: 1015),  // 10.15 / 2 = 5.075 → 5.08
                Fixtures.product("free", brand: "acme", price: 0, gtin: "4006381333931"),
            ],
            promotions: [Fixtures.promotion("half", starts: "2026-01-01", brands: ["acme"], percent: 50)], pages: [])
        let xml = try feed(catalog, now: Fixtures.date("2026-06-01").date)
        #expect(xml.string("\(item("SKU-odd"))/g:sale_price") == "5.02 USD")
        #expect(xml.string("\(item("SKU-even"))/g:sale_price") == "5.08 USD")
        #expect(xml.string("\(item("SKU-free"))/g:sale_price") == nil)
        #expect(xml.string("\(item("SKU-free"))/g:gtin") == "4006381333931")
    }
}
