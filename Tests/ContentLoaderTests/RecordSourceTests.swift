import CatalogModel
import ContentLoader
import Foundation
import Testing

/// A record file read for editing: keys in order with the lines each takes, leading comments,
/// the body, and where a `.json` file keeps its body key.
@Suite struct RecordSourceTests {
    @Test func eachKeyKnowsItsLinesUpToTheNextKey() throws {
        let text = "---\n# a comment first\ntitle: \"X\"\nproducts:\n  - a\n  - b\n# about the code\ncode: XMAS\n---\n\nBody.\n"
        let source = try RecordSource.parse(Data(text.utf8), kind: .promotion, isJSON: false, path: "p.md").get()
        #expect(source.leadingLines == 0..<1)
        #expect(source.entries.map(\.key) == ["title", "products", "code"])
        #expect(source.entries.map(\.lines) == [1..<2, 2..<6, 6..<7])
        #expect(source.frontMatterLines[source.entry("products")!.lines].joined(separator: "\n") == "products:\n  - a\n  - b\n# about the code")
        #expect(source.body == "\nBody.\n")
    }

    @Test func aJSONFileKeepsItsBodyKeyApartAndRemembersWhereItWas() throws {
        let text = #"{"title": "T", "description": "Some *text*", "country": "FR"}"#
        let source = try RecordSource.parse(Data(text.utf8), kind: .brand, isJSON: true, path: "b.json").get()
        #expect(source.entries.map(\.key) == ["title", "country"])
        #expect(source.body == "Some *text*")
        #expect(source.bodyPosition == 1)
    }

    @Test func unreadableFilesGiveTheLoadersDiagnostic() {
        let broken = RecordSource.parse(Data("---\ntitle: [unclosed\n---\n".utf8), kind: .page, isJSON: false, path: "x.md")
        guard case .failure(let diagnostic) = broken else {
            Issue.record("a broken file parsed")
            return
        }
        #expect(diagnostic.location.path == "x.md")
        #expect(diagnostic.location.line >= 2)
        #expect(throws: Diagnostic.self) { try RecordSource.parse(Data("no front matter".utf8), kind: .page, isJSON: false, path: "y.md").get() }
    }
}
