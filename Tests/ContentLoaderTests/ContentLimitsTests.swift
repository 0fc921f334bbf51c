import CatalogModel
@testable import ContentLoader
import Foundation
import Testing

/// What one file may make the build do. Each input here used to hang the build or exhaust its
/// memory or stack; now each is refused with a diagnostic at the place that broke the bound.
@Suite struct ContentLimitsTests {
    /// "Billion laughs": nine lines that expand to 10⁹ values once aliases are walked.
    static let billionLaughs: String = {
        var lines = ["---", "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...8 {
            let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(aliases)]")
        }
        return (lines + ["sku: L-1", "name: Laughs", "brand: origins", "price: 1.00", "---", ""]).joined(separator: "\n")
    }()

    /// Refused at the alias that crossed the allowance: a1's ten aliases repeat 110 values, a2's
    /// repeat 111 each, so the allowance of 1,000 runs out at a2's ninth alias (column 50).
    @Test func billionLaughsIsRefusedAtTheAlias() throws {
        let result = try load(["products/laughs.md": Self.billionLaughs])
        expectDiagnostic(result, at: "Content/products/laughs.md:4:50", "alias *a1 repeats 111 values, more than the 1,000")
        #expect(result.catalog == nil)
    }

    @Test func aliasesWithinTheAllowanceStillWork() throws {
        let text = product(validProductLines + ["origin: &place France", "madeIn: *place"])
        let result = try load(["products/alias.md": text])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning }, "\(result.diagnostics)")
        #expect(result.catalog?.productBySKU["T-1"]?.extra["madeIn"] == .string("France"))
    }

    @Test func aKeyThatIsAnAliasOrAListIsRefused() throws {
        let result = try load(["products/key.md": product(validProductLines + ["x: &k a", "*k : 1"])])
        expectDiagnostic(result, at: "Content/products/key.md:7:1", "a key must be text")
        let list = try load(["products/key.md": product(validProductLines + ["? [a, b]", ": 1"])])
        expectDiagnostic(list, at: "Content/products/key.md:6:3", "a key must be text")
    }

    /// The front matter's own map is the first level, so the 64th `[` is one too many.
    @Test func deepYAMLNestingIsRefusedWhereItBreaksTheBound() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let result = try load(["products/deep.md": product(validProductLines + ["extra: " + deep])])
        expectDiagnostic(result, at: "Content/products/deep.md:6:71", "nested more than 64 deep; write flatter data")
        let block = (0..<70).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let blockResult = try load(["products/deep.md": product(validProductLines + [block + " end"])])
        expectDiagnostic(blockResult, at: "Content/products/deep.md:70:65", "nested more than 64 deep")
        // libyaml's scanner stops far deeper flow nesting before any value is built.
        let deeper = String(repeating: "[", count: 100_000)
        let refused = try load(["products/deep.md": product(validProductLines + ["extra: " + deeper])])
        expectDiagnostic(refused, at: "Content/products/deep.md:6:9", "nesting level")
    }

    @Test func deepJSONNestingIsRefusedWithAPosition() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let text = "{\"sku\": \"J\", \"name\": \"J\", \"brand\": \"origins\", \"price\": 1,\n\"x\": \(deep)}"
        let result = try load(["products/deep.json": text])
        expectDiagnostic(result, at: "Content/products/deep.json:2:69", "nested more than 64 deep")
        let deeper = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let refused = try load(["products/deep.json": "{\"x\": \(deeper)}"])
        #expect(refused.diagnostics.contains { $0.location.path == "Content/products/deep.json" && $0.severity == .error })
    }

    @Test func aFileAboveTheSizeLimitIsRefusedBeforeParsing() throws {
        let filler = String(repeating: "word ", count: ContentLimits.fileBytes / 5 + 1)
        let result = try load(["products/huge.md": product(validProductLines, body: filler)])
        expectDiagnostic(result, at: "Content/products/huge.md:1:1", "more than the 4,194,304 a content file may have")
        let site = try load(["site.json": "{\"title\": \"\(filler)\"}"])
        expectDiagnostic(site, at: "Content/site.json:1:1", "more than the 4,194,304 a content file may have")
    }

    @Test func tooManyTagsAreRefusedAtTheFirstOneOver() throws {
        let tags = (1...70).map { "t\($0)" }.joined(separator: ", ")
        let result = try load(["products/tags.md": product(validProductLines + ["tags: [\(tags)]"])])
        expectDiagnostic(result, at: "Content/products/tags.md:6:\(8 + (1...64).map { "t\($0), ".count }.reduce(0, +))",
            "tags: 70 items, more than the 64 a record may list; write at most 64")
    }

    @Test func deeplyNestedMarkdownIsRefusedAtItsLine() throws {
        let quotes = String(repeating: ">", count: 50_000) + " deep"
        let result = try load(["products/quote.md": product(validProductLines, body: "Intro.\n\n" + quotes)])
        expectDiagnostic(result, at: "Content/products/quote.md:9:33", "nested more than 32 quotes or lists deep")
        let lists = (0..<40).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")
        let listResult = try load(["products/list.md": product(validProductLines, body: lists)])
        expectDiagnostic(listResult, at: "Content/products/list.md:39:65", "nested more than 32")
    }

    @Test func hugeTablesAreRefused() throws {
        let wide = "|" + String(repeating: " a |", count: 100)
        let result = try load(["products/wide.md": product(validProductLines, body: wide)])
        expectDiagnostic(result, at: "Content/products/wide.md:7:261", "a table row of more than 64 cells")
        let row = "|" + String(repeating: " a |", count: 10)
        let long = ([row, "|" + String(repeating: "---|", count: 10)] + Array(repeating: row, count: 1_000)).joined(separator: "\n")
        let longResult = try load(["products/long.md": product(validProductLines, body: long)])
        expectDiagnostic(longResult, at: "Content/products/long.md:916:1", "tables of more than 10,000 cells")
    }

    @Test func markdownInAJSONStringIsBoundedToo() throws {
        let quotes = String(repeating: ">", count: 40)
        let text = "{\"sku\": \"J\", \"name\": \"J\", \"brand\": \"origins\", \"price\": 1,\n \"detail\": \"\(quotes)\"}"
        let result = try load(["products/quote.json": text])
        expectDiagnostic(result, at: "Content/products/quote.json:2:12", "detail: Markdown nested more than 32")
    }

    /// Ordinary Markdown with tables, quotes and lists is untouched by the bounds.
    @Test func ordinaryMarkdownPasses() {
        let body = "> quote\n> > nested\n\n- a\n  - b\n    1. c\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n`a \\| b`\n"
        #expect(MarkdownBounds.check(body) == nil)
    }
}

@Suite struct YAMLBoundsTests {
    /// Nothing to bound in an empty front matter, and libyaml is never handed an empty buffer.
    @Test func emptyAndOrdinaryYAMLPass() {
        #expect(YAMLBounds.check("", path: "a.md", lineOffset: 1) == nil)
        #expect(YAMLBounds.check("a: &x [1, 2]\nb: *x\nc: {d: [e]}\n", path: "a.md", lineOffset: 1) == nil)
    }

    /// Broken YAML is left to Yams, which says what is wrong in its words.
    @Test func syntaxErrorsAreLeftToTheParser() {
        #expect(YAMLBounds.check("a: [1, 2\n", path: "a.md", lineOffset: 1) == nil)
    }
}
