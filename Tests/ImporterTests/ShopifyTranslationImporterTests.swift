import CatalogModel
import ContentLoader
import Foundation
import Importer
import Testing
import VitrineTestSupport

/// Shopify's translation export (columns as the admin writes them: Type, Identification, Field,
/// Locale, Market, Status, Default content, Translated content) imported into the test shop made
/// bilingual, and the files read back by the loader as a build reads them.
@Suite struct ShopifyTranslationImporterTests {
    static let site = """
        {"title": "Test & Shop", "baseURL": "https://example.com/shop/", "currency": "USD",
         "languages": ["en", "ko"],
         "markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en", "ko"]}]}
        """
    static let foundation = """
        ---
        sku: ORG-FD
        name: Foundation
        brand: origins
        price: 20.00
        options: [shade]
        variants:
          - sku: ORG-FD-1
            shade: 100 Ivoire
          - sku: ORG-FD-2
            shade: 200 Sable
        ---
        Even.
        """

    static let export = """
        Type,Identification,Field,Locale,Market,Status,Default content,Translated content
        PRODUCT,'8079393226938,title,ko,,,Night Serum,나이트 세럼
        PRODUCT,'8079393226938,body_html,ko,,,<p>A calm serum.</p>,"<p>차분한 <strong>세럼</strong>, 밤에.</p>"
        PRODUCT,'8079393226938,handle,ko,,,night-serum,night-serum-ko
        PRODUCT,'8079393226938,meta_title,ko,,,Night Serum | Shop,나이트 세럼 | 숍
        PRODUCT,'8079393226938,title,fr,,,Night Serum,Sérum de nuit
        PRODUCT,8079393226939,title,ko,,,Day Cream,데이 크림
        PRODUCT,8079393226939,handle,ko,,,day-cream,데이-크림
        PRODUCT,555,title,ko,,,Ghost,유령
        PRODUCT_OPTION,11,name,ko,,,Shade,색상
        PRODUCT_OPTION_VALUE,12,name,ko,,,100 Ivoire,100 아이보리
        PRODUCT_OPTION_VALUE,13,name,ko,,,999 Noir,999 누아르
        PAGE,77,title,ko,,,About us,회사 소개
        PAGE,77,handle,ko,,,about,
        ONLINE_STORE_THEME,1,general.cart,ko,,,Cart,장바구니
        """

    func imported(force: Bool = false) throws -> (ImportResult, ShopFixture) {
        let fixture = try ShopFixture(changes: ["site.json": Self.site, "products/origins/foundation.md": Self.foundation])
        let catalog = try #require(ContentLoader(contentFolder: fixture.content).load().catalog)
        let csv = fixture.root.appendingPathComponent("translations.csv")
        try Self.export.write(to: csv, atomically: true, encoding: .utf8)
        return (ShopifyTranslationImporter(catalog: catalog, contentDisplayName: "Content").importFile(csv), fixture)
    }

    @Test func productsPagesOptionsAndValuesBecomeTranslationFiles() throws {
        let (result, fixture) = try imported()
        defer { fixture.cleanUp() }
        #expect(!result.failed, "\(result.diagnostics)")
        #expect(result.files.keys.sorted() == [
            "pages/about.ko.md", "products/origins/day-cream.ko.md", "products/origins/foundation.ko.md",
            "products/origins/night-serum.ko.md",
        ])
        let serum = try #require(result.files["products/origins/night-serum.ko.md"])
        #expect(serum.contains("name: \"나이트 세럼\"") && serum.contains("slug: \"night-serum-ko\""))
        #expect(serum.contains("차분한 **세럼**, 밤에."), "the body's HTML becomes Markdown")
        let foundation = try #require(result.files["products/origins/foundation.ko.md"])
        #expect(foundation.contains(#"options: {"shade":"색상"}"#) && foundation.contains(#"values: {"100 Ivoire":"100 아이보리"}"#))
        #expect(!(result.files["products/origins/day-cream.ko.md"] ?? "").contains("slug:"), "a handle in Hangul makes no slug")
    }

    @Test func whatCannotBePlacedIsReportedAtItsRow() throws {
        let (result, fixture) = try imported()
        defer { fixture.cleanUp() }
        func warned(_ text: String, line: Int) -> Bool {
            result.diagnostics.contains { $0.severity == .warning && $0.location.line == line && $0.message.contains(text) }
        }
        #expect(warned(#"locale "fr" is not one of site.json's translation languages (ko)"#, line: 6))
        #expect(warned("makes no path of letters", line: 8))
        #expect(warned("PRODUCT 555: the export has no handle row for it", line: 9))
        #expect(warned(#"option value "999 Noir": no variant has it"#, line: 12))
        #expect(warned("PRODUCT meta_title rows are left out", line: 5))
        #expect(warned("ONLINE_STORE_THEME rows are left out", line: 15))
    }

    @Test func theWrittenFilesLoadAsTranslations() throws {
        let (result, fixture) = try imported()
        defer { fixture.cleanUp() }
        try ImportWriter(output: fixture.content).write(result)
        let loaded = ContentLoader(contentFolder: fixture.content).load()
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        let catalog = try #require(loaded.catalog)
        let serum = try #require(catalog.translations[Translation.Key(kind: .product, slug: Slug("night-serum")!, language: "ko")])
        #expect(serum.title == "나이트 세럼" && serum.translatedSlug == Slug("night-serum-ko"))
        let foundation = try #require(catalog.translations[Translation.Key(kind: .product, slug: Slug("foundation")!, language: "ko")])
        #expect(foundation.values.map(\.text) == ["100 아이보리"])
        #expect(catalog.translations[Translation.Key(kind: .page, slug: Slug("about")!, language: "ko")]?.title == "회사 소개")
        // Importing again refuses to replace the files without --force.
        #expect(throws: ImportWriter.Failure.self) { try ImportWriter(output: fixture.content).write(result) }
    }

    @Test func aShopWithoutLanguagesIsToldToAddThem() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let catalog = try #require(ContentLoader(contentFolder: fixture.content).load().catalog)
        let csv = fixture.root.appendingPathComponent("t.csv")
        try Self.export.write(to: csv, atomically: true, encoding: .utf8)
        let result = ShopifyTranslationImporter(catalog: catalog, contentDisplayName: "Content").importFile(csv)
        #expect(result.failed && result.diagnostics.first?.message.contains("site.json lists no languages") == true)
    }
}
