import CatalogModel
import DefaultTheme
import Foundation
import ShopStrings
import SiteBuilder
import SiteRenderer
import Testing
import VitrineTestSupport

/// A shop's own string table (`Templates/i18n/<language>.json`), in full and incremental builds
/// and in `vitrine check --messages`.
@Suite struct StringTableBuildTests {
    /// The built-in English table with one message changed.
    static func englishTable(brands: String) throws -> String {
        let english = String(decoding: try #require(DefaultTheme.files["i18n/en.json"]), as: UTF8.self)
        let changed = english.replacingOccurrences(of: #""brands": "Brands","#, with: #""brands": "\#(brands)","#)
        #expect(changed != english)
        return changed
    }

    @Test func incrementalBuildsFollowAChangedStringTable() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        func buildAndCompare(_ step: String) throws -> String {
            let report = SiteBuilder.buildIncrementally(shop.options())
            #expect(report.succeeded, "\(step): \(report.diagnostics)")
            let output = FolderContents.entries(in: shop.output)
            #expect(FolderContents.differences(try shop.fullBuild(), output) == [], "\(step)")
            return String(decoding: try #require(output["index.html"]), as: UTF8.self)
        }
        #expect(try buildAndCompare("built-in table").contains(#"<h2 id="brands-title">Brands</h2>"#))
        try shop.write("Templates/i18n/en.json", try Self.englishTable(brands: "Our labels"))
        let changed = try buildAndCompare("table overridden")
        #expect(changed.contains(#"<h2 id="brands-title">Our labels</h2>"#))
        #expect(changed.contains(#">Our labels</a>"#))
        try shop.delete("Templates/i18n/en.json")
        #expect(try buildAndCompare("override removed").contains(#"<h2 id="brands-title">Brands</h2>"#))
    }

    /// Feed titles come from the shop's table as pages do, after an incremental build too.
    @Test func aShopsTableNamesItsFeeds() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        #expect(SiteBuilder.buildIncrementally(shop.options()).succeeded)
        let english = String(decoding: try #require(DefaultTheme.files["i18n/en.json"]), as: UTF8.self)
        let changed = english.replacingOccurrences(
            of: #""feedPromotionsTitle": "Promotions · {shop}","#, with: #""feedPromotionsTitle": "Offers · {shop}","#)
        #expect(changed != english)
        try shop.write("Templates/i18n/en.json", changed)
        let report = SiteBuilder.buildIncrementally(shop.options())
        #expect(report.succeeded, "\(report.diagnostics)")
        let output = FolderContents.entries(in: shop.output)
        let feed = String(decoding: try #require(output["feeds/promotions.xml"]), as: UTF8.self)
        #expect(feed.contains("<title>Offers · Beauty &amp; Me</title>"))
        #expect(FolderContents.differences(try shop.fullBuild(), output) == [])
    }

    @Test func aShopsEnglishTableIsHeldToTheBuiltInPlaceholders() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let table = String(decoding: try #require(DefaultTheme.files["i18n/en.json"]), as: UTF8.self)
            .replacingOccurrences(of: #""brandWebsite": "{brand} website""#, with: #""brandWebsite": "{brnd} website""#)
        try shop.write("Templates/i18n/en.json", table)
        let checked = SiteBuilder.check(content: shop.content, templates: shop.templates, strict: false)
        #expect(!checked.succeeded)
        #expect(checked.diagnostics.map(\.message) == [
            #"message "brandWebsite" uses the placeholder {brnd}, which it is not given; it takes {brand}"#
        ])
        #expect(checked.diagnostics.first?.location.path == "Templates/i18n/en.json")
    }

    @Test func checkListsTheMessagesALanguagesTableLacks() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.write("Templates/i18n/sv.json", #"{"bagTitle": "Varukorg", "brands": "Varumärken"}"#)
        let checked = SiteBuilder.check(content: shop.content, templates: shop.templates, strict: false)
        #expect(checked.succeeded, "\(checked.diagnostics)")
        let english = try #require(checked.templates?.messageTables["en"])
        let missing = SiteBuilder.checkMessages(checked, languages: ["sv", "ko"], templates: shop.templates)
        // Korean is complete in the built-in theme; Swedish lacks all but two messages.
        #expect(missing.count == english.messages.count - 2)
        #expect(missing.allSatisfy { $0.severity == .warning && $0.location.path == "Templates/i18n/sv.json" })
        #expect(missing.contains { $0.description == #"Templates/i18n/sv.json: warning: message "addToBag" has no sv text; pages show the en one"# })
        let absent = SiteBuilder.checkMessages(checked, languages: ["nl"], templates: shop.templates)
        #expect(absent.count == english.messages.count)
        #expect(absent.first?.location.path == "Templates/i18n/nl.json")
    }
}
