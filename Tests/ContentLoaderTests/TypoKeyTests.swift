import CatalogModel
import ContentLoader
import Foundation
import Testing

/// A key a typo away from a known one costs money when read as the shop's own (`discount: 15`
/// discounts nothing while the page announces it), so it is an error unless `customKeys` says
/// the shop means it.
@Suite struct TypoKeyTests {
    func promotion(_ lines: [String]) -> String { (["---"] + lines + ["---", "Flyer."]).joined(separator: "\n") }

    func site(_ members: String) -> String {
        #"{"title": "Test & Shop", "baseURL": "https://example.com/shop/", "currency": "USD", "#+members+"}"
    }

    @Test func aCutShortKeyIsAnErrorNamingTheKnownKey() throws {
        let result = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "discount: 15"])])
        expectDiagnostic(result, at: "Content/promotions/p.md:4:1", "`discount`: unknown key; did you mean `discountPercent`?")
        #expect(result.diagnostics.first { $0.message.contains("`discount`") }?.message.contains(#""customKeys": {"promotions": ["discount"]}"#) == true)
        #expect(result.catalog == nil, "the build fails")
    }

    @Test func keysWithinTwoEditsAreErrors() throws {
        let result = try load(["products/t.md": product(validProductLines + ["tag: [serum]", "prcie: 3"])])
        expectDiagnostic(result, at: "Content/products/t.md:6:1", "`tag`: unknown key; did you mean `tags`?")
        expectDiagnostic(result, at: "Content/products/t.md:7:1", "`prcie`: unknown key; did you mean `price`?")
        #expect(result.catalog == nil)
    }

    @Test func everyKindHasTheRule() throws {
        let result = try load([
            "brands/b.md": "---\ntitle: B\nlogo_: images/origins.png\n---\n",
            "pages/p.md": "---\ntitel: P\n---\n",
            "categories/c.json": #"{"title": "C", "parnt": "x"}"#,
            "site.json": site(#""locle": "en_US""#),
        ])
        expectDiagnostic(result, at: "Content/brands/b.md:3:1", "`logo_`: unknown key; did you mean `logo`?")
        expectDiagnostic(result, at: "Content/pages/p.md:2:1", "`titel`: unknown key; did you mean `title`?")
        expectDiagnostic(result, at: "Content/categories/c.json:1:16", "`parnt`: unknown key; did you mean `parent`?")
        expectDiagnostic(result, at: "Content/site.json:1:85", "`locle`: unknown key; did you mean `locale`?")
    }

    @Test func customKeysMakeAKeyTheShopsOwn() throws {
        let result = try load([
            "site.json": site(#""customKeys": {"promotions": ["discount"], "products": ["tag"], "site": ["locle"]}, "locle": "x""#),
            "promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "discount: 15"]),
            "products/t.md": product(validProductLines + ["tag: new"]),
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        #expect(catalog.promotions.first { $0.slug.rawValue == "p" }?.extra["discount"] == .string("15"))
        #expect(catalog.productBySKU["T-1"]?.extra["tag"] == .string("new"))
        #expect(catalog.site.customKeys[.product] == ["tag"])
    }

    @Test func customKeysNameRealKindsAndKeys() throws {
        let result = try load(["site.json": site(#""customKeys": {"product": ["x"], "brands": ["title", "2nd"]}"#)])
        expectDiagnostic(result, at: "Content/site.json:1:100", "customKeys.product: `product` is not a kind of record; did you mean `products`?")
        expectDiagnostic(result, .warning, at: "Content/site.json:1:129", "`title` is a key Vitrine knows for brands")
        expectDiagnostic(result, at: "Content/site.json:1:138", "\"2nd\" is not a key")
    }

    @Test func aDiscountBelowOneWarnsThatItIsAFractionOfAPercent() throws {
        let result = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "discountPercent: 0.15"])])
        expectDiagnostic(result, .warning, at: "Content/promotions/p.md:4:18", "discountPercent: 0.15 means 0.15 % off; write 15 for 15 %")
        #expect(result.catalog != nil)
    }

    @Test func theTimeZoneIsAnIANAName() throws {
        let wrong = try load(["site.json": site(#""timeZone": "America/Los_Angles""#)])
        expectDiagnostic(wrong, at: "Content/site.json:1:97", "timeZone: \"America/Los_Angles\" is not an IANA time zone name; did you mean America/Los_Angeles?")
        let abbreviation = try load(["site.json": site(#""timeZone": "PST""#)])
        #expect(abbreviation.catalog == nil)
        let right = try load(["site.json": site(#""timeZone": "America/Los_Angeles""#)])
        #expect(right.catalog?.site.timeZone.identifier == "America/Los_Angeles")
    }

    @Test func datesAreDaysOfTheShopsZoneAndAnEndRunsThroughItsDay() throws {
        let result = try load([
            "site.json": site(#""timeZone": "America/Los_Angeles""#),
            "promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "ends: 2026-12-31"]),
        ])
        let sale = try #require(result.catalog?.promotions.first { $0.slug.rawValue == "p" })
        #expect(sale.starts.rfc3339 == "2026-12-01T00:00:00-08:00")
        #expect(sale.ends?.rfc3339 == "2027-01-01T00:00:00-08:00")
        #expect(sale.ends?.displayText == "31 December 2026")
    }

    @Test func aOneDaySaleIsNotAnEndBeforeItsStart() throws {
        let result = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-24", "ends: 2026-12-24"])])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}

@Suite struct SpellingTests {
    @Test func mistypedKeysAreTwoEditsAwayOrCutShort() {
        let known = RecordKind.promotion.knownKeys(json: false)
        #expect(Spelling.mistypedKey("discount", among: known) == "discountPercent")
        #expect(Spelling.mistypedKey("Ends", among: known) == "ends")
        #expect(Spelling.mistypedKey("strats", among: known) == "starts")
        #expect(Spelling.mistypedKey("flyerText", among: known) == nil)
        #expect(Spelling.mistypedKey("disc", among: known) == "discountPercent")
        #expect(Spelling.mistypedKey("dis", among: known) == nil, "three letters are too few to call a key cut short")
    }
}
