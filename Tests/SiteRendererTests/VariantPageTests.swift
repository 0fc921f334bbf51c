import BuildEngine
import CatalogModel
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

/// The sample shop's foundation (twelve shades, one sold out) and serum (three sizes at three
/// prices) as the product page, cards and structured data show them, with direct Buy links on.
@Suite struct VariantPageTests {
    static let pages: [String: String] = {
        let templates = TemplateLibrary.load(from: ShopFixture.templates).library!
        var pages: [String: String] = [:]
        var catalog = SampleShop.catalog
        catalog.site.directBuy = true
        for job in SiteRenderer(catalog: catalog, templates: templates, now: SampleShop.clock, language: "en").jobs()
        where job.path.hasPrefix("products/forever-skin-glow-foundation/") || job.path.hasPrefix("products/advanced-night-repair-serum/")
            || job.path == "brands/esta-louder/index.html" || job.path.hasPrefix("products/clear-improvement-charcoal-mask/")
        {
            pages[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return pages
    }()

    static var foundation: String { pages["products/forever-skin-glow-foundation/index.html"]! }
    static var serum: String { pages["products/advanced-night-repair-serum/index.html"]! }

    static func jsonLD(_ page: String) throws -> [String: Any] {
        let match = try #require(page.firstMatch(of: /<script type="application\/ld\+json">(.*?)<\/script>/.dotMatchesNewlines()))
        return try #require(try JSONSerialization.jsonObject(with: Data(match.1.utf8)) as? [String: Any])
    }

    @Test func everyVariantHasARowWithItsPriceAvailabilityAndBuyLink() throws {
        let rows = Self.foundation.matches(of: /<tr data-variant="([A-Z0-9-]+)"[^>]*>(.*?)<\/tr>/)
        #expect(rows.map { String($0.1) } == SampleShop.catalog.productBySlug[Slug("forever-skin-glow-foundation")!]!.variants.map(\.sku))
        for row in rows {
            let sku = String(row.1)
            let soldOut = sku == "DIR-FSG-3CR"
            #expect(row.2.contains(soldOut ? "Out of stock" : "In stock"), "\(sku)")
            // No "/ea": the sample's foundation names no priceUnit.
            #expect(row.2.contains("$52.00<br>") && !row.2.contains("/ea"))
            #expect(row.2.contains("$173.33 / 100 ml"), "30 ml at $52.00 is $173.33 per 100 ml")
            // A sold-out shade has no Buy link, and never borrows the product's.
            #expect(row.2.contains("cart/\(sku):1") == !soldOut, "\(sku)")
            #expect(!row.2.contains("cart/DIR-FSG-0N") || sku == "DIR-FSG-0N")
        }
    }

    @Test func theTopOfThePageShowsTheFirstBuyableVariant() throws {
        let page = Self.serum
        #expect(page.contains(#"<p class="variant-selected" data-variant-label>Size: 30 ml</p>"#))
        #expect(page.contains(#"data-variant-price>$62.00 · <span class="unit-price">$206.67 / 100 ml</span>"#))
        #expect(page.contains(#"data-sku="EST-ANR-30" data-name="Advanced Night Repair Serum (30 ml)" data-price="6200""#))
        #expect(page.contains(#"<p class="direct-buy" data-variant-buy><a class="button button-quiet" href="https://checkout.beauty-and-me.example.com/cart/EST-ANR-30:1">Buy</a></p>"#))
        // The picker is a labelled select per option, hidden until its script runs.
        #expect(page.contains(#"<form class="variant-picker" data-variant-picker hidden>"#))
        #expect(page.contains(#"<label for="option-size">Size</label>"#))
        #expect(page.contains(#"<option selected>30 ml</option><option>50 ml</option><option>100 ml</option>"#))
        #expect(page.contains(#"<script src="../../variants.js" defer></script>"#))
    }

    @Test func thePickerDataDescribesEachVariant() throws {
        let match = try #require(Self.serum.firstMatch(of: /<script type="application\/json" data-variant-data>(.*?)<\/script>/))
        let variants = try #require(try JSONSerialization.jsonObject(with: Data(match.1.utf8)) as? [[String: Any]])
        #expect(variants.map { $0["sku"] as? String } == ["EST-ANR-30", "EST-ANR-50", "EST-ANR-100"])
        #expect(variants.map { $0["priceMinorUnits"] as? Int } == [6200, 8400, 13500])
        #expect(variants.map { $0["values"] as? [String] } == [["30 ml"], ["50 ml"], ["100 ml"]])
        #expect(variants[2]["unitPrice"] as? String == "$135.00 / 100 ml")
        #expect(variants[1]["buyURL"] as? String == "https://checkout.beauty-and-me.example.com/cart/EST-ANR-50:1")
    }

    @Test func aProductWithVariantsIsAProductGroup() throws {
        let group = try Self.jsonLD(Self.foundation)
        #expect(group["@type"] as? String == "ProductGroup")
        #expect(group["productGroupID"] as? String == "DIR-FSG")
        #expect(group["variesBy"] as? [String] == ["https://schema.org/color"])
        let variants = try #require(group["hasVariant"] as? [[String: Any]])
        #expect(variants.count == 12)
        for variant in variants {
            #expect(variant["@type"] as? String == "Product")
            let offer = try #require(variant["offers"] as? [String: Any])
            #expect(offer["price"] as? String == "52.00")
            #expect((offer["url"] as? String)?.hasSuffix("?variant=\(variant["sku"] as! String)") == true)
            #expect(variant["color"] is String)
        }
        let rosewood = try #require(variants.first { $0["sku"] as? String == "DIR-FSG-4R" })
        #expect(rosewood["color"] as? String == "4R Rosewood")
        #expect((rosewood["offers"] as? [String: Any])?["availability"] as? String == "https://schema.org/InStock")
        let sold = try #require(variants.first { $0["sku"] as? String == "DIR-FSG-3CR" })
        #expect((sold["offers"] as? [String: Any])?["availability"] as? String == "https://schema.org/OutOfStock")
        // Sizes are schema.org `size`.
        let serum = try Self.jsonLD(Self.serum)
        #expect(serum["variesBy"] as? [String] == ["https://schema.org/size"])
        #expect((serum["hasVariant"] as? [[String: Any]])?.map { $0["size"] as? String } == ["30 ml", "50 ml", "100 ml"])
    }

    @Test func aProductWithoutVariantsStaysAProduct() throws {
        let page = try #require(Self.pages["products/clear-improvement-charcoal-mask/index.html"])
        #expect(try Self.jsonLD(page)["@type"] as? String == "Product")
        #expect(!page.contains("data-variant"))
        #expect(!page.contains("variants.js"))
    }

    @Test func cardsSayFromWhenVariantPricesDiffer() throws {
        let brand = try #require(Self.pages["brands/esta-louder/index.html"])
        #expect(brand.contains(#"<span class="price">from $62.00</span> <span class="unit-price">from $135.00 / 100 ml</span>"#))
    }

    @Test func galleryAndShippingRatesAreShown() throws {
        let page = Self.foundation
        #expect(page.contains(#"<ul class="gallery" aria-label="More pictures">"#))
        #expect(page.contains(#"alt="Forever Skin Glow Foundation, picture 2""#))
        // $52.00 reaches the US Standard rate's free threshold, not the German one.
        #expect(page.contains(#"<td>United States</td><td>Standard</td><td data-shipping-cost>Free"#))
        #expect(page.contains(#"<td>Germany</td><td>DHL Paket</td><td data-shipping-cost>$9.90"#))
        #expect(page.contains(#"<option value="US">United States</option><option value="DE">Germany</option>"#))
    }
}
