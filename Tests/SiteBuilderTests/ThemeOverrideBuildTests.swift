import CatalogModel
import DefaultTheme
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// A shop's Templates/ holding only the files it changes: one partial and `static/custom.css`
/// change exactly what they should, in full and incremental builds alike.
@Suite struct ThemeOverrideBuildTests {
    static let marker = "<!-- the shop's own header -->\n"
    static let customLink = "<link rel=\"stylesheet\" href=\"{ROOT}custom.css\">\n"

    /// The sample shop with no Templates/ at all: the built-in theme alone.
    func shopWithoutTemplates() throws -> SampleShop {
        let shop = try SampleShop()
        try shop.delete("Templates")
        return shop
    }

    func writeOverrides(_ shop: SampleShop) throws {
        let header = try #require(DefaultTheme.files["partials/header.mustache"])
        try shop.write("Templates/partials/header.mustache", String(decoding: header, as: UTF8.self) + Self.marker)
        try shop.write("Templates/static/custom.css", "header { background: #123; }\n")
    }

    @Test func theBuiltInThemeAloneBuildsAsTheRepositorysTemplatesFolderDoes() throws {
        let shop = try shopWithoutTemplates()
        defer { shop.remove() }
        let builtIn = try shop.fullBuild()
        #expect(builtIn["index.html"] != nil)
        #expect(builtIn["style.css"] == DefaultTheme.files["static/style.css"])
        #expect(builtIn["search/search.js"] == DefaultTheme.files["static/search/search.js"])
        #expect(builtIn["custom.css"] == nil)

        let complete = try SampleShop()
        defer { complete.remove() }
        #expect(FolderContents.differences(builtIn, try complete.fullBuild()) == [])
    }

    @Test func anOverriddenPartialAndCustomCSSChangeOnlyWhatTheyShould() throws {
        let shop = try shopWithoutTemplates()
        defer { shop.remove() }
        let builtIn = try shop.fullBuild()
        try writeOverrides(shop)
        let overridden = try shop.fullBuild()

        #expect(overridden["custom.css"] == Data("header { background: #123; }\n".utf8))
        let pages = builtIn.keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count > 20)
        for path in Set(builtIn.keys).union(overridden.keys).sorted() where path != "custom.css" && !path.hasSuffix("/") {
            let before = try #require(builtIn[path], "\(path) is new")
            let after = try #require(overridden[path], "\(path) is gone")
            guard path.hasSuffix(".html") else {
                #expect(before == after, "\(path) changed")
                continue
            }
            // Every page has the shop's header and links custom.css after style.css; nothing else moved.
            let text = String(decoding: after, as: UTF8.self)
            let root = try #require(Self.root(of: String(decoding: before, as: UTF8.self)), "\(path)")
            let link = Self.customLink.replacingOccurrences(of: "{ROOT}", with: root)
            #expect(text.components(separatedBy: Self.marker).count == 2, "\(path)")
            #expect(text.contains("<link rel=\"stylesheet\" href=\"\(root)style.css\">\n" + link), "\(path)")
            let restored = text.replacingOccurrences(of: Self.marker, with: "").replacingOccurrences(of: link, with: "")
            #expect(restored == String(decoding: before, as: UTF8.self), "\(path)")
        }
    }

    @Test func incrementalBuildsFollowOverridesAddedChangedAndRemoved() throws {
        let shop = try shopWithoutTemplates()
        defer { shop.remove() }
        func buildAndCompare(_ step: String) throws {
            let report = SiteBuilder.buildIncrementally(shop.options())
            #expect(report.succeeded, "\(step): \(report.diagnostics)")
            #expect(FolderContents.differences(try shop.fullBuild(), FolderContents.entries(in: shop.output)) == [], "\(step)")
        }
        try buildAndCompare("built-in theme")
        try writeOverrides(shop)
        try buildAndCompare("overrides added")
        try shop.write("Templates/static/style.css", "body { margin: 0; }\n")
        try buildAndCompare("style.css replaced")
        try shop.delete("Templates/static/custom.css")
        try shop.delete("Templates/static/style.css")
        try buildAndCompare("custom.css and style.css removed")
        try shop.delete("Templates")
        try buildAndCompare("every override removed")
    }

    @Test func aBrokenOverrideIsReportedAtItsOwnPath() throws {
        let shop = try shopWithoutTemplates()
        defer { shop.remove() }
        try shop.write("Templates/partials/header.mustache", "<header>\n  {{#nav}}\n</header>\n")
        let checked = SiteBuilder.check(content: shop.content, templates: shop.templates, strict: false)
        #expect(!checked.succeeded)
        #expect(checked.diagnostics.map(\.location.path) == ["Templates/partials/header.mustache"], "\(checked.diagnostics)")
    }

    /// How a page links the site's root (`../../` for `brands/x/index.html`, `/` on the 404 page),
    /// read from its link to style.css.
    static func root(of page: String) -> String? {
        guard let range = page.range(of: #"<link rel="stylesheet" href="[^"]*style\.css">"#, options: .regularExpression) else { return nil }
        let tag = page[range]
        return String(tag.dropFirst(#"<link rel="stylesheet" href=""#.count).dropLast(#"style.css">"#.count))
    }
}
