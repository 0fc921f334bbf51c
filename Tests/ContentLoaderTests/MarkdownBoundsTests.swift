import Testing

@testable import ContentLoader

/// Where the check points: the line and the column in characters of the byte that broke a bound.
@Suite struct MarkdownBoundsTests {
    static let columns = ContentLimits.markdownTableColumns

    @Test func aWideRowIsReportedAtTheFirstPipeTooManyCountedInCharacters() {
        let row = "é|" + String(repeating: "ü|", count: Self.columns + 1)
        let problem = MarkdownBounds.check("intro\n\n" + row + "\n")
        // Pipe n + 2 is the first too many, and every pipe follows one letter.
        #expect(problem?.line == 3)
        #expect(problem?.column == 2 * (Self.columns + 2))
    }

    @Test func escapedPipesAndPipesOnOtherLinesAreNotCounted() {
        let escaped = String(repeating: "a\\|", count: Self.columns * 2)
        let split = String(repeating: "a|b|\n", count: Self.columns)
        #expect(MarkdownBounds.check(escaped) == nil)
        #expect(MarkdownBounds.check(split) == nil)
        #expect(MarkdownBounds.check("|" + escaped + "|") == nil)
    }

    @Test func deepNestingIsReportedAtTheMarkerThatGoesTooDeep() {
        let depth = ContentLimits.markdownNesting
        let quote = "text\n" + String(repeating: ">", count: depth + 1) + " deep"
        let problem = MarkdownBounds.check(quote)
        #expect(problem?.line == 2)
        #expect(problem?.column == depth + 1)
        #expect(MarkdownBounds.check(String(repeating: ">", count: depth) + " just deep enough") == nil)
    }
}
