import CatalogModel
import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

/// Feed titles and descriptions come from the theme's string tables in the site's language, as
/// the pages' words do; a storefront's catalog carries its own locale.
@Suite struct FeedLanguageTests {
    private static func catalog(locale: String) -> Catalog {
        var catalog = SampleShop.catalog
        catalog.site.locale = locale
        return catalog
    }

    @Test func anArabicSitesFeedsHaveArabicTitles() throws {
        let catalog = Self.catalog(locale: "ar_EG")
        let promotions = try Fixtures.parsed("feeds/promotions.xml", catalog)
        #expect(promotions.string("/rss/channel/title") == "العروض · Beauty & Me")
        #expect(promotions.string("/rss/channel/description") == "العروض والتخفيضات في Beauty & Me.")
        let products = try Fixtures.parsed("feeds/products.xml", catalog)
        #expect(products.string("/rss/channel/title") == "المنتجات · Beauty & Me")
        let brand = try #require(catalog.brands.first)
        let brandFeed = try Fixtures.parsed(Routes.brandFeed(brand.slug), catalog)
        #expect(brandFeed.string("/rss/channel/title") == "عروض \(brand.title) · Beauty & Me")
        #expect(brandFeed.string("/rss/channel/description") == "العروض والتخفيضات على \(brand.title) في Beauty & Me.")
    }

    @Test func aKoreanSitesJSONFeedHasAKoreanTitle() throws {
        let data = try #require(Fixtures.render(Fixtures.writer(Self.catalog(locale: "ko_KR")).jobs(), "feeds/promotions.json"))
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(feed["title"] as? String == "프로모션 · Beauty & Me")
        #expect(feed["description"] as? String == "Beauty & Me의 할인과 혜택.")
    }

    @Test func anEnglishSiteKeepsItsWords() throws {
        let xml = try Fixtures.parsed("feeds/promotions.xml")
        #expect(xml.string("/rss/channel/description") == "Deals and offers at Beauty & Me.")
        let brand = try #require(SampleShop.catalog.brands.first)
        let brandFeed = try Fixtures.parsed(Routes.brandFeed(brand.slug))
        #expect(brandFeed.string("/rss/channel/title") == "\(brand.title) promotions · Beauty & Me")
        #expect(brandFeed.string("/rss/channel/description") == "Deals and offers on \(brand.title) at Beauty & Me.")
    }

    /// A language the theme has no table for reads English.
    @Test func aLanguageWithoutATableFallsBackToEnglish() throws {
        let xml = try Fixtures.parsed("feeds/promotions.xml", Self.catalog(locale: "sv_SE"))
        #expect(xml.string("/rss/channel/title") == "Promotions · Beauty & Me")
    }
}
