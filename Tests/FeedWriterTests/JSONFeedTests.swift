import CatalogModel
@testable import FeedWriter
import Foundation
import Testing

@Suite struct JSONFeedTests {
    let jobs = Fixtures.writer().jobs()

    func object() throws -> [String: Any] {
        let data = try #require(Fixtures.render(jobs, "feeds/promotions.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func isJSONFeed11WithAbsoluteURLs() throws {
        let feed = try object()
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["title"] as? String == "Promotions · Beauty & Me")
        #expect(feed["home_page_url"] as? String == "https://beauty-and-me.example.com/promotions/")
        #expect(feed["feed_url"] as? String == "https://beauty-and-me.example.com/feeds/promotions.json")
        #expect(feed["language"] as? String == "en-US")
    }

    @Test func mirrorsTheRSSFeedItemForItem() throws {
        let rss = try ParsedXML(#require(Fixtures.render(jobs, "feeds/promotions.xml")))
        let items = try #require(try object()["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["url"] as? String } == rss.strings("//item/link"))
        #expect(items.compactMap { $0["id"] as? String } == rss.strings("//item/guid"))
        #expect(items.compactMap { $0["title"] as? String } == rss.strings("//item/title"))
        #expect(items.compactMap { $0["content_html"] as? String } == rss.strings("//item/description"))
        #expect(items.compactMap { $0["image"] as? String } == rss.strings("//item/enclosure/@url"))
        #expect(items.compactMap { $0["date_published"] as? String } == [
            "2027-02-07T00:00:00Z", "2026-11-15T00:00:00Z", "2026-10-01T00:00:00Z",
        ])
        #expect(items.first?["tags"] as? [String] == ["Lencome"])
    }

    /// The layout the feed had when JSONEncoder wrote it, byte for byte, whatever the strings.
    @Test func isWrittenInJSONEncodersPrettyLayout() throws {
        let feed = JSONFeed(
            title: "Deals \"&\" more / é", homePageURL: "https://shop.example/", feedURL: "https://shop.example/feeds/p.json",
            description: "Tab\tline\nfeed\u{C}\u{1}\u{2028}", language: "en-US",
            items: [
                .init(id: "a", url: "https://shop.example/a/", title: "A", contentHTML: "<p>A &amp; B</p>", image: nil,
                    datePublished: "2026-11-15T00:00:00Z", tags: ["x", "y"]),
                .init(id: "b", url: "https://shop.example/b/", title: "B", contentHTML: "", image: "https://shop.example/b.png",
                    datePublished: "2026-10-01T00:00:00Z", tags: []),
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(feed) + Data("\n".utf8)
        #expect(String(decoding: feed.data(), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        let empty = JSONFeed(title: "T", homePageURL: "h", feedURL: "f", description: "d", language: "en", items: [])
        #expect(String(decoding: empty.data(), as: UTF8.self) == String(decoding: try encoder.encode(empty) + Data("\n".utf8), as: UTF8.self))
    }
}
