import BuildEngine
import CatalogModel
import Foundation
@testable import SiteRenderer
import Testing
import VitrineTestSupport

/// The default theme as issue 48 asks: products on the home page, a unit only where the file
/// names one, one primary action, and the navigation following the page's trail.
@Suite struct StorefrontThemeTests {
    static let pages: [String: String] = {
        let templates = TemplateLibrary.load(from: ShopFixture.templates).library!
        var pages: [String: String] = [:]
        let wanted: Set<String> = [
            "index.html", "brands/origins/index.html", "products/forever-skin-glow-foundation/index.html",
            "products/rouge-velvet-lipstick-999/index.html", "products/hydra-life-fresh-sorbet-creme/index.html",
            "categories/skincare/index.html",
        ]
        for job in SiteRenderer(catalog: SampleShop.catalog, templates: templates, now: SampleShop.clock, language: "en").jobs()
        where wanted.contains(job.path) {
            pages[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return pages
    }()

    static func current(_ page: String) -> [String] {
        page.matches(of: /<a href="[^"]*" aria-current="page">([^<]+)</).map { String($0.1).trimmingCharacters(in: .whitespaces) }
    }

    @Test func theHomePageShowsFeaturedProductsThenNewArrivals() throws {
        let home = try #require(Self.pages["index.html"])
        let catalog = SampleShop.catalog
        let shown = PageBuilder.homeProducts(in: catalog)
        #expect(shown.featured.map { catalog.products[$0].slug.rawValue }.sorted()
            == ["advanced-night-repair-serum", "forever-skin-glow-foundation", "la-vie-est-belle-eau-de-parfum", "rouge-velvet-lipstick-999"])
        #expect(shown.new.count == 8)
        let dates = shown.new.map { catalog.products[$0].date }
        #expect(zip(dates, dates.dropFirst()).allSatisfy { a, b in b == nil || (a != nil && a! >= b!) }, "newest first")
        #expect(Set(shown.featured).isDisjoint(with: shown.new))
        #expect(home.contains(#"<h2 id="featured-title">Our picks</h2>"#))
        #expect(home.contains(#"<h2 id="new-title">New arrivals</h2>"#))
        #expect(home.matches(of: /<li class="card product-card">/).count == 12)
        #expect(home.contains("products/rouge-velvet-lipstick-999/"))
    }

    @Test func aUnitOnlyWhereTheFileNamesOne() throws {
        let lipstick = try #require(Self.pages["products/rouge-velvet-lipstick-999/index.html"])
        #expect(lipstick.contains(#"<p class="price price-large">$42.00</p>"#))
        #expect(!lipstick.contains("/ea") && !lipstick.contains("<dt>Unit</dt>"))
        let cream = try #require(Self.pages["products/hydra-life-fresh-sorbet-creme/index.html"])
        #expect(cream.contains("$1.30/ml"))
        #expect(cream.contains("<dt>Unit</dt><dd>ml</dd>"))
    }

    @Test func onePrimaryActionByDefault() throws {
        let lipstick = try #require(Self.pages["products/rouge-velvet-lipstick-999/index.html"])
        #expect(lipstick.contains("data-bag-add>Add to bag</button>"))
        #expect(!lipstick.contains(">Buy</a>"))
        let foundation = try #require(Self.pages["products/forever-skin-glow-foundation/index.html"])
        #expect(!foundation.contains(">Buy</a>") && !foundation.contains("data-variant-buy"))
    }

    @Test func theNavigationFollowsThePagesTrail() throws {
        // Filed under a category: its trail, and so the navigation, goes through Categories.
        #expect(Self.current(try #require(Self.pages["products/rouge-velvet-lipstick-999/index.html"])) == ["Categories"])
        #expect(Self.current(try #require(Self.pages["categories/skincare/index.html"])) == ["Categories"])
        #expect(Self.current(try #require(Self.pages["brands/origins/index.html"])) == ["Brands"])
        #expect(Self.current(try #require(Self.pages["index.html"])) == [])
    }

    @Test func thePhoneHeaderHasAMenuButtonThatNeedsNoScript() throws {
        let home = try #require(Self.pages["index.html"])
        #expect(home.contains(#"<input type="checkbox" id="menu-toggle" class="menu-toggle">"#))
        #expect(home.contains(#"<label class="menu-button" for="menu-toggle">"#))
    }
}
