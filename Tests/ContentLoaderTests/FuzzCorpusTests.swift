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
        #expect(Self.seeds.count >= 20)
        #expect(Self.seeds.contains("billion-laughs.md"))
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
        #expect(ContinuousClock.now - started < .seconds(1))
        if name == "billion-laughs.md" {
            #expect(refusals.contains { $0.message.contains("alias") }, "\(refusals)")
        }
    }
}
