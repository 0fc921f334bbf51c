import CatalogModel
import Foundation
import SiteRenderer
import TemplateEngine
import Testing
import VitrineTestSupport

@Suite struct TemplateLibraryTests {
    func themeCopy(_ changes: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-theme-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShopFixture.templates, to: folder)
        for (name, text) in changes {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func theDefaultThemeLoads() throws {
        let result = TemplateLibrary.load(from: ShopFixture.templates)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.library?.staticFiles.contains("style.css") == true)
    }

    @Test func aSyntaxErrorIsReportedAtItsLine() throws {
        let folder = try themeCopy(["page.mustache": "{{<layout}}\n{{$main}}\n{{#title}}\n{{/main}}\n{{/layout}}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = TemplateLibrary.load(from: folder)
        #expect(result.library == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location.path.hasSuffix("/page.mustache"))
        #expect(diagnostic.location.line == 4)
        #expect(diagnostic.severity == .error)
    }

    @Test func variablesAreEscapedInTemplatesAndPartialsAndTripleBracesAreNot() throws {
        let folder = try themeCopy([
            "probe.mustache": "{{#probe}}\n[{{probe}}|{{{probe}}}|{{>partials/probe}}]\n{{/probe}}\n",
            "partials/probe.mustache": "{{probe}}",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try #require(TemplateLibrary.load(from: folder).library)
        let text = "<b> & \"q\" 's' é"
        let escaped = "&lt;b&gt; &amp; &quot;q&quot; &#39;s&#39; é"
        // The standalone section lines vanish as in any Mustache engine: the content-type line
        // put before each file does not change what the first line renders to.
        #expect(library.render("probe", ["probe": text]) == "[\(escaped)|\(text)|\(escaped)]\n")
        #expect(library.render("probe", ["probe": "plain"]) == "[plain|plain|plain]\n")
    }

    @Test func aPartialThatNamesNoTemplateIsAnError() throws {
        let folder = try themeCopy(["page.mustache": "{{<layout}}{{$main}}\n\n  {{>partials/breadcrumb}}{{/main}}{{/layout}}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = TemplateLibrary.load(from: folder)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.description.hasSuffix("/page.mustache:3:3: error: partial `partials/breadcrumb` is not a template in this folder; did you mean `partials/breadcrumbs`?"))
    }

    @Test func aMissingPageTemplateIsAnError() throws {
        let folder = try themeCopy([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("product.mustache"))
        let result = TemplateLibrary.load(from: folder)
        #expect(result.diagnostics.contains { $0.message.contains("missing template product.mustache") })
    }

    /// The repository's theme as a base in memory, as the built-in theme is.
    func base(_ changes: [String: String] = [:]) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = ShopFixture.templates.path + "/"
        for relative in FileManager.default.subpaths(atPath: root) ?? [] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + relative, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[relative] = FileManager.default.contents(atPath: root + relative)
        }
        for (name, text) in changes { files[name] = Data(text.utf8) }
        return files
    }

    @Test func aFolderOverridingOneFileTakesEveryOtherFromTheBase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-overrides-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try Data("<header>shop</header>\n".utf8).write(to: folder.appendingPathComponent("partials/header.mustache"))
        let source = ThemeSource(base: try base(), baseDisplay: "(built-in)", overrides: folder)
        let result = TemplateLibrary.load(from: source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let library = try #require(result.library)
        #expect(library.render("partials/header", [:]) == "<header>shop</header>\n")
        #expect(library.baseStaticFiles["style.css"] != nil && !library.hasCustomStylesheet)
        // Without the folder, the base alone is the theme.
        let alone = TemplateLibrary.load(from: ThemeSource(base: try base(), baseDisplay: "(built-in)", overrides: folder.appendingPathComponent("none")))
        #expect(alone.library != nil && alone.diagnostics.isEmpty)
    }

    @Test func aBrokenBaseFileIsNamedAsBuiltIn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-overrides-\(UUID().uuidString)")
        let source = ThemeSource(
            base: try base(["partials/header.mustache": "<header>\n  <nav>\n    {{#nav}}\n</header>\n"]), baseDisplay: "(built-in)",
            overrides: folder)
        let diagnostic = try #require(TemplateLibrary.load(from: source).diagnostics.first)
        #expect(diagnostic.location.path == "(built-in)/partials/header.mustache")
        #expect(diagnostic.description == "(built-in)/partials/header.mustache:3:5: error: section `nav` is never closed; add {{/nav}}")
    }
}

/// A theme's links leading out of its folder, and FIFOs, are refused rather than read.
@Suite struct TemplateFileKindTests {
    @Test func linksOutOfTheThemeAndFIFOsAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-theme-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ShopFixture.templates, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("static/passwd.txt").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("leak.mustache").path, withDestinationPath: "/etc/hostname")
        #expect(mkfifo(folder.appendingPathComponent("pipe.mustache").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("static/same.css").path, withDestinationPath: "style.css")
        let result = TemplateLibrary.load(from: folder)
        let name = folder.lastPathComponent
        let messages = Dictionary(grouping: result.diagnostics, by: { $0.location.path }).mapValues { $0.map(\.message) }
        #expect(messages["\(name)/static/passwd.txt"]?.first?.contains("leading out of the templates folder") == true, "\(messages)")
        #expect(messages["\(name)/leak.mustache"]?.first?.contains("leading out of the templates folder") == true)
        #expect(messages["\(name)/pipe.mustache"]?.first?.contains("not a regular file") == true)
        #expect(messages["\(name)/static/same.css"] == nil)
        #expect(result.library == nil)
    }
}
