import BuildEngine
import CatalogModel
import ContentLoader
@testable import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

/// Meta's catalog feed (`feeds/meta-products.xml`): the merchant feed's items in Meta's field
/// names and spellings, parsed back with libxml2.
@Suite struct MetaCatalogFeedTests {
    let catalog = SampleShop.catalog
    let base = "https://beauty-and-me.example.com/"

    func feed(_ catalog: Catalog = SampleShop.catalog, now: Date = SampleShop.clock) throws -> ParsedXML {
        try Fixtures.parsed("feeds/meta-products.xml", catalog, now: now)
    }

    func item(_ sku: String) -> String { "//item[g:id='\(sku)']" }

    static let metaAvailability: Set = ["in stock", "out of stock", "preorder", "available for order", "discontinued"]

    @Test func everyBuyableItemHasMetasRequiredFieldsInItsSpelling() throws {
        let xml = try feed()
        #expect(xml.rootName == "rss")
        #expect(xml.string("/rss/channel/atom:link/@href") == base + "feeds/meta-products.xml")
        let buyables = catalog.products.flatMap(\.buyables)
        try #require(buyables.count == 56)
        #expect(xml.strings("//item/g:id").sorted() == buyables.map(\.sku).sorted())
        for group in catalog.products {
            for product in group.buyables {
                let item = item(product.sku)
                #expect(xml.string("\(item)/g:title") == product.name)
                #expect(xml.string("\(item)/g:link") == base + "products/\(product.slug)/" + (group.hasVariants ? "?variant=\(product.sku)" : ""))
                #expect(xml.string("\(item)/g:description")?.isEmpty == false)
                #expect(xml.string("\(item)/g:description") != product.name, "Meta wants a description other than the title")
                #expect(xml.string("\(item)/g:image_link")?.hasPrefix(base + "images/") == true)
                #expect(xml.string("\(item)/g:condition") == "new")
                #expect(xml.string("\(item)/g:price")?.wholeMatch(of: /\d+\.\d{2} USD/) != nil)
                #expect(xml.string("\(item)/g:brand") == catalog.brandBySlug[product.brand]?.title)
                #expect(xml.string("\(item)/g:gtin") == product.gtin)
                #expect(xml.string("\(item)/g:mpn") == product.mpn)
                #expect(Self.metaAvailability.contains(xml.string("\(item)/g:availability") ?? ""))
            }
        }
        // RSS's own item elements and Google's own fields are not Meta's.
        #expect(xml.count("//item/title") == 0 && xml.count("//item/link") == 0 && xml.count("//item/description") == 0)
        #expect(xml.count("//g:identifier_exists") == 0 && xml.count("//g:product_detail") == 0)
        #expect(xml.count("//g:unit_pricing_measure") == 0 && xml.count("//g:min_transit_time") == 0)
        #expect(xml.count("//item[g:google_product_category]") == xml.count("//item"))
    }

    @Test func availabilityIsSpeltInMetasWords() throws {
        let cases: [(Availability, String)] = [
            (.inStock, "in stock"), (.outOfStock, "out of stock"), (.preorder, "preorder"), (.backorder, "available for order"),
        ]
        let catalog = Records.catalog(
            site: Fixtures.site,
            products: cases.map { Records.product("p-\($0.0.rawValue.replacingOccurrences(of: "_", with: "-"))", availability: $0.0) })
        let xml = try feed(catalog)
        for (availability, words) in cases {
            let sku = "P-" + availability.rawValue.replacingOccurrences(of: "_", with: "-").uppercased()
            #expect(xml.string("\(item(sku))/g:availability") == words, "\(availability)")
        }
        // The sample shop's out-of-stock shade.
        #expect(try feed().string("\(item("DIR-FSG-3CR"))/g:availability") == "out of stock")
    }

