import CatalogModel
@testable import ContentLoader
import Foundation
import Testing
import VitrineTestSupport

/// Every seed of the content fuzzer, read as the fuzzer reads it, on every test run: the inputs
/// that once hung or crashed the readers (an alias bomb, deep nesting, CR line endings) stay
/// answered, and quickly.
@Suite struct ContentFuzzCorpusTests {
    static let folder = ShopFixture.repositoryRoot.appendingPathComponent("Fuzz/Corpus/content")
    static let seeds = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []

    @Test func theCorpusIsThere() {
        #expect(Self.seeds.count >= 27)
        #expect(Self.seeds.contains("billion-laughs.md"))
        #expect(Self.seeds.contains("tab-indented-list.md") && Self.seeds.contains("windows-1252.md"))
    }

    @Test(arguments: seeds)
    func eachSeedIsReadWithinASecond(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let started = ContinuousClock.now
        let bytes = EditorText.normalized(data)
        var refusals: [Diagnostic] = []
        if let text = String(validating: bytes, as: UTF8.self) {
            if case .success(let front) = FrontMatter.split(text) {
                if case .failure(let diagnostic) = StructuredText.parseYAML(front.yaml, path: name, firstLine: front.yamlFirstLine) {
                    refusals.append(diagnostic)
                }
                if MarkdownBounds.check(front.body) == nil { _ = MarkdownRenderer.render(front.body) }
            }
            _ = StructuredText.parseJSON(bytes, text: text, path: name)
        }
        let decoded = Self.decode(name)
        #expect(ContinuousClock.now - started < .seconds(1))
        if name == "billion-laughs.md" {
            #expect(refusals.contains { $0.message.contains("alias") }, "\(refusals)")
        }
        // Read as the loader reads a record file, a seed either makes a record or says why at a
        // line and column of the file.
        let errors = decoded.diagnostics.filter { $0.severity == .error }
        #expect(decoded.record != nil || !errors.isEmpty, "\(name): no record and no error")
        for diagnostic in decoded.diagnostics {
            #expect(diagnostic.location.line > 0 && diagnostic.location.column > 0, "\(diagnostic)")
        }
        let expected: [String: String] = [
            "tab-indented-list.md": "seed:7:1: error: a tab indents this line; YAML indents with spaces",
            "tab-after-spaces.md": "seed:6:3: error: a tab indents this line; YAML indents with spaces",
            "windows-1252.md": "seed:3:9: error: not UTF-8 text: the byte 0xE8 here is not UTF-8 (in Windows-1252 it is “è”)",
            "excel-product.md": "seed:2:1: error: front matter must be keys and values",
            "excel-product.json": "seed:1:1: error: expected a JSON object of keys",
            "scalar-front.md": "seed:2:1: error: front matter must be keys and values",
            "excel-html.md": "seed:1:1: error: missing front matter",
        ]
        if let expected = expected[name] {
            #expect(errors.count == 1 && errors[0].description.hasPrefix(expected), "\(decoded.diagnostics)")
        }
    }

    /// A `.jsonl` seed, read as a reviews file is: every line a review or an error at a line and
    /// a column, quickly.
    @Test(arguments: seeds.filter { $0.hasSuffix(".jsonl") })
    func eachReviewSeedIsReadLineByLine(name: String) throws {
        let started = ContinuousClock.now
        let targets = ReviewTargets(Catalog(site: Site(title: "Fuzz", baseURL: "https://example.com/", currency: .usd), brands: [], products: [], promotions: [], pages: []))
        let (reviews, diagnostics) = ContentLoader.readReviewFile(
            Self.folder.appendingPathComponent(name).path, display: "seed", file: 0, zone: Timestamp.utc, now: nil, targets: targets)
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(reviews.isEmpty, "no product exists, so no line is accepted")
        #expect(!diagnostics.isEmpty)
        for diagnostic in diagnostics {
            #expect(diagnostic.location.line > 0 && diagnostic.location.column > 0, "\(diagnostic)")
        }
    }

    /// The seed read through `ContentLoader.decode` as a record of the kind its name says
    /// (`Content_brands_…` a brand), else as a product, without a site.
    static func decode(_ name: String) -> ContentLoader.Decoded {
        let kind = RecordKind.allCases.first { $0.folder.map { name.hasPrefix("Content_\($0)_") } ?? false } ?? .product
        let file = ContentLoader.ContentFile(
            kind: kind, path: folder.appendingPathComponent(name).path, relativePath: name, displayPath: "seed", slugText: "seed",
            isJSON: name.hasSuffix(".json"))
        return ContentLoader(contentFolder: folder).decode(file, site: nil)
    }
}
