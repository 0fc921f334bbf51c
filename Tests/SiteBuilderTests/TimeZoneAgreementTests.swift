import BuildEngine
import CatalogModel
import CheckoutService
import ContentLoader
import Foundation
import SiteBuilder
import SiteRenderer
import Testing
import VitrineTestSupport

/// A shop in Los Angeles whose sale `ends: 2026-12-31` sells at the sale price until the last
/// minute of 31 December there, on every surface, and at the list price from midnight on.
@Suite struct TimeZoneAgreementTests {
    static let sku = "ORG-NS-30"
    static let paths: Set<String> = [
        "products/night-serum/index.html", "feeds/products.xml", "api/v1/products/night-serum.json", "index.html",
        "promotions/year-end/index.html",
    ]

    static let catalog: Catalog = {
        let fixture = try! ShopFixture(changes: [
            "site.json": """
                {"title": "Test & Shop", "baseURL": "https://example.com/shop/", "currency": "USD",
                 "checkoutURL": "https://checkout.example.com/", "timeZone": "America/Los_Angeles"}
                """,
            "promotions/year-end.md": "---\ntitle: Year-end sale\nstarts: 2026-12-01\nends: 2026-12-31\nproducts: [night-serum]\ndiscountPercent: 20\n---\nTwenty off.\n",
        ])
        defer { fixture.cleanUp() }
        let result = ContentLoader(contentFolder: fixture.content).load()
        return result.catalog!
    }()

    static func files(at now: Date) -> [String: String] {
        let templates = TemplateLibrary.load(from: ShopFixture.templates).library!
        var files: [String: String] = [:]
        for job in SiteBuilder.outputJobs(catalog: catalog, templates: templates, now: now) where paths.contains(job.path) {
            files[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return files
    }

    static func checkoutTotal(at now: Date) throws -> Int64 {
        try CartPricer(catalog: catalog).price(CartRequest(items: [CartItem(sku: sku, quantity: 1)]), at: now).total.minorUnits
    }

    @Test func anHourBeforeMidnightInLosAngelesTheSaleShowsEverywhere() throws {
        let now = Records.date("2026-12-31T23:00:00-08:00")
        let files = Self.files(at: now)
        #expect(files.count == Self.paths.count)
        let page = try #require(files["products/night-serum/index.html"])
        #expect(page.contains("25.60"))
        #expect(page.contains("31 December 2026"), "the page names the last day as the shop wrote it")
        #expect(!page.contains("1 January 2027"))
        #expect(page.contains(#""priceValidUntil":"2026-12-31""#))
        let feed = try #require(files["feeds/products.xml"])
        #expect(feed.contains("<g:sale_price>25.60 USD</g:sale_price>"))
        #expect(feed.contains("<g:sale_price_effective_date>2026-12-01T00:00:00-08:00/2027-01-01T00:00:00-08:00</g:sale_price_effective_date>"))
        let api = try #require(files["api/v1/products/night-serum.json"])
        #expect(api.contains(#""minorUnits":2560"#))
        #expect(api.contains(#""ends":"2027-01-01T00:00:00-08:00""#))
        #expect(try #require(files["index.html"]).contains("Year-end sale"))
        #expect(try #require(files["promotions/year-end/index.html"]).contains("31 December 2026"))
        #expect(try Self.checkoutTotal(at: now) == 2560)
    }

    @Test func atMidnightInLosAngelesTheSaleShowsNowhere() throws {
        let now = Records.date("2027-01-01T00:00:00-08:00")
        let files = Self.files(at: now)
        let page = try #require(files["products/night-serum/index.html"])
        #expect(!page.contains("25.60"))
        #expect(page.contains("32.00"))
        #expect(!page.contains("Sale price"))
        let feed = try #require(files["feeds/products.xml"])
        #expect(!feed.contains("g:sale_price"))
        let api = try #require(files["api/v1/products/night-serum.json"])
        #expect(!api.contains(#""minorUnits":2560"#))
        #expect(!api.contains(#""sale""#))
        #expect(!(try #require(files["index.html"]).contains("Year-end sale")))
        #expect(try Self.checkoutTotal(at: now) == 3200)
    }
}
