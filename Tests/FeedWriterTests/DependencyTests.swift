import BuildEngine
import CatalogModel
import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

/// Incremental builds re-render a file only when one of its declared inputs changes.
@Suite struct DependencyTests {
    let catalog = SampleShop.catalog
    let jobs = Fixtures.writer().jobs()

    func dependencies(_ path: String) throws -> Set<Dependency> {
        try #require(jobs.first { $0.path == path }).dependencies
    }

    @Test func promotionFeedsFollowTheClockAndEveryPromotion() throws {
        try #require(!catalog.promotions.isEmpty)
        for path in ["feeds/promotions.xml", "feeds/promotions.json", "feeds/brands/aven.xml"] {
            let inputs = try dependencies(path)
            #expect(!inputs.contains(.everything))
            #expect(inputs.isSuperset(of: [.clock, .site, .list(.promotion)]))
            for promotion in catalog.promotions { #expect(inputs.follows(.promotion, promotion.slug)) }
            // Category titles come from brands named through products.
            #expect(inputs.follows(.product, Records.slug("ginzing-eye-cream")))
            #expect(inputs.follows(.brand, Records.slug("origins")))
            // Not every product: only those the promotions name.
            #expect(!inputs.follows(.product, Records.slug("absolue-creme-riche")))
            #expect(!inputs.contains(.template("layout")))
        }
        #expect(try dependencies("feeds/brands/nude-skincare.xml").follows(.brand, Records.slug("nude-skincare")))
    }

    @Test func productFeedFollowsEveryProductBrandAndPromotion() throws {
        let inputs = try dependencies("feeds/products.xml")
        #expect(inputs.isSuperset(of: [.clock, .site, .list(.product)]))
        try #require(!catalog.products.isEmpty && !catalog.brands.isEmpty)
        for product in catalog.products { #expect(inputs.follows(.product, product.slug)) }
        for brand in catalog.brands { #expect(inputs.follows(.brand, brand.slug)) }
        #expect(!inputs.contains(.list(.page)))
        // Every record of a kind as one dependency, not one per record: at 100,000 products the
        // feed named 103,000.
        #expect(inputs.isSuperset(of: [.records(.product), .records(.brand), .records(.promotion), .records(.category)]))
        #expect(!inputs.contains { if case .record = $0 { true } else { false } })
    }

    @Test func robotsFollowsOnlyTheSite() throws {
        let robots = try #require(Fixtures.writer().sitemapJobs(pagePaths: ["index.html"]).first { $0.path == "robots.txt" })
        #expect(robots.dependencies == [.site])
    }
}
