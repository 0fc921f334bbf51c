import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// A name a template uses that its pages never provide renders as nothing; `vitrine check` says
/// so at the tag, once per name and template, and knows the names a shop's records lack.
@Suite struct TemplateNameCheckTests {
    func check(
        _ template: String = "home", changes: [String: String?] = [:], home edit: (String) -> String, strict: Bool = false
    ) throws -> (diagnostics: [Diagnostic], text: String) {
        let fixture = try ShopFixture(changes: changes)
        defer { fixture.cleanUp() }
        let overrides = fixture.root.appendingPathComponent("Theme")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        let text = edit(try String(contentsOf: ShopFixture.templates.appendingPathComponent("\(template).mustache"), encoding: .utf8))
        try text.write(to: overrides.appendingPathComponent("\(template).mustache"), atomically: true, encoding: .utf8)
        let checked = SiteBuilder.check(content: fixture.content, templates: overrides, strict: strict)
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        return (SiteBuilder.checkTemplateNames(checked, templates: overrides, strict: strict, now: ShopFixture.clock), text)
    }

    @Test func aMisspelledNameIsReportedOnceAtItsFirstTag() throws {
        let (diagnostics, text) = try check { "{{naem}} {{naem}}\n" + $0 + "{{#activePromotions}}{{tilte}}{{/activePromotions}}\n" }
        #expect(diagnostics.count == 2, "\(diagnostics)")
        let top = try #require(diagnostics.first { $0.message.hasPrefix("\"naem\"") })
        #expect(top.location.description == "Theme/home.mustache:1:1")
        #expect(top.severity == .warning)
        #expect(top.message.contains("is not provided on the home page; "))
        #expect(top.message.contains("it has: "))
        let inner = try #require(diagnostics.first { $0.message.hasPrefix("\"tilte\"") })
        let lastLine = text.filter { $0 == "\n" }.count
        #expect(inner.location.description == "Theme/home.mustache:\(lastLine):22")
        #expect(inner.message.contains("did you mean \"title\"?"))
    }

    @Test func aNameAPageHasOnlyAtTheTopOfAnotherKindIsReported() throws {
        // `product` is the product page's; the home page has no such name at its top.
        let (diagnostics, _) = try check { $0 + "{{product.name}}\n" }
        #expect(diagnostics.map(\.message).contains { $0.hasPrefix("\"product\" is not provided on the home page") }, "\(diagnostics)")
    }

    /// Checkout's return pages are looked at too, in a shop without checkout as well: the
    /// specimen catalog has a checkout URL.
    @Test func theCheckoutReturnPagesNamesAreKnown() throws {
        let noCheckout = #"{"title": "T", "baseURL": "https://example.com/", "currency": "USD"}"#
        for changes in [[:], ["site.json": noCheckout]] as [[String: String?]] {
            let (success, _) = try check("checkout-success", changes: changes, home: { "{{ordresURL}}\n" + $0 })
            #expect(success.count == 1, "\(success)")
            #expect(success.first?.message.hasPrefix(
                #""ordresURL" is not provided on the checkout-success page; did you mean "ordersURL"?; it has: "#) == true, "\(success)")
            let (cancelled, _) = try check("checkout-cancelled", changes: changes, home: { $0 + "{{bagURL}}{{noindex}}{{ordersURL}}\n" })
            #expect(cancelled.map(\.message).count == 1, "\(cancelled)")
            #expect(cancelled.first?.message.hasPrefix(#""ordersURL" is not provided on the checkout-cancelled page"#) == true)
        }
    }

    @Test func strictMakesThemErrors() throws {
        let (diagnostics, _) = try check(home: { "{{naem}}\n" + $0 }, strict: true)
        #expect(diagnostics.count == 1 && diagnostics[0].severity == .error)
    }

    @Test func theBuiltInThemeUsesOnlyNamesItsPagesProvideEvenInAShopWithFewKeys() throws {
        // The fixture shop has no variants, galleries, categories or shipping: the specimen
        // catalog's pages provide those names.
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let empty = fixture.root.appendingPathComponent("NoOverrides")
        let checked = SiteBuilder.check(content: fixture.content, templates: empty, strict: true)
        #expect(checked.catalog != nil)
        #expect(SiteBuilder.checkTemplateNames(checked, templates: empty, strict: true, now: ShopFixture.clock).isEmpty)
        let sample = SiteBuilder.check(content: ShopFixture.repositoryRoot.appendingPathComponent("Content"), templates: empty, strict: true)
        #expect(sample.catalog != nil)
        #expect(SiteBuilder.checkTemplateNames(sample, templates: empty, strict: true, now: ShopFixture.clock).isEmpty)
    }
}
