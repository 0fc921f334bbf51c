import CatalogModel
@testable import ContentEditor
import ContentLoader
import Foundation
import Testing
import VitrineTestSupport

@Suite("Writing record files back")
struct RecordWriterTests {
    /// Every record file of the sample shop, with its kind.
    static let files: [(kind: RecordKind, relative: String)] = {
        let content = ShopFixture.repositoryRoot.appendingPathComponent("Content")
        var out: [(RecordKind, String)] = []
        for kind in ContentFolder.kinds {
            for file in ContentFolder(root: content).files(of: kind) { out.append((kind, file.relative)) }
        }
        return out
    }()

    func source(_ relative: String, kind: RecordKind) throws -> (String, RecordSource) {
        let url = ShopFixture.repositoryRoot.appendingPathComponent("Content/" + relative)
        let data = try Data(contentsOf: url)
        return (String(decoding: data, as: UTF8.self), try RecordSource.parse(data, kind: kind, isJSON: relative.hasSuffix(".json"), path: relative).get())
    }

    @Test func aMarkdownFileWrittenWithoutChangesIsTheSameBytes() throws {
        #expect(Self.files.count > 60)
        for (kind, relative) in Self.files where relative.hasSuffix(".md") {
            let (text, source) = try source(relative, kind: kind)
            #expect(RecordWriter.text(kind: kind, base: source, isJSON: false, changes: [], body: source.body) == text, "\(relative)")
        }
    }

    /// Each value of every file, written by the editor and read back by the loader's parser,
    /// is the same value: YAML's quoting rules cannot turn a string into a number or a date.
    @Test func everyValueOfTheSampleShopReadsBackTheSameAfterWriting() throws {
        for (kind, relative) in Self.files {
            let (_, source) = try source(relative, kind: kind)
            for entry in source.entries {
                for isJSON in [false, true] {
                    let text = RecordWriter.text(kind: kind, base: nil, isJSON: isJSON, changes: [(entry.key, entry.value)], body: "")
                    let again = try RecordSource.parse(Data(text.utf8), kind: kind, isJSON: isJSON, path: relative).get()
                    #expect(again.entry(entry.key)?.value.plainValue == entry.value.plainValue, "\(relative) \(entry.key) json=\(isJSON)")
                }
            }
        }
    }

    @Test func stringsThatYAMLWouldReadAsSomethingElseAreQuoted() throws {
        let tricky = ["yes", "No", "null", "12", "1.5", "2026-12-24", "0x1F", "a: b", "#tag", "- item", "[x]", "trailing ",
            "Crème", "50 ml", "1e3", "@home", "\"quoted\"", "line\nbreak", "tab\there", "~"]
        for value in tricky {
            let node = RawNode(.scalar(value, .string), at: SourceLocation(path: "t"))
            let text = RecordWriter.text(kind: .page, base: nil, isJSON: false, changes: [("title", node)], body: "")
            let again = try RecordSource.parse(Data(text.utf8), kind: .page, isJSON: false, path: "t.md").get()
            #expect(again.entry("title")?.value.scalarText == value, "\(value) → \(text)")
            if case .scalar(_, let kind)? = again.entry("title")?.value.value { #expect(kind == .string, "\(value)") }
        }
    }

    @Test func aCommentAfterAChangedOrRemovedKeyStaysForTheKeyItIsAbout() throws {
        let text = "---\ntitle: Old\nprice: 24.00\n# the unit for the price\npriceUnit: ea\n---\n"
        let source = try RecordSource.parse(Data(text.utf8), kind: .product, isJSON: false, path: "p.md").get()
        let price = RawNode(.scalar("26.50", .float), at: SourceLocation(path: "p"))
        let changed = RecordWriter.text(kind: .product, base: source, isJSON: false, changes: [("price", price)], body: "")
        #expect(changed == "---\ntitle: Old\nprice: 26.50\n# the unit for the price\npriceUnit: ea\n---\n")
        let removed = RecordWriter.text(kind: .product, base: source, isJSON: false, changes: [("price", nil)], body: "")
        #expect(removed == "---\ntitle: Old\n# the unit for the price\npriceUnit: ea\n---\n")
    }

    @Test func aRemovedKeyLosesItsLinesAndANewKeyFollowsTheLast() throws {
        let text = "---\ntitle: Old\n# about the parent\nparent: skincare\n---\n\nBody.\n"
        let source = try RecordSource.parse(Data(text.utf8), kind: .category, isJSON: false, path: "c.md").get()
        let image = RawNode(.scalar("images/x.png", .string), at: SourceLocation(path: "c"))
        let written = RecordWriter.text(
            kind: .category, base: source, isJSON: false, changes: [("parent", nil), ("image", image)], body: source.body)
        #expect(written == "---\ntitle: Old\n# about the parent\nimage: images/x.png\n---\n\nBody.\n")
    }
}
