import BuildEngine
import CatalogModel
import Foundation
import SiteBuilder
import SiteRenderer
import Testing
import VitrineTestSupport

/// The builder's side of the feeds: they are among the output jobs, the sitemap covers every
/// page, and pages announce their feeds.
@Suite struct FeedOutputTests {
    static let repository = ShopFixture.repositoryRoot
    static let clock = SampleShop.clock

    static let jobs: [OutputJob] = {
        let templates = TemplateLibrary.load(from: ShopFixture.templates).library!
        return SiteBuilder.outputJobs(catalog: SampleShop.catalog, templates: templates, now: clock)
    }()

    func html(_ path: String) throws -> String {
        String(decoding: try #require(Self.jobs.first { $0.path == path }).render(), as: UTF8.self)
    }

    @Test func feedsAreOutputJobsCountedAsFeeds() {
        let feeds = Self.jobs.filter { $0.category == .feed }.map(\.path)
        #expect(feeds.count == 25)  // promotions RSS + JSON, products for Google and Meta, ratings, 7 brands, 13 categories
        #expect(feeds.contains("feeds/product-ratings.xml") && feeds.contains("feeds/meta-products.xml"))
        #expect(feeds.contains("feeds/promotions.xml"))
        #expect(feeds.contains("feeds/promotions.json"))
        #expect(feeds.contains("feeds/products.xml"))
        #expect(feeds.contains("feeds/brands/origins.xml"))
        #expect(Self.jobs.contains { $0.path == "sitemap.xml" && $0.category == .data })
        #expect(Self.jobs.contains { $0.path == "robots.txt" && $0.category == .data })
        #expect(Set(Self.jobs.map(\.path)).count == Self.jobs.count)
    }

    /// Rendered in path order (the build's peak memory is lowest so); the sitemap and robots.txt,
    /// planned after the others are sorted, are merged into their places.
    @Test func jobsComeInPathOrderWithTheSitemapMergedIn() {
        let paths = Self.jobs.map(\.path)
        #expect(paths == paths.sorted())
        #expect(paths.contains("sitemap.xml") && paths.contains("robots.txt"))
    }

    @Test func filesThatListTheWholeCatalogAreMarkedLargeAndNothingPerRecordIs() {
        let large = Set(Self.jobs.filter(\.isLarge).map(\.path))
        #expect(large == [
            "feeds/products.xml", "feeds/promotions.xml", "feeds/promotions.json", "sitemap.xml",
            "api/v1/promotions.json", "index.html", "promotions/index.html", "feeds/meta-products.xml",
            "feeds/product-ratings.xml",
        ])
    }

    @Test func sitemapListsEveryPageButTheNotFoundPageAndCheckoutsReturnPages() throws {
        let sitemap = try html("sitemap.xml")
        let unlisted: Set<String> = ["404.html", "checkout/success/index.html", "checkout/cancelled/index.html"]
        #expect(unlisted.isSubset(of: Self.jobs.map(\.path)))
        let pages = Self.jobs.filter { $0.category == .page && !unlisted.contains($0.path) }
        #expect(sitemap.components(separatedBy: "<loc>").count - 1 == pages.count)
        #expect(sitemap.contains("<loc>https://beauty-and-me.example.com/brands/origins/page/2/</loc>"))
        #expect(sitemap.contains("<loc>https://beauty-and-me.example.com/bag/</loc>"))
        #expect(!sitemap.contains("404"))
        #expect(!sitemap.contains("checkout/"))
    }

    @Test func homeAndPromotionsPagesLinkThePromotionFeeds() throws {
        let home = try html("index.html")
        #expect(home.contains(#"<link rel="alternate" type="application/rss+xml" title="Promotions (RSS)" href="feeds/promotions.xml">"#))
        #expect(home.contains(#"<link rel="alternate" type="application/feed+json" title="Promotions (JSON Feed)" href="feeds/promotions.json">"#))
        let promotions = try html("promotions/index.html")
        #expect(promotions.contains(#"type="application/rss+xml" title="Promotions (RSS)" href="../feeds/promotions.xml">"#))
    }

    @Test func brandPagesLinkTheirBrandFeed() throws {
        #expect(try html("brands/origins/index.html").contains(
            #"<link rel="alternate" type="application/rss+xml" title="Origins promotions (RSS)" href="../../feeds/brands/origins.xml">"#))
        #expect(try html("brands/origins/page/2/index.html").contains(#"href="../../../../feeds/brands/origins.xml""#))
        #expect(try !html("products/ginzing-eye-cream/index.html").contains("rel=\"alternate\""))
    }

    @Test func buildWritesTheFeedsAndCountsThem() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-feeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let report = SiteBuilder.build(BuildOptions(
            contentFolder: SampleShop.oneStorefrontContent,
            templatesFolder: Self.repository.appendingPathComponent("Templates"), outputFolder: output, clock: Self.clock,
            pictureCache: SampleShop.pictureCache))
        #expect(report.succeeded)
        #expect(report.feedCount == 25)
        #expect(report.summary.contains("25 feeds"))
        let feed = try String(contentsOf: output.appendingPathComponent("feeds/promotions.xml"), encoding: .utf8)
        // Enclosure lengths are the image files' sizes.
        let size = try FileManager.default.attributesOfItem(
            atPath: Self.repository.appendingPathComponent("Content/images/promotions/xmas-10-off.jpg").path)[.size] as! NSNumber
        #expect(feed.contains(#"xmas-10-off.jpg" length="\#(size.intValue)" type="image/jpeg"/>"#))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("robots.txt").path))
    }
}
