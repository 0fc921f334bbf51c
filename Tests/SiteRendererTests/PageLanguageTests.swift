import BuildEngine
import CatalogModel
import Foundation
import ShopStrings
import SiteRenderer
import Testing
import VitrineTestSupport

/// Pages in the language the renderer is given, from the theme's string tables.
@Suite struct PageLanguageTests {
    private static func render(language: String, templates: TemplateLibrary, only paths: Set<String>) -> [String: String] {
        var pages: [String: String] = [:]
        for job in SiteRenderer(catalog: SampleShop.catalog, templates: templates, now: SampleShop.clock, language: language).jobs()
        where paths.contains(job.path) {
            pages[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return pages
    }

    /// The built-in templates with `tables` (file name → JSON) in their `i18n/` folder.
    private static func theme(tables: [String: String]) throws -> (folder: URL, result: (library: TemplateLibrary?, diagnostics: [Diagnostic])) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-language-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShopFixture.templates, to: folder)
        for (name, json) in tables {
            try Data(json.utf8).write(to: folder.appendingPathComponent("i18n/\(name)"))
        }
        return (folder, TemplateLibrary.load(from: folder))
    }

    @Test func koreanPagesTakeTheirTextFromTheKoreanTable() throws {
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        let home = try #require(Self.render(language: "ko", templates: templates, only: ["index.html"])["index.html"])
        #expect(home.contains(#"<html lang="ko">"#))
        #expect(home.contains(">본문으로 건너뛰기</a>"))
        #expect(home.contains(#"<h2 id="brands-title">브랜드</h2>"#))
        #expect(home.contains(">장바구니"))
        #expect(!home.contains("Skip to content"))
        #expect(!home.contains(">Brands<"))
    }

    @Test func englishPagesKeepTheSitesLanguageTag() throws {
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        let home = try #require(Self.render(language: "en", templates: templates, only: ["index.html"])["index.html"])
        #expect(home.contains(#"<html lang="en-US">"#))
        #expect(home.contains(">Skip to content</a>"))
    }

    @Test func aMessageTheLanguagesTableLacksIsShownInEnglish() throws {
        let (folder, result) = try Self.theme(tables: ["sv.json": #"{"bagTitle": "Varukorg"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = try #require(result.library, "\(result.diagnostics)")
        let bag = try #require(Self.render(language: "sv", templates: templates, only: ["bag/index.html"])["bag/index.html"])
        #expect(bag.contains("<h1>Varukorg</h1>"))
        #expect(bag.contains(">Skip to content</a>"))
        let missing = templates.missingMessageDiagnostics(language: "sv", absentPath: "Templates/i18n/sv.json")
        #expect(missing.count == templates.messageTables["en"]!.messages.count - 1)
        #expect(missing.allSatisfy { $0.severity == .warning && $0.location.path.hasSuffix("/i18n/sv.json") })
        #expect(missing.first?.message.hasSuffix("has no sv text; pages show the en one") == true)
        #expect(!missing.contains { $0.message.contains(#""bagTitle""#) })
    }

    @Test func pluralTextsFollowTheLanguage() throws {
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        let pages = Self.render(language: "fr", templates: templates, only: ["brands/index.html"])
        let brands = try #require(pages["brands/index.html"])
        #expect(brands.contains(#"<span class="card-meta">6 produits</span>"#))
        #expect(!brands.contains(" products</span>"))
        #expect(brands.contains("<title>Marques · "))
    }

    /// Scripts get their messages as written, placeholders and plural forms included, to fill
    /// and choose in the browser.
    @Test func theDealsPageHandsItsScriptTheMessagesInItsLanguage() throws {
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        let deals = try #require(Self.render(language: "ar", templates: templates, only: ["deals/index.html"])["deals/index.html"])
        let start = try #require(deals.range(of: "<script type=\"application/json\" data-deals-strings>"))
        let end = try #require(deals[start.upperBound...].range(of: "</script>"))
        let object = try JSONSerialization.jsonObject(with: Data(deals[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        #expect(object?["dealsFinding"] as? String == "جارٍ تحديد موقعك…")
        #expect(object?["dealsNoneNear"] as? String == "لا توجد عروض ضمن {radius} كم منك. اختر مسافة أكبر.")
        let near = try #require(object?["dealsNear"] as? [String: String])
        #expect(Set(near.keys) == ["zero", "one", "two", "few", "many", "other"])
        #expect(near["few"] == "{count} عروض ضمن {radius} كم منك، الأقرب أولًا.")
    }

    @Test func aBrokenTableIsAnErrorAtItsLineAndColumn() throws {
        let (folder, result) = try Self.theme(tables: ["de.json": "{\n  \"bagTitle\": \"Warenkorb\"\n  \"brands\": \"Marken\"\n}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.library == nil)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.location.path.hasSuffix("/i18n/de.json"))
        #expect((error.location.line, error.location.column) == (3, 3))
    }

    @Test func aPlaceholderTheEnglishMessageLacksIsAnError() throws {
        let (folder, result) = try Self.theme(tables: ["de.json": #"{"brandWebsite": "Website von {marke}"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.library == nil)
        #expect(result.diagnostics.contains { $0.message.contains("{marke}") && $0.severity == .error })
    }
}

@Suite struct TemplateMessageUseTests {
    @Test func aTemplatePrintingAnUnknownMessageIsWarnedAtTheTag() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("message-use-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShopFixture.templates, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{{<layout}}{{$main}}\n<h1>{{{t.bagTitel}}}</h1>{{{t.productCount}}}\n{{/main}}{{/layout}}\n".utf8)
            .write(to: folder.appendingPathComponent("bag.mustache"))
        let result = TemplateLibrary.load(from: folder)
        #expect(result.library != nil)
        let warnings = result.diagnostics.filter { $0.location.path.hasSuffix("/bag.mustache") }.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(warnings == [
            "2:5 t.bagTitel is not a message of the string tables (i18n/en.json) and prints nothing; did you mean t.bagTitle?",
            "2:26 t.productCount is a plural message; pages format it with its number",
        ])
    }

    @Test func theBuiltInTemplatesPrintOnlyMessagesTheTablesHave() throws {
        let result = TemplateLibrary.load(from: ShopFixture.templates)
        #expect(result.library != nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}
