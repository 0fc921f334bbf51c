import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// A name a template uses that its pages never provide renders as nothing; `vitrine check` says
/// so at the tag, once per name and template, and knows the names a shop's records lack.
@Suite struct TemplateNameCheckTests {
    func check(home edit: (String) -> String, strict: Bool = false) throws -> (diagnostics: [Diagnostic], text: String) {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let overrides = fixture.root.appendingPathComponent("Theme")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        let text = edit(try String(contentsOf: ShopFixture.templates.appendingPathComponent("home.mustache"), encoding: .utf8))
        try text.write(to: overrides.appendingPathComponent("home.mustache"), atomically: true, encoding: .utf8)
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
