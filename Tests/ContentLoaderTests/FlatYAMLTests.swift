import CatalogModel
@testable import ContentLoader
import Foundation
import Testing
import VitrineTestSupport

/// The flat front-matter reader against libyaml: wherever it accepts a text, it must give the
/// nodes Yams gives (keys, values, kinds, lines and columns); everything else it must leave to Yams.
@Suite struct FlatYAMLTests {
    static func describe(_ node: RawNode?) -> String {
        guard let node else { return "nil" }
        let at = "@\(node.location.line):\(node.location.column)"
        switch node.value {
        case .scalar(let text, let kind): return "\(kind)(\(text))\(at)"
        case .list(let items): return "[\(items.map(describe).joined(separator: ", "))]\(at)"
        case .map(let entries):
            let members = entries.map { "\($0.key)@\($0.keyLocation.line):\($0.keyLocation.column)=\(describe($0.value))" }
            return "{\(members.joined(separator: ", "))}\(at)"
        }
    }

    static let flat = [
        "sku: SKU-000000\nname: \"Advanced Night Repair Serum\"\nbrand: estee-lauder\nprice: 199.43\npriceUnit: \"ml\"\ndate: 2026-02-24\n",
        "price: 12\nstock: 0\ncount: -5\nratio: +1.5\nflag: true\nother: yes\nnone: null\ntime: 12:30\nweird: 0x1F\noctal: 017\n",
        "title: Crème brûlée – 日本語\nurl: https://example.com/a?b=c\nnote: \"it's, fine: really\"\n\nlast: a, b\n",
        "date: 2026-13-45\nversion: 1.2.3\nstamp: 2026-02-24T10:00:00Z\n",
    ]

    static let notFlat = [
        "tags:\n  - a\n  - b\n", "tags: [a, b]\n", "name: 'quoted'\n", "name: \"esc\\\"aped\"\n", "a: b # comment\n",
        "# comment\na: b\n", "a: b: c\n", "  a: b\n", "a:\n", "a: ~\n", "a: &x 1\n", "a: |\n  text\n", "price-unit: ml\n",
        "a: b \n", "a:\tb\n", "a: 1\nb: 2\na: 3\n", "a: -\n", "---\na: b\n", "a: \"x\" y\n", "a: b\u{2028}c: d\n",
    ]

    @Test(arguments: flat)
    func flatFrontMatterReadsAsYamsReadsIt(_ text: String) throws {
        let fast = try #require(FlatYAML.parse(text, path: "p.md", lineOffset: 1))
        let yams = try StructuredText.parseWithYams(text, path: "p.md", firstLine: 2).get()
        #expect(Self.describe(fast) == Self.describe(yams))
    }

    @Test(arguments: notFlat)
    func anythingElseIsLeftToYams(_ text: String) {
        #expect(FlatYAML.parse(text, path: "p.md", lineOffset: 0) == nil)
    }

    /// Every front matter of the sample shop, whichever reader takes it.
    @Test func theSampleShopReadsTheSameEitherWay() throws {
        let folder = ShopFixture.repositoryRoot.appendingPathComponent("Content")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") }
        #expect(files.count > 10)
        var flatCount = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let parts = text.components(separatedBy: "---\n")
            guard parts.count >= 3, parts[0].isEmpty else { continue }
            let frontMatter = parts[1]
            let viaParse = try StructuredText.parseYAML(frontMatter, path: file, firstLine: 2).get()
            let viaYams = try StructuredText.parseWithYams(frontMatter, path: file, firstLine: 2).get()
            #expect(Self.describe(viaParse) == Self.describe(viaYams), "\(file)")
            if FlatYAML.parse(frontMatter, path: file, lineOffset: 1) != nil { flatCount += 1 }
        }
        #expect(flatCount > 0)
    }

    @Test func datesAreStringsWithoutTheRules() {
        for text in ["2026-02-24", "1999-12-31"] {
            #expect(StructuredText.isDate(text))
            #expect(StructuredText.resolvedKind(text) == .string)
        }
        for text in ["2026-2-24", "20260224", "2026-02-2x", "-2026-02-24"] { #expect(!StructuredText.isDate(text)) }
    }
}
