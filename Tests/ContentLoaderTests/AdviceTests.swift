import CatalogModel
@testable import ContentLoader
import Foundation
import Testing

/// Advice quotes the shop's own content: one of its brands, an SKU in the pattern of its SKUs.
@Suite struct ShopAdviceTests {
    @Test func theOtherShopIsValid() throws {
        let result = try loadOtherShop()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.catalog?.brands.count == 2)
    }

    @Test func aMissingBrandSuggestsTheShopsFirstBrand() throws {
        let result = try loadOtherShop(["products/matcha.md": product(["sku: KT-0120", "name: Matcha", "price: 9"])])
        expectDiagnostic(result, at: "Content/products/matcha.md:1:1", "missing required key `brand` (brand slug); add e.g. brand: hana")
        expectNoSampleShopNames(result)
    }

    @Test func anUnknownBrandSuggestsTheClosestElseTheFirst() throws {
        let close = try loadOtherShop(["products/matcha.md": product(["sku: KT-0120", "name: Matcha", "brand: kumu", "price: 9"])])
        expectDiagnostic(close, at: "Content/products/matcha.md:4:8", "brand: \"kumu\" is not a known brand; did you mean \"kumo\"?")
        let far = try loadOtherShop(["products/matcha.md": product(["sku: KT-0120", "name: Matcha", "brand: origins", "price: 9"])])
        expectDiagnostic(
            far, at: "Content/products/matcha.md:4:8",
            "brand: \"origins\" is not a known brand; name one of this shop's brands, e.g. \"hana\", or add brands/origins.md")
        let notASlug = try loadOtherShop(["products/matcha.md": product(["sku: KT-0120", "name: Matcha", "brand: Kumo", "price: 9"])])
        expectDiagnostic(notASlug, at: "Content/products/matcha.md:4:8", "did you mean \"kumo\", one of this shop's brands?")
    }

    @Test func aMissingOrBadSKUFollowsTheShopsPattern() throws {
        let missing = try loadOtherShop(["products/matcha.md": product(["name: Matcha", "brand: kumo", "price: 9"])])
        expectDiagnostic(missing, at: "Content/products/matcha.md:1:1", "missing required key `sku` (unique stock keeping unit); add e.g. sku: KT-0113")
        let bad = try loadOtherShop(["products/matcha.md": product(["sku: KT 0120", "name: Matcha", "brand: kumo", "price: 9"])])
        expectDiagnostic(bad, at: "Content/products/matcha.md:2:6", "sku: \"KT 0120\" has characters outside A–Z, a–z, 0–9, '.', '_' and '-'; write e.g. KT-0113")
        expectNoSampleShopNames(missing)
        expectNoSampleShopNames(bad)
    }

    @Test func aShopWithoutBrandsOrProductsIsShownNeutralExamples() throws {
        let result = try loadOtherShop([
            "brands/kumo.md": nil, "brands/hana.json": nil, "products/green-tea.md": nil, "products/rice-mask.md": nil,
            "products/matcha.md": product(["name: Matcha", "price: 9"]),
        ])
        expectDiagnostic(result, at: "Content/products/matcha.md:1:1", "add e.g. sku: SKU-001")
        expectDiagnostic(result, at: "Content/products/matcha.md:1:1", "add e.g. brand: a-brand-slug")
        expectNoSampleShopNames(result)
    }

    @Test func variantAdviceUsesTheShopsSKUs() throws {
        let result = try loadOtherShop([
            "products/matcha.md": product(["sku: KT-0120", "name: Matcha", "brand: kumo", "price: 9", "options: [size]", "variants:", "  - size: 50 g"])
        ])
        expectDiagnostic(result, at: "Content/products/matcha.md:8:5", "missing required key `variants.sku`")
        // The product itself is read (its variant is not), so its own SKU is taken too.
        expectDiagnostic(result, at: "Content/products/matcha.md:8:5", "add e.g. sku: KT-0121")
        expectNoSampleShopNames(result)
    }

    @Test func theSKUExampleIsUnusedAndShapedLikeMostSKUs() {
        #expect(ShopExamples.skuExample(following: []) == "SKU-001")
        #expect(ShopExamples.skuExample(following: ["ORG-NS-30", "ORG-DC-50", "AVN-MIST"]) == "ORG-NS-31")
        #expect(ShopExamples.skuExample(following: ["A-099"]) == "A-100")
        #expect(ShopExamples.skuExample(following: ["X-2", "X-1", "X-3"]) == "X-4")
        #expect(ShopExamples.skuExample(following: ["X-9", "X-10"]) == "X-11")
        #expect(ShopExamples.skuExample(following: ["MIST", "MIST-2"]) == "MIST-3")
    }

    @Test func noRuleOrExampleQuotesTheSampleShop() {
        var reader = FieldReader(kind: .product, root: nil, json: false, file: SourceLocation(path: "x.md", line: 1, column: 1))
        for kind in RecordKind.allCases {
            for rule in kind.fields {
                let written = reader.example(of: rule.type).written(json: false)
                for name in sampleShopNames { #expect(!written.contains(name), "\(kind).\(rule.key): \(written)") }
                if case .pattern(_, _, let example) = rule.type {
                    for name in sampleShopNames { #expect(!example.contains(name), "\(kind).\(rule.key): \(example)") }
                }
            }
        }
    }

    func expectNoSampleShopNames(_ result: ContentLoader.Result, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!result.diagnostics.isEmpty, sourceLocation: sourceLocation)
        for diagnostic in result.diagnostics {
            for name in sampleShopNames where name != "origins" || !diagnostic.message.contains("\"origins\" is not a known brand") {
                #expect(!diagnostic.message.contains(name), "\(diagnostic)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// A message about a `.json` file writes its example as JSON, one about front matter as YAML.
@Suite struct SyntaxAdviceTests {
    @Test func siteJSONAdviceIsJSON() throws {
        let result = try load(["site.json": #"{"baseURL": "https://example.com/", "currency": "USD", "images": {"keepOriginalMetadata": "yes"}}"#])
        expectDiagnostic(result, at: "Content/site.json:1:1", #"missing required key `title` (shop name); add e.g. "title": "…""#)
        expectDiagnostic(result, at: "Content/site.json:1:91", #"write "keepOriginalMetadata": true"#)
        let shipping = try load(["site.json": #"{"title": "T", "baseURL": "https://e.com/", "currency": "USD", "shipping": ["US"]}"#])
        expectDiagnostic(shipping, at: "Content/site.json:1:77", #"expected a set of keys, e.g. {"country": "…", "service": "…"}"#)
        let rate = try load(["site.json": #"{"title": "T", "baseURL": "https://e.com/", "currency": "USD", "shipping": [{"service": "Post", "price": 1}]}"#])
        expectDiagnostic(rate, at: "Content/site.json:1:77", #"add e.g. "country": "US""#)
        for diagnostic in result.diagnostics + shipping.diagnostics + rate.diagnostics {
            #expect(!diagnostic.message.contains("e.g. title:") && !diagnostic.message.contains("e.g. country:"), "\(diagnostic)")
        }
    }

    @Test func jsonRecordAdviceIsJSONAndFrontMatterAdviceIsYAML() throws {
        let json = try loadOtherShop(["products/matcha.json": #"{"sku": "KT-0120", "name": "Matcha", "tags": "tea"}"#])
        expectDiagnostic(json, at: "Content/products/matcha.json:1:1", #"add e.g. "price": 12.50"#)
        expectDiagnostic(json, at: "Content/products/matcha.json:1:1", #"add e.g. "brand": "hana""#)
        expectDiagnostic(json, at: "Content/products/matcha.json:1:46", #"tags: expected a list, e.g. ["serum"]"#)
        let yaml = try loadOtherShop(["products/matcha.md": product(["sku: KT-0120", "name: Matcha", "tags: tea"])])
        expectDiagnostic(yaml, at: "Content/products/matcha.md:1:1", "add e.g. price: 12.50")
        expectDiagnostic(yaml, at: "Content/products/matcha.md:1:1", "add e.g. brand: hana")
        expectDiagnostic(yaml, at: "Content/products/matcha.md:4:7", "tags: expected a list, e.g. [serum]")
    }

    @Test func optionsWithoutVariantsInJSON() throws {
        let result = try loadOtherShop([
            "products/matcha.json": #"{"sku": "KT-0120", "name": "Matcha", "brand": "kumo", "price": 9, "options": ["size"]}"#
        ])
        #expect(result.diagnostics.contains { $0.message.contains(#"add e.g. "variants": [{"sku": "KT-0120-1", "<option>": "…"}]"#) },
                "\(result.diagnostics)")
    }
}

/// Problems a file has before any key is read: tabs, the wrong encoding, not keys at all.
@Suite struct FileProblemTests {
    @Test func aTabIndentingAListIsNamedAtTheTab() throws {
        let result = try load(["products/x.md": "---\nsku: T-1\ntags:\n\t- serum\nname: X\nbrand: origins\nprice: 1\n---\n"])
        #expect(result.diagnostics.map(\.description) == ["Content/products/x.md:4:1: error: a tab indents this line; YAML indents with spaces, so replace the tab with spaces"])
        let afterSpaces = try load(["products/x.md": "---\nsku: T-1\nstores:\n  - name: A\n  \tlatitude: 1\n---\n"])
        expectDiagnostic(afterSpaces, at: "Content/products/x.md:5:3", "a tab indents this line; YAML indents with spaces")
    }

    @Test func aTabInsideTextIsNotBlamedForAnotherError() throws {
        let result = try load(["pages/faq.md": "---\ntitle: FAQ\nnote: |\n  a\n  \tb\nother: x\nmore: y\nsub: [a, b\n---\n"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message.hasPrefix("invalid YAML"), "\(diagnostic)")
    }

    @Test func windows1252IsReportedAtTheFirstBadByte() throws {
        let result = try load(bytes: ["products/creme.md": Array("---\nsku: T-1\nname: Cr".utf8) + [0xE9] + Array("me\n---\n".utf8)])
        #expect(
            result.diagnostics.map(\.description) == [
                "Content/products/creme.md:3:9: error: not UTF-8 text: the byte 0xE9 here is not UTF-8 (in Windows-1252 it is “é”); save the file as UTF-8"
            ])
    }

    @Test func windows1252InSiteJSONAndAfterUTF8Text() throws {
        let site = Array(#"{"title": "Café "#.utf8) + [0x93] + Array(#"Noir", "baseURL": "https://e.com/", "currency": "USD"}"#.utf8)
        let result = try load(bytes: ["site.json": site])
        // "Café " is six characters before the bad byte, whatever its UTF-8 length.
        expectDiagnostic(result, at: "Content/site.json:1:17", "not UTF-8 text: the byte 0x93 here is not UTF-8 (in Windows-1252 it is ““”)")
    }

    @Test func theEditorReadsTheSamePosition() throws {
        let data = Data(Array("---\ntitle: A\n\ntitle2: ".utf8) + [0xFC])
        guard case .failure(let diagnostic) = RecordSource.parse(data, kind: .page, isJSON: false, path: "p.md") else {
            Issue.record("expected a failure")
            return
        }
        #expect(diagnostic.location.description == "p.md:4:9")
    }

    @Test func frontMatterThatIsNotKeysIsOneError() throws {
        let excel = try load(["products/x.md": "---\nsku,name,brand,price\nT-1,Toner,origins,10.00\n---\n"])
        #expect(excel.diagnostics.map(\.description) == ["Content/products/x.md:2:1: error: front matter must be keys and values, e.g. title: …"])
        let list = try load(["products/x.json": #"["T-1", "Toner"]"#])
        #expect(list.diagnostics.count == 1 && list.diagnostics[0].message.hasPrefix("expected a JSON object of keys"), "\(list.diagnostics)")
        let site = try load(["site.json": "\"My shop\""])
        #expect(site.diagnostics.count == 1 && site.diagnostics[0].message.hasPrefix("expected a JSON object of keys"), "\(site.diagnostics)")
        let variant = try load(["products/x.md": product(validProductLines + ["options: [shade]", "variants: [Light]"])])
        #expect(variant.diagnostics.map(\.message) == ["variants: expected a set of keys, e.g. {sku: …, price: …}, found a single value"])
    }

    @Test func aCSVAmongContentFilesNamesVitrineImport() throws {
        let result = try load([
            "products/prices.csv": "sku,price\nORG-NS-30,30.00\n", "brands/brands.CSV": "a\n", "prices.csv": "sku\n", "stock.csv": "sku,quantity\n",
        ])
        expectDiagnostic(result, .warning, at: "Content/products/prices.csv", "`vitrine import shopify prices.csv` (or `vitrine import woocommerce prices.csv`)")
        expectDiagnostic(result, .warning, at: "Content/brands/brands.CSV", "vitrine import")
        expectDiagnostic(result, .warning, at: "Content/prices.csv", "vitrine import")
        #expect(!result.diagnostics.contains { $0.location.path.hasSuffix("stock.csv") }, "\(result.diagnostics)")
        #expect(result.diagnostics.count == 3)
    }
}