    @Test func variantsAreGroupedWithTheirOptionValues() throws {
        var lipstick = Records.product("lipstick", name: "Lipstick", sku: "LIP", brand: "acme")
        lipstick.options = ["shade", "finish", "size"]
        lipstick.variants = [
            Variant(sku: "LIP-R", values: ["Rose", "Matte", "3 g"], source: SourceLocation(path: "products/lipstick.md")),
            Variant(sku: "LIP-C", values: ["Coral", "Gloss, wet", "3 g"], availability: .outOfStock, source: SourceLocation(path: "products/lipstick.md")),
        ]
        let xml = try feed(Records.catalog(site: Fixtures.site, products: [lipstick]))
        #expect(xml.strings("//item/g:id") == ["LIP-R", "LIP-C"])
        #expect(xml.strings("//item/g:item_group_id") == ["LIP", "LIP"], "every variant, out of stock too")
        #expect(xml.strings("//item/g:color") == ["Rose", "Coral"])
        #expect(xml.strings("//item/g:size") == ["3 g", "3 g"])
        #expect(xml.string("\(item("LIP-R"))/g:additional_variant_attribute") == "finish:Matte")
        #expect(xml.count("\(item("LIP-C"))/g:additional_variant_attribute") == 0, "a value with a separator is left out")
        #expect(xml.string("\(item("LIP-C"))/g:title") == "Lipstick (Coral / Gloss, wet / 3 g)")
        #expect(xml.string("\(item("LIP-C"))/g:link") == Fixtures.site.baseURL + "products/lipstick/?variant=LIP-C")
    }

    @Test func descriptionsArePlainTextWithoutMarkdownOrHTML() throws {
        var product = Records.product("cream", name: "Cream", brand: "acme")
        product.detail = MarkdownRenderer.render(
            "## Rich\n\nMade **with** _care_ & [love](https://example.com/love).\n\n<b>Raw</b> tags go.\n\n"
                + "Ingredients at https://example.com/cream. Or ask (www.example.com), we answer.")
        let xml = try feed(Records.catalog(site: Fixtures.site, products: [product, Records.product("bare", name: "Bare Soap")]))
        let description = try #require(xml.string("\(item("CREAM"))/g:description"))
        #expect(description.contains("Made with care & love."))
        for markup in ["**", "_care_", "<", "##", "](", "https://", "www."] { #expect(!description.contains(markup), "\(markup) in \(description)") }
        // Meta wants no links: a URL written out is left out, its sentence's punctuation kept.
        #expect(description.hasSuffix("Ingredients at. Or ask, we answer."), "\(description)")
        #expect(try feed().strings("//item/g:description").allSatisfy { !$0.contains("://") })
        // Without detail text the brand joins the name: Meta refuses a description equal to the title.
        #expect(xml.string("\(item("BARE"))/g:description") == "Bare Soap – Acme")
    }

    /// The one price quote decides: the same sale price and period as Google's feed.
    @Test func salePriceDuringAPromotionAgreesWithTheGoogleFeed() throws {
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [Records.brand("acme", "Acme")],
            products: [Records.product("eye", brand: "acme", price: 3200), Records.product("mask", brand: "acme", price: 850)],
            promotions: [
                Records.promotion("xmas", starts: "2026-11-15", ends: "2026-12-26", products: ["eye"], percent: 10),
                Records.promotion("vip", starts: "2026-11-01", brands: ["acme"], percent: 40, code: "VIP"),
            ])
        let during = Records.date("2026-12-01")
        let meta = try feed(catalog, now: during)
        let google = try Fixtures.parsed("feeds/products.xml", catalog, now: during)
        #expect(meta.string("\(item("EYE"))/g:price") == "32.00 USD")
        #expect(meta.string("\(item("EYE"))/g:sale_price") == "28.80 USD")
        #expect(meta.string("\(item("EYE"))/g:sale_price_effective_date") == "2026-11-15T00:00:00Z/2026-12-27T00:00:00Z")
        #expect(meta.count("\(item("MASK"))/g:sale_price") == 0, "a coded promotion is no price everyone pays")
        for sku in ["EYE", "MASK"] {
            for field in ["g:price", "g:sale_price", "g:sale_price_effective_date"] {
                #expect(meta.string("\(item(sku))/\(field)") == google.string("\(item(sku))/\(field)"), "\(sku) \(field)")
            }
        }
        // After the promotion, no sale price.
        #expect(try feed(catalog, now: Records.date("2027-01-05")).count("//g:sale_price") == 0)
    }

    @Test func theFeedIsTheSameBytesEveryTimeAndListsWhatGooglesDoes() throws {
        let first = try #require(Fixtures.render(Fixtures.writer().jobs(), "feeds/meta-products.xml"))
        #expect(first == Fixtures.render(Fixtures.writer().jobs(), "feeds/meta-products.xml"))
        let google = try Fixtures.parsed("feeds/products.xml")
        #expect(try ParsedXML(first).strings("//item/g:id") == google.strings("//item/g:id"))
        let job = try #require(Fixtures.writer().jobs().first { $0.path == "feeds/meta-products.xml" })
        #expect(job.isLarge && job.stream != nil)
        #expect(job.dependencies == Fixtures.writer().jobs().first { $0.path == "feeds/products.xml" }?.dependencies)
    }
}
