import BuildEngine
import CatalogModel
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

/// The theme's scripts say nothing of their own: every sentence they show comes from the JSON
/// block the page hands them, in the page's language, and every message they ask for is there.
@Suite struct ScriptStringsTests {
    static let templates = TemplateLibrary.load(from: ShopFixture.templates).library!

    static func render(_ catalog: Catalog = SampleShop.catalog, language: String, only paths: Set<String>) -> [String: String] {
        var pages: [String: String] = [:]
        for job in SiteRenderer(catalog: catalog, templates: templates, now: SampleShop.clock, language: language).jobs()
        where paths.contains(job.path) {
            pages[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return pages
    }

    /// The messages in `page`'s `<script type="application/json" data-<name>-strings>`.
    static func messages(_ page: String, _ name: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/json\" data-\(name)-strings>"), "no \(name) strings")
        let end = try #require(page[start.upperBound...].range(of: "</script>"))
        let json = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
        return try #require(json as? [String: Any])
    }

    /// The message ids a script asks for: `t("id"`, `text("id"`, `text(strings, "id"`, either id
    /// of a choice in such a call, and the ids search.js hands `parsePrice`.
    static func asked(in script: String) throws -> Set<String> {
        let path = ShopFixture.templates.appendingPathComponent("static/" + script)
        let text = try String(contentsOf: path, encoding: .utf8)
        var ids = Set(text.matches(of: /\b(?:t|text)\((?:strings, )?"([A-Za-z]+)"/).map { String($0.1) })
        ids.formUnion(text.matches(of: /\b(?:t|text)\((?:strings, )?[^"()]*\? "([A-Za-z]+)" : "([A-Za-z]+)"/).flatMap { [String($0.1), String($0.2)] })
        ids.formUnion(text.matches(of: /parsePrice\([^,]+, "([A-Za-z]+)"\)/).map { String($0.1) })
        return ids
    }

    static let product = "products/advanced-night-repair-serum/index.html"

    @Test func everyPageHandsBagJSTheWordsOfItsCountInThePagesLanguage() throws {
        let pages = Self.render(language: "ar", only: ["index.html", "brands/index.html"])
        for (path, page) in pages {
            let strings = try Self.messages(page, "bag")
            let count = try #require(strings["bagCountLabel"] as? [String: String], "\(path)")
            #expect(Set(count.keys) == ["zero", "one", "two", "few", "many", "other"], "\(path)")
            #expect(count["two"] == "السلة، قطعتان")
            #expect(strings["bagCountEmpty"] as? String == "السلة، فارغة")
            #expect(strings["bagMixedCurrencies"] == nil, "the bag page's sentences stay on the bag page")
        }
    }

    @Test func eachPageKindHandsBagJSWhatItSaysThere() throws {
        let paths: Set = [Self.product, "bag/index.html", "favourites/index.html", "index.html"]
        let pages = Self.render(language: "ko", only: paths)
        #expect(pages.count == 4)
        let product = try Self.messages(try #require(pages[Self.product]), "bag")
        #expect(product["bagView"] as? String == "장바구니 보기")
        #expect((product["bagAdded"] as? [String: String])?["other"] == "장바구니에 담았습니다(장바구니에 {count}개).")
        let bag = try Self.messages(try #require(pages["bag/index.html"]), "bag")
        #expect(bag["bagQuantityOf"] as? String == "{name} 수량")
        #expect(bag["listAnd"] as? String == "{list} 및 {last}")
        let favourites = try Self.messages(try #require(pages["favourites/index.html"]), "bag")
        #expect(favourites["favouritesRemoved"] as? String == "찜한 상품에서 {name} 상품을 삭제했습니다.")
        // What bag.js asks for, it finds on some page: each sentence is said on the page kind that has its element.
        var handed = Set<String>()
        for page in pages.values { handed.formUnion(try Self.messages(page, "bag").keys) }
        let asked = try Self.asked(in: "bag.js")
        #expect(asked.count > 15)
        #expect(asked.subtracting(handed).isEmpty, "bag.js asks for \(asked.subtracting(handed).sorted()), which no page hands it")
    }

    @Test func theSearchPageHandsItsScriptThePluralFormsOfItsLanguage() throws {
        let page = try #require(Self.render(language: "fr", only: ["search/index.html"])["search/index.html"])
        let strings = try Self.messages(page, "search")
        let found = try #require(strings["searchFound"] as? [String: String])
        #expect(found == ["one": "{count} produit trouvé.", "many": "{count} de produits trouvés.", "other": "{count} produits trouvés."])
        #expect(strings["searchNoneFoundFor"] as? String == "Aucun produit trouvé pour « {query} ».")
        let asked = try Self.asked(in: "search/search.js")
        #expect(asked.contains("searchFoundFor") && asked.contains("searchBadLowestPrice"))
        #expect(asked.subtracting(strings.keys).isEmpty, "search.js asks for \(asked.subtracting(strings.keys).sorted())")
    }

    @Test func theDealsAndVariantScriptsFindEveryMessageTheyAskFor() throws {
        let variantPage = "products/forever-skin-glow-foundation/index.html"
        let pages = Self.render(language: "de", only: ["deals/index.html", variantPage])
        let deals = try Self.messages(try #require(pages["deals/index.html"]), "deals")
        #expect(try Self.asked(in: "deals.js").subtracting(deals.keys).isEmpty)
        let variants = try Self.messages(try #require(pages[variantPage]), "variant")
        #expect(variants["shippingFree"] as? String == "Kostenlos")
        #expect(try Self.asked(in: "variants.js").subtracting(variants.keys).isEmpty)
    }

    /// The chosen options' line ("Shade: Rose, Size: 50 ml") is joined with the language's own
    /// colon and comma, by the page and by variants.js alike: the script writes no joiner itself.
    @Test func variantsJSJoinsTheChosenOptionsWithTheLanguagesPunctuation() throws {
        let variantPage = "products/forever-skin-glow-foundation/index.html"
        let japanese = try #require(Self.render(language: "ja", only: [variantPage])[variantPage])
        let strings = try Self.messages(japanese, "variant")
        #expect(strings["variantChoice"] as? String == "{option}：{value}")
        #expect(strings["variantStatus"] as? String == "{name}：{price}、{availability}")
        #expect(strings["listSeparator"] as? String == "、")
        let start = try #require(japanese.range(of: "<p class=\"variant-selected\" data-variant-label>"))
        let label = japanese[start.upperBound...].prefix { $0 != "<" }
        #expect(label.contains("：") && !label.contains(": "), "\(label)")
        let arabic = try #require(Self.render(language: "ar", only: [variantPage])[variantPage])
        #expect(try Self.messages(arabic, "variant")["listSeparator"] as? String == "، ")
        let english = try #require(Self.render(language: "en", only: [variantPage])[variantPage])
        #expect(try Self.messages(english, "variant")["variantChoice"] as? String == "{option}: {value}")
        let script = try String(contentsOf: ShopFixture.templates.appendingPathComponent("static/variants.js"), encoding: .utf8)
        for joiner in [#"+ ": ""#, #"+ ", ""#, #"join(", ")"#] { #expect(!script.contains(joiner), "variants.js writes \(joiner) itself") }
        #expect(try Self.asked(in: "variants.js").isSuperset(of: ["variantChoice", "variantStatus", "listSeparator"]))
    }

    /// The search page says its own sentence when the index cannot be read, never the browser's
    /// English error text.
    @Test func searchUnavailableIsThePagesOwnSentence() throws {
        let page = try #require(Self.render(language: "ko", only: ["search/index.html"])["search/index.html"])
        #expect(try Self.messages(page, "search")["searchUnavailable"] as? String == "지금은 검색을 사용할 수 없습니다.")
        let script = try String(contentsOf: ShopFixture.templates.appendingPathComponent("static/search/search.js"), encoding: .utf8)
        #expect(script.contains(#"text("searchUnavailable")"#) && !script.contains("error.message"))
    }

    /// One copy of the message formatter, in bag.js, which every page loads first.
    @Test func theScriptsShareBagJSsFormatter() throws {
        for script in ["deals.js", "variants.js", "search/search.js"] {
            let text = try String(contentsOf: ShopFixture.templates.appendingPathComponent("static/" + script), encoding: .utf8)
            #expect(text.contains("window.vitrineText"), "\(script)")
            #expect(!text.contains("PluralRules"), "\(script) picks plural forms itself")
        }
        let bag = try String(contentsOf: ShopFixture.templates.appendingPathComponent("static/bag.js"), encoding: .utf8)
        #expect(bag.contains("window.vitrineText = {"))
        let layout = try String(contentsOf: ShopFixture.templates.appendingPathComponent("layout.mustache"), encoding: .utf8)
        let bagScript = try #require(layout.range(of: "{{bagScriptURL}}"))
        let head = try #require(layout.range(of: "{{$head}}"))
        #expect(bagScript.lowerBound < head.lowerBound, "bag.js comes before every page's own scripts")
    }

    @Test func aCategoryPageTitlesItsLaterPagesAndDescribesItselfInThePagesLanguage() throws {
        var site = Records.site
        site.productsPerPage = 2
        let balms = Records.slug("balms")
        let products = ["lip-balm", "hand-balm", "foot-balm"].map { slug in
            var product = Records.product(slug)
            product.categories = [balms]
            return product
        }
        let catalog = Catalog(
            site: site, brands: [Records.brand("acme")], products: products, promotions: [], pages: [],
            categories: [Category(slug: balms, title: "Balsame", source: SourceLocation(path: "categories/balms.md"))])
        let pages = Self.render(catalog, language: "de", only: ["categories/balms/index.html", "categories/balms/page/2/index.html"])
        let first = try #require(pages["categories/balms/index.html"])
        #expect(first.contains(#"<meta name="description" content="Balsame bei Test Shop: 3 Produkte.">"#))
        #expect(first.contains("3 Produkte"))
        let second = try #require(pages["categories/balms/page/2/index.html"])
        #expect(second.contains("<title>Balsame, Seite 2 · Test Shop</title>"))
        let english = try #require(Self.render(catalog, language: "en", only: ["categories/balms/page/2/index.html"]).values.first)
        #expect(english.contains("<title>Balsame, page 2 · Test Shop</title>"))
        #expect(english.contains(#"<meta name="description" content="Balsame at Test Shop: 3 products.">"#))
    }
}
