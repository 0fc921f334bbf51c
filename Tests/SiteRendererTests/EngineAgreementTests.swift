import BuildEngine
import CatalogModel
import Foundation
import Mustache
import SiteRenderer
import Testing
import VitrineTestSupport

/// The project's engine against swift-mustache, the reference it replaced: every page of the sample
/// shop, rendered through every default-theme template, must come out byte for byte the same.
@Suite struct EngineAgreementTests {
    /// swift-mustache over the same theme files, with the same escaping of the five markup characters.
    static func reference() throws -> MustacheLibrary {
        var templates: [String: MustacheTemplate] = [:]
        let folder = ShopFixture.templates
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            templates[String(relative.dropLast(".mustache".count))] = try MustacheTemplate(string: text)
        }
        return MustacheLibrary(templates: templates)
    }

    static func pages(_ templates: TemplateLibrary, clock: Date) -> [String: [UInt8]] {
        var pages: [String: [UInt8]] = [:]
        for job in SiteRenderer(catalog: SampleShop.catalog, templates: templates, now: clock, language: "en").jobs() where job.category == .page {
            pages[job.path] = Array(job.render())
        }
        return pages
    }

    @Test(arguments: [SampleShop.clock, Date(timeIntervalSince1970: 1_796_083_200)])
    func everyPageIsTheSameWithSwiftMustache(clock: Date) throws {
        let own = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        let reference = try Self.reference()
        let viaReference = own.rendering { name, context in reference.render(context, withTemplate: name) ?? "" }
        let ownPages = Self.pages(own, clock: clock)
        let referencePages = Self.pages(viaReference, clock: clock)
        #expect(ownPages.count > 20)
        #expect(Set(ownPages.keys) == Set(referencePages.keys))
        for (path, bytes) in ownPages.sorted(by: { $0.key < $1.key }) {
            let expected = referencePages[path] ?? []
            #expect(bytes == expected, "\(path) differs: \(Self.firstDifference(bytes, expected))")
        }
    }

    @Test func everyDefaultTemplateIsRendered() throws {
        let own = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        // Every page's header and footer are rendered once per folder depth, outside any page kind.
        let kinds = SiteRenderer(catalog: SampleShop.catalog, templates: own, now: SampleShop.clock, language: "en").jobs()
            .filter { $0.category == .page }.map(\.kind) + ["partials/header", "partials/footer"]
        let used = Set(kinds.flatMap { own.closure(of: $0) })
        #expect(own.names.subtracting(used).isEmpty, "templates no page renders: \(own.names.subtracting(used).sorted())")
    }

    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? min(a.count, b.count)
        let start = max(0, index - 60)
        return "at byte \(index): «\(String(decoding: a[start..<min(a.count, index + 60)], as: UTF8.self))» vs «\(String(decoding: b[start..<min(b.count, index + 60)], as: UTF8.self))»"
    }
}
