import CatalogModel
@testable import ContentLoader
import Testing
import VitrineTestSupport

@Suite struct StructuredTextTests {
    func kinds(_ yaml: String) throws -> [String: RawNode.ScalarKind] {
        let node = try #require(try StructuredText.parseYAML(yaml, path: "t.md", firstLine: 1).get())
        guard case .map(let entries) = node.value else { Issue.record("not a map"); return [:] }
        var kinds: [String: RawNode.ScalarKind] = [:]
        for entry in entries {
            if case .scalar(_, let kind) = entry.value.value { kinds[entry.key] = kind }
        }
        return kinds
    }

    /// Plain scalars get YAML 1.1's types; quoted ones and explicitly tagged ones keep theirs.
    @Test func scalarsGetTheTypesOfTheDefaultYAMLSchema() throws {
        let found = try kinds("""
            a: 12
            b: -0x1F
            c: 12.50
            d: .5
            e: -.inf
            f: yes
            g: Off
            h: ~
            i: null
            j:
            k: "12"
            l: '12.50'
            m: 2026-12-01
            n: Night Repair
            o: no way
            p: 1_000
            q: !!str 12
            r: !!int "7"
            s: 12 ml
            t: +1
            """)
        let expected: [String: RawNode.ScalarKind] = [
            "a": .integer, "b": .integer, "c": .float, "d": .float, "e": .float, "f": .boolean, "g": .boolean,
            "h": .null, "i": .null, "j": .null, "k": .string, "l": .string, "m": .string, "n": .string, "o": .string,
            "p": .integer, "q": .string, "r": .integer, "s": .string, "t": .integer,
        ]
        #expect(found == expected)
    }

    /// The shortcut for digits and a point must agree with the YAML 1.1 rules wherever it answers.
    @Test func digitsAndPointsGetTheKindTheRulesGive() {
        var texts = [""]
        for _ in 1...5 { texts = texts.flatMap { text in ["0", "1", "5", "9", "."].map { text + $0 } } + texts }
        var answered = 0
        for text in Set(texts) where !text.isEmpty {
            guard let fast = StructuredText.decimalKind(text) else { continue }
            answered += 1
            #expect(fast == StructuredText.resolvedKind(text), "\(text)")
        }
        #expect(answered > 1000)
        #expect(StructuredText.decimalKind("12.50") == .float)
        #expect(StructuredText.decimalKind("24") == .integer)
        #expect(StructuredText.decimalKind("0123") == nil)
    }
}

@Suite struct FileReadingTests {
    /// Editors on Windows save UTF-8 with a byte order mark; the front matter must still be found.
    @Test func aByteOrderMarkBeforeTheFrontMatterIsIgnored() throws {
        let result = try load(["products/toner.md": "\u{FEFF}" + product(validProductLines)])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        #expect(result.catalog?.productBySlug[Slug("toner")!]?.name == "Toner")
    }

    @Test func extensionsSplitAtTheLastDotAndNotAtALeadingOne() {
        #expect(ContentLoader.splitExtension("night-serum.md") == ("night-serum", "md"))
        #expect(ContentLoader.splitExtension("a.b.json") == ("a.b", "json"))
        #expect(ContentLoader.splitExtension("README") == ("README", ""))
        #expect(ContentLoader.splitExtension(".hidden") == (".hidden", ""))
        #expect(ContentLoader.lastComponent(of: "sub/dir/x.md") == "x.md")
        #expect(ContentLoader.lastComponent(of: "x.md") == "x.md")
    }

    /// ASCII names are split by byte, others by character: both ways give the same answers.
    @Test func namesBeyondASCIISplitLikeASCIIOnes() {
        #expect(ContentLoader.splitExtension("crème-de-jour.md") == ("crème-de-jour", "md"))
        #expect(ContentLoader.splitExtension("日本.json") == ("日本", "json"))
        #expect(ContentLoader.splitExtension("serum.é") == ("serum", "é"))
        #expect(ContentLoader.splitExtension(".é") == (".é", ""))
        #expect(ContentLoader.splitExtension("é") == ("é", ""))
    }

    /// Listed in sorted order whatever order the folder gives, nested files by their whole path,
    /// and hidden files left out.
    @Test func recordFilesAreListedSortedWithNestedOnesByTheirPath() throws {
        var changes: [String: String?] = [:]
        let names = ["zeta", "alpha", "mu", "beta", "omega", "kappa"]
        for name in names { changes["products/\(name).md"] = product(validProductLines) }
        changes["products/skin/eye-cream.md"] = product(validProductLines)
        changes["products/.draft.md"] = product(validProductLines)
        let fixture = try ShopFixture(changes: changes)
        defer { fixture.cleanUp() }
        let listed = ContentLoader(contentFolder: fixture.content).recordFiles(of: .product)
        #expect(listed == listed.sorted())
        for name in names { #expect(listed.contains("products/\(name).md")) }
        #expect(listed.contains("products/skin/eye-cream.md"))
        #expect(!listed.contains { $0.hasSuffix(".draft.md") })
    }
}
