import BuildEngine
import CatalogModel
import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

@Suite struct SitemapTests {
    static let catalog = Records.catalog(
        site: Fixtures.site, brands: [Records.brand("acme", "Acme")],
        products: [
            Records.product("dated", brand: "acme", price: 100, date: "2026-03-04"),
            Records.product("timed", brand: "acme", price: 100, date: "2026-05-06T07:08:09Z"),
            Records.product("future", brand: "acme", price: 100, date: "2027-01-01"),
            Records.product("undated", brand: "acme", price: 100),
        ])
    static let now = Records.date("2026-06-01T00:00:00Z")
    static let base = "https://shop.example.com/store/"

    /// 25 page files: home, four products and twenty numbered pages.
    static let pagePaths = ["index.html", "products/dated/index.html", "products/timed/index.html",
        "products/future/index.html", "products/undated/index.html"]
        + (1...20).map { "p\($0)/index.html" }

    func jobs(limit: Int) -> [OutputJob] {
        Fixtures.writer(Self.catalog, now: Self.now).sitemapJobs(pagePaths: Self.pagePaths, urlLimit: limit)
    }

    func parse(_ jobs: [OutputJob], _ path: String) throws -> ParsedXML {
        try ParsedXML(#require(Fixtures.render(jobs, path)))
    }

    @Test func listsEveryPageOnceAsAnAbsoluteURL() throws {
        let jobs = jobs(limit: FeedWriter.sitemapURLLimit)
        #expect(jobs.map(\.path).sorted() == ["robots.txt", "sitemap.xml"])
        let xml = try parse(jobs, "sitemap.xml")
        #expect(xml.rootName == "urlset")
        let locations = xml.strings("/sm:urlset/sm:url/sm:loc")
        #expect(locations.count == 25)
        #expect(Set(locations).count == 25)
        #expect(locations.first == Self.base)
        #expect(locations.contains(Self.base + "products/dated/"))
        for location in locations { #expect(location.hasPrefix(Self.base)) }
    }

    @Test func lastmodIsTheProductDateWhereThereIsOne() throws {
        let xml = try parse(jobs(limit: 100), "sitemap.xml")
        func lastmod(_ route: String) -> String? { xml.string("//sm:url[sm:loc='\(Self.base)\(route)']/sm:lastmod") }
        #expect(lastmod("products/dated/") == "2026-03-04")
        #expect(lastmod("products/timed/") == "2026-05-06T07:08:09Z")
        #expect(lastmod("products/future/") == nil)  // after the build clock
        #expect(lastmod("products/undated/") == nil)
        #expect(lastmod("p1/") == nil)
        #expect(xml.count("//sm:lastmod") == 2)
    }

    @Test func splitsIntoASitemapIndexBeyondTheLimit() throws {
        let jobs = jobs(limit: 10)
        #expect(jobs.map(\.path).sorted() == ["robots.txt", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"])
        let index = try parse(jobs, "sitemap.xml")
        #expect(index.rootName == "sitemapindex")
        #expect(index.strings("/sm:sitemapindex/sm:sitemap/sm:loc") == (1...3).map { Self.base + "sitemap-\($0).xml" })
        var all: [String] = []
        for number in 1...3 {
            let part = try parse(jobs, "sitemap-\(number).xml")
            #expect(part.rootName == "urlset")
            let locations = part.strings("/sm:urlset/sm:url/sm:loc")
            #expect(locations.count == (number < 3 ? 10 : 5))
            all += locations
        }
        let single = try parse(self.jobs(limit: 100), "sitemap.xml").strings("//sm:loc")
        #expect(all == single)
        // An index entry's lastmod is the latest of its URLs' (both dated products sort into the first part).
        #expect(index.strings("//sm:sitemap/sm:lastmod") == ["2026-05-06T07:08:09Z"])
    }

    @Test func aPageNamedTwiceIsListedOnceAndCountsOnceTowardsTheParts() throws {
        let jobs = Fixtures.writer(Self.catalog, now: Self.now).sitemapJobs(pagePaths: Self.pagePaths + Self.pagePaths, urlLimit: 10)
        #expect(jobs.map(\.path).sorted() == ["robots.txt", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"])
        var all: [String] = []
        for number in 1...3 { all += try parse(jobs, "sitemap-\(number).xml").strings("//sm:loc") }
        #expect(all == (try parse(self.jobs(limit: 100), "sitemap.xml").strings("//sm:loc")))
    }

    @Test func exactlyAtTheLimitStaysOneSitemap() throws {
        let jobs = jobs(limit: 25)
        #expect(try parse(jobs, "sitemap.xml").count("//sm:url") == 25)
        #expect(!jobs.contains { $0.path == "sitemap-1.xml" })
    }

    @Test func robotsTxtNamesTheSitemap() throws {
        for limit in [10, 100] {
            let robots = String(decoding: try #require(Fixtures.render(jobs(limit: limit), "robots.txt")), as: UTF8.self)
            #expect(robots.contains("\nSitemap: \(Self.base)sitemap.xml\n"))
            #expect(robots.hasPrefix("User-agent: *\n"))
        }
    }

    @Test func sitemapAndRobotsAreDataNotFeeds() {
        #expect(jobs(limit: 10).allSatisfy { $0.category == .data })
        #expect(Fixtures.writer().jobs().allSatisfy { $0.category == .feed })
    }
}
