import CatalogModel
import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

@Suite struct BrandFeedTests {
    let catalog = SampleShop.catalog
    let jobs = Fixtures.writer().jobs()
    let base = "https://beauty-and-me.example.com/"

    func items(_ brand: String) throws -> [String] {
        try ParsedXML(#require(Fixtures.render(jobs, "feeds/brands/\(brand).xml"))).strings("//item/guid")
    }

    @Test func everyBrandHasAFeedEvenWithoutPromotions() throws {
        #expect(catalog.brands.count == 7)
        for brand in catalog.brands {
            let xml = try ParsedXML(#require(Fixtures.render(jobs, "feeds/brands/\(brand.slug).xml")))
            #expect(xml.string("/rss/channel/link") == base + "brands/\(brand.slug)/")
            #expect(xml.string("/rss/channel/atom:link/@href") == base + "feeds/brands/\(brand.slug).xml")
            #expect(xml.string("/rss/channel/title")?.contains(brand.title) == true)
        }
        #expect(try items("nude-skincare").isEmpty)
    }

    @Test func listsPromotionsNamingTheBrandOrOneOfItsProducts() throws {
        // origins-15-off names the brand; xmas-10-off names its ginzing-eye-cream.
        #expect(try items("origins") == [base + "promotions/xmas-10-off/", base + "promotions/origins-15-off/"])
        // valentines-glow-week (upcoming) names the brand; xmas-10-off two of its products.
        #expect(try items("lencome") == [base + "promotions/valentines-glow-week/", base + "promotions/xmas-10-off/"])
        // Only the expired summer-sun-care names Aven products.
        #expect(try items("aven").isEmpty)
    }

    @Test func matchesTheMembershipRuleForEveryBrand() throws {
        try #require(!catalog.brands.isEmpty)
        for brand in catalog.brands {
            let expected = catalog.promotions.filter { promotion in
                promotion.status(at: SampleShop.clock) != .expired
                    && (promotion.brands.contains(brand.slug)
                        || promotion.products.contains { catalog.productBySlug[$0]?.brand == brand.slug })
            }.map { base + "promotions/\($0.slug)/" }
            #expect(try items(brand.slug.rawValue) == expected, "feed of \(brand.slug)")
        }
    }

    @Test func dropsAPromotionOnceItEnds() throws {
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [Records.brand("acme", "Acme")],
            products: [Records.product("widget", brand: "acme", price: 100)],
            promotions: [
                Records.promotion("running", starts: "2026-01-01", ends: "2026-02-01", products: ["widget"]),
                Records.promotion("over", starts: "2025-01-01", ends: "2026-01-10", brands: ["acme"]),
            ])
        // A date-only `ends` runs through its day: the feed drops it at the next midnight.
        let lastDay = Fixtures.writer(catalog, now: Records.date("2026-01-10T23:59:59Z")).jobs()
        #expect(try ParsedXML(#require(Fixtures.render(lastDay, "feeds/brands/acme.xml"))).strings("//item/title") == ["running", "over"])
        let atEnd = Fixtures.writer(catalog, now: Records.date("2026-01-11T00:00:00Z")).jobs()
        let xml = try ParsedXML(#require(Fixtures.render(atEnd, "feeds/brands/acme.xml")))
        #expect(xml.strings("//item/title") == ["running"])
    }
}

/// Every category has a feed of the promotions on its products and those below it.
@Suite struct CategoryFeedTests {
    let catalog = SampleShop.catalog
    let jobs = Fixtures.writer().jobs()
    let base = "https://beauty-and-me.example.com/"

    @Test func everyCategoryHasAFeedOfThePromotionsOnItsProducts() throws {
        #expect(catalog.categories.count == 13)
        for category in catalog.categories {
            let xml = try ParsedXML(#require(Fixtures.render(jobs, "feeds/categories/\(category.slug).xml")))
            #expect(xml.string("/rss/channel/link") == base + "categories/\(category.slug)/")
            // The rule: a listed promotion applies to a product of the category or below it.
            let expected = catalog.promotions.filter { promotion in
                promotion.status(at: SampleShop.clock) != .expired
                    && catalog.productsByCategory[category.slug, default: []].contains { promotion.applies(to: $0) }
            }.map { base + "promotions/\($0.slug)/" }
            #expect(xml.strings("//item/guid") == expected, "\(category.slug)")
        }
        // xmas-10-off names the night repair serum, which is in Serums and so in Skincare.
        let skincare = try ParsedXML(#require(Fixtures.render(jobs, "feeds/categories/skincare.xml")))
        #expect(skincare.strings("//item/guid").contains(base + "promotions/xmas-10-off/"))
    }
}
