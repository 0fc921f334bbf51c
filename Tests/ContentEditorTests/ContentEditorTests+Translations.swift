import CatalogModel
@testable import ContentEditor
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import VitrineTestSupport

/// In a shop with languages, a translation file is not a record of its own: its record's form
/// shows it beside the default text, and a page lists what each language still lacks.
extension ContentEditorTests {
    static let bilingualSite = #"""
        "languages": ["en", "ko", "ja"],
          "markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en"]}, {"id": "kr", "countries": ["KR"], "currency": "KRW", "languages": ["ko"]}, {"id": "jp", "countries": ["JP"], "currency": "JPY", "languages": ["ja"]}],
          "exchangeRates": {"KRW": "1385", "JPY": "152"},
          "title":
        """#

    @Test func aTranslationIsShownUnderItsRecordAndIsNotARecordItself() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.edit("Content/site.json", replacing: "\"title\":", with: Self.bilingualSite)
        try shop.write("Content/products/origins/drink-up-overnight-mask.ko.md", "---\nname: 드링크 업 오버나이트 마스크\n---\n수분 마스크.\n")
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let list = try await client.get("/_vitrine/edit/products/?q=drink")
            #expect(list.html.contains("drink-up-overnight-mask</code>"))
            #expect(!list.html.contains("drink-up-overnight-mask.ko"), "the translation is not listed as a product")
            let form = try await client.get("/_vitrine/edit/products/drink-up-overnight-mask")
            #expect(form.status == .ok)
            #expect(form.html.contains(#"<li lang="ko"><strong>ko</strong>: 드링크 업 오버나이트 마스크 · <code>Content/products/origins/drink-up-overnight-mask.ko.md</code></li>"#), "\(form.html)")
            #expect(form.html.contains(#"<li lang="ja"><strong>ja</strong>: <span lang="en">not translated"#))
            #expect(form.html.contains(#"href="/_vitrine/edit/translations""#), "the navigation links the missing translations")
            let translationAsRecord = try await client.get("/_vitrine/edit/products/drink-up-overnight-mask.ko")
            #expect(translationAsRecord.status == .notFound)
        }
    }

    @Test func theTranslationsPageListsWhatEachLanguageLacks() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.edit("Content/site.json", replacing: "\"title\":", with: Self.bilingualSite)
        try shop.write("Content/products/origins/drink-up-overnight-mask.ko.md", "---\nname: 드링크 업\n---\n")
        let products = try FileManager.default.subpathsOfDirectory(atPath: shop.content.appendingPathComponent("products").path)
            .filter { $0.hasSuffix(".md") || $0.hasSuffix(".json") }.count - 1
        try await app(shop).test(.router) { raw in
            let page = try await EditorClient(raw).get("/_vitrine/edit/translations")
            #expect(page.status == .ok)
            #expect(page.html.contains("Products: 1 of \(products) translated"), "\(page.html)")
            #expect(page.html.contains("Products: 0 of \(products) translated"))
            let ko = try #require(page.html.range(of: #"<h2 id="lang-ko">"#))
            let ja = try #require(page.html.range(of: #"<h2 id="lang-ja">"#))
            let koSection = page.html[ko.upperBound..<ja.lowerBound]
            #expect(!koSection.contains(">drink-up-overnight-mask<") && page.html[ja.upperBound...].contains(">drink-up-overnight-mask<"))
        }
    }

    @Test func aShopInOneLanguageHasNoTranslationsLink() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let index = try await client.get("/_vitrine/edit/")
            #expect(!index.html.contains("/_vitrine/edit/translations"))
            let translations = try await client.get("/_vitrine/edit/translations")
            #expect(translations.html.contains("lists no <code>languages</code>"))
        }
    }
}
