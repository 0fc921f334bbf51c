import CatalogModel
import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

/// Titles and bodies with markup characters and non-Latin text come back exactly as written.
@Suite struct EscapingTests {
    static let title = "Tom & Jerry's <\"Big\"> 'Sale' — 東京 Ελλάδα Москва 😀👍🏽"
    static let html = "<p>5 &lt; 6 &amp;&amp; \"quotes\" 'apostrophes' > 日本語 🎁</p>\n<p><a href=\"https://x.example/?a=1&amp;b=2\">link</a></p>\n"
    static let brandTitle = "Dr. Ünïcødé & <Söhne>"
    static let productName = "Crème <Brûlée> \"Deluxe\" & 'More' 香水"

    static let catalog = Records.catalog(
        site: Fixtures.site, brands: [Records.brand("sohne", brandTitle)],
        products: [Records.product("creme", name: productName, brand: "sohne", price: 1234, detail: title)],
        promotions: [
            Records.promotion("tricky", title: title, starts: "2026-01-01", brands: ["sohne"], percent: 10, html: html)
        ])
    static let jobs = Fixtures.writer(catalog, now: Records.date("2026-02-01")).jobs()

    @Test(arguments: ["feeds/promotions.xml", "feeds/brands/sohne.xml"])
    func rssRoundTrip(path: String) throws {
        let data = try #require(Fixtures.render(Self.jobs, path))
        let xml = try ParsedXML(data)
        #expect(xml.string("//item/title") == Self.title)
        #expect(xml.string("//item/description") == Self.html)
        #expect(xml.strings("//item/category") == [Self.brandTitle])
        // Non-Latin text is written as UTF-8, not as character references.
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("東京 Ελλάδα Москва 😀👍🏽"))
        #expect(!text.contains("&#"))
    }

    @Test func jsonFeedRoundTrip() throws {
        let data = try #require(Fixtures.render(Self.jobs, "feeds/promotions.json"))
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let item = try #require((feed["items"] as? [[String: Any]])?.first)
        #expect(item["title"] as? String == Self.title)
        #expect(item["content_html"] as? String == Self.html)
        #expect(item["tags"] as? [String] == [Self.brandTitle])
        #expect(feed["title"] as? String == "プロモーション · Shop & Co")  // the site's locale is ja_JP
    }

    @Test func productFeedRoundTrip() throws {
        let xml = try ParsedXML(#require(Fixtures.render(Self.jobs, "feeds/products.xml")))
        #expect(xml.string("//item/title") == Self.productName)
        #expect(xml.string("//item/description") == Self.title)
        #expect(xml.string("//item/g:brand") == Self.brandTitle)
        #expect(xml.string("//item/g:sale_price") == "11.11 USD")  // 12.34 × 0.9 = 11.106
        #expect(xml.string("/rss/channel/title") == "商品 · Shop & Co")  // ja_JP
    }

    @Test func charactersXMLCannotHoldAreDroppedRatherThanBreakingTheFeed() throws {
        let catalog = Records.catalog(
            site: Fixtures.site, brands: [],
            promotions: [
                Records.promotion("bell", title: "Bell\u{07}Sale\u{0B}\u{FFFF} now\ttoday", starts: "2026-01-01", html: "<p>a\u{00}b\r\nc</p>")
            ])
        let jobs = Fixtures.writer(catalog, now: Records.date("2026-02-01")).jobs()
        let xml = try ParsedXML(#require(Fixtures.render(jobs, "feeds/promotions.xml")))
        #expect(xml.string("//item/title") == "BellSale now\ttoday")
        #expect(xml.string("//item/description") == "<p>ab\r\nc</p>")
        let json = try #require(Fixtures.render(jobs, "feeds/promotions.json"))
        #expect(try JSONSerialization.jsonObject(with: json) is [String: Any])
    }
}
