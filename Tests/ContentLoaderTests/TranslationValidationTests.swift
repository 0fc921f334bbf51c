import CatalogModel
import ContentLoader
import Foundation
import Testing

/// Translation files beside their records (`products/serum.ko.md`): what they may hold, what
/// they must match, and how a dotted name reads without `languages`.
@Suite struct TranslationValidationTests {
    static let site = """
        {"title": "Test & Shop", "baseURL": "https://example.com/shop/", "currency": "USD",
         "languages": ["en", "ko", "ja"],
         "markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en"]},
                     {"id": "kr", "countries": ["KR"], "currency": "KRW", "languages": ["ko"]},
                     {"id": "jp", "countries": ["JP"], "currency": "JPY", "languages": ["ja"]}],
         "exchangeRates": {"KRW": "1385", "JPY": "152"}}
        """

    static let shadedProduct = product(validProductLines + [
        "options: [shade]", "variants:", "  - sku: T-1-A", "    shade: 100 Ivoire", "  - sku: T-1-B", "    shade: 200 Sable",
    ])

    func translated(_ files: [String: String?]) throws -> ContentLoader.Result {
        var all: [String: String?] = ["site.json": Self.site, "products/t.md": Self.shadedProduct]
        all.merge(files) { _, new in new }
        return try load(all)
    }

    @Test func aTranslationIsReadBesideItsRecord() throws {
        let result = try translated([
            "products/t.ko.md": """
                ---
                name: 토너
                tags: [토너, 스킨]
                options: {shade: 색상}
                values: {"100 Ivoire": "100 아이보리"}
                slug: toneo
                ---
                맑은 **토너**.
                """,
            "brands/origins.ja.json": #"{"title": "オリジンズ", "description": "植物の力。"}"#,
            "promotions/xmas.ko.md": "---\ntitle: 크리스마스 10% 할인\nstores: {Paris store: 파리 매장}\n---\n",
        ])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        let key = Translation.Key(kind: .product, slug: Slug("t")!, language: "ko")
        let ko = try #require(catalog.translations[key])
        #expect(ko.title == "토너" && ko.tags == ["토너", "스킨"] && ko.translatedSlug == Slug("toneo"))
        #expect(ko.options.map { [$0.original, $0.text] } == [["shade", "색상"]])
        #expect(ko.values.map { [$0.original, $0.text] } == [["100 Ivoire", "100 아이보리"]])
        #expect(ko.body?.html.contains("<strong>토너</strong>") == true)
        #expect(catalog.translations[Translation.Key(kind: .brand, slug: Slug("origins")!, language: "ja")]?.body?.html.contains("植物") == true)
        #expect(catalog.translations[Translation.Key(kind: .promotion, slug: Slug("xmas")!, language: "ko")]?.stores.first?.text == "파리 매장")
        #expect(catalog.products.count == ShopFixtureCounts.products + 1, "a translation is not a product of its own")
    }

    @Test func aKeyTheRecordOwnsSaysWhereItBelongs() throws {
        let result = try translated(["products/t.ko.md": "---\nname: 토너\nprice: 12.00\nnmae: x\n---\n"])
        expectDiagnostic(result, at: "Content/products/t.ko.md:3:1", "`price` is the same in every language: it belongs in products/t.md")
        expectDiagnostic(result, at: "Content/products/t.ko.md:4:1", "`nmae`: unknown key in a translation; did you mean `name`?")
        #expect(result.catalog == nil)
    }

    @Test func optionsValuesAndStoresMustBeTheRecordsOwn() throws {
        let result = try translated([
            "products/t.ko.md": "---\noptions: {size: 용량}\nvalues: {\"100 Ivory\": \"100 아이보리\"}\n---\n",
            "promotions/xmas.ko.md": "---\nstores: {Lyon store: 리옹 매장}\n---\n",
        ])
        expectDiagnostic(result, at: "Content/products/t.ko.md:2:11", "options.size: the product has no option `size`; its options are `shade`")
        expectDiagnostic(result, at: "Content/products/t.ko.md:3:10", #"values: "100 Ivory" is not a value of any of the product's variants; did you mean "100 Ivoire"?"#)
        expectDiagnostic(result, at: "Content/promotions/xmas.ko.md:2:10", #"stores: "Lyon store" is not the name of one of the promotion's stores ("Paris store")"#)
    }

    @Test func aTranslationOfNoRecordIsAnError() throws {
        let result = try translated(["products/toner.ko.md": "---\nname: 토너\n---\n"])
        expectDiagnostic(result, at: "Content/products/toner.ko.md:1:1", "translates products/toner.md (or .json), which does not exist")
    }

    @Test func theFileNamesLanguageMustBeTheSites() throws {
        let result = try translated(["products/t.fr.md": "---\nname: Tonique\n---\n", "products/t.jp.md": "---\nname: x\n---\n",
                                     "products/t.en.md": "---\nname: x\n---\n"])
        expectDiagnostic(result, at: "Content/products/t.fr.md", #""fr" is not one of site.json's languages (en, ko, ja); add it to `languages`"#)
        expectDiagnostic(result, at: "Content/products/t.jp.md", "did you mean products/t.ja.md?")
        expectDiagnostic(result, at: "Content/products/t.en.md", "en is the content's own language")
    }

    @Test func withoutLanguagesADottedNameIsStillAnError() throws {
        let result = try load(["products/t.md": product(validProductLines), "products/t.ko.md": product(["name: 토너"])])
        #expect(result.diagnostics.contains { $0.location.path == "Content/products/t.ko.md" && $0.severity == .error })
        #expect(result.catalog == nil)
    }

    @Test func translatedSlugsAreUniquePerLanguage() throws {
        let result = try translated([
            "products/u.md": product(["sku: U-1", "name: U", "brand: origins", "price: 1.00"]),
            "products/t.ko.md": "---\nslug: u\n---\n",
            "products/u.ja.md": "---\nslug: t\n---\n",
            "pages/about.ko.md": "---\nslug: search\n---\n",
        ])
        expectDiagnostic(result, at: "Content/products/t.ko.md:2:7", #"slug: "u" is also the path of products/u in ko"#)
        // In ja, t is untranslated and keeps its own path, which u's translation takes.
        expectDiagnostic(result, at: "Content/products/u.ja.md:2:7", #"slug: "t" is also the path of products/t in ja"#)
        expectDiagnostic(result, at: "Content/pages/about.ko.md:2:7", #"slug: "search" is a folder of the site itself"#)
    }
}

/// The fixture shop's record counts.
enum ShopFixtureCounts {
    static let products = 4
}
