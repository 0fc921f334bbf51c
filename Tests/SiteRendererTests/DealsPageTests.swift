import BuildEngine
import CatalogModel
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

@Suite struct DealsPageTests {
    static let templates = TemplateLibrary.load(from: ShopFixture.templates).library

    static func promotion(_ slug: String, starts: String, ends: String?, stores: [Store]) -> Promotion {
        Records.promotion(slug, title: slug.uppercased(), starts: starts, ends: ends, stores: stores)
    }

    static func render() throws -> String {
        let paris = Store(name: "Paris & Co", address: "1 Rue X", latitude: 48.8572, longitude: 2.3598)
        let catalog = Records.catalog(
            site: Site(title: "Shop", baseURL: "https://shop.example.com/", currency: .usd), brands: [],
            promotions: [
                promotion("near", starts: "2026-11-01", ends: nil, stores: [paris]),
                promotion("online-only", starts: "2026-11-01", ends: nil, stores: []),
                promotion("later", starts: "2027-01-01", ends: nil, stores: [paris]),
                promotion("over", starts: "2026-01-01", ends: "2026-02-01", stores: [paris]),
            ])
        let templates = try #require(Self.templates)
        let now = Records.now
        let job = try #require(SiteRenderer(catalog: catalog, templates: templates, now: now, language: "en").jobs().first { $0.path == "deals/index.html" })
        return String(decoding: job.render(), as: UTF8.self)
    }

    @Test("the deals page lists active promotions that have stores, with each store's coordinates")
    func listsActiveDealsWithStores() throws {
        let html = try Self.render()
        #expect(html.contains("id=\"deal-near\""))
        #expect(!html.contains("deal-online-only") && !html.contains("deal-later") && !html.contains("deal-over"))
        #expect(html.contains("data-latitude=\"48.8572\" data-longitude=\"2.3598\""))
        #expect(html.contains("<strong>Paris &amp; Co</strong>"))
        #expect(html.contains("<script src=\"../deals.js\" defer></script>"))
    }

    @Test("the location controls are hidden until the script shows them")
    func controlsStartHidden() throws {
        let html = try Self.render()
        #expect(html.contains("id=\"deals-finder\" hidden"))
        for km in [1, 5, 25] { #expect(html.contains("<option value=\"\(km)\"")) }
    }

    @Test("every page's navigation links the deals page")
    func navigation() throws {
        let html = try Self.render()
        #expect(html.contains("aria-current=\"page\">Deals near you</a>"))
    }
}
