@testable import SiteRenderer
import Testing

@Suite struct PageContextTests {
    /// The byte path must cut exactly where the character path cuts, on any ASCII text.
    @Test func clippingASCIIByBytesMatchesClippingByCharacters() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghij   \n\n\u{0B}\u{0C}.,")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...80, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let limit = Int.random(in: 1...40, using: &generator)
            let bytes = try #require(PageContext.clipASCII(text, to: limit))
            #expect(bytes == PageContext.clipCharacters(text, to: limit), "\(text.debugDescription) at \(limit)")
        }
    }

    @Test func clippingLeavesNonASCIIAndCarriageReturnsToTheCharacterPath() {
        #expect(PageContext.clipASCII("Crème de nuit\nfor dry skin", to: 10) == nil)
        #expect(PageContext.clipASCII("line one\r\nline two", to: 10) == nil)
        #expect(PageContext.clip("Crème de nuit\nfor dry skin", to: 13) == "Crème de nuit")
        #expect(PageContext.clip("Crème de nuit\nfor dry skin", to: 12) == "Crème de…")
        #expect(PageContext.clip("one\r\ntwo", to: 20) == "one two")
    }

    /// Every page of a depth gets the first value made for a position: a product card's kept
    /// partials serve all of them only if it is one card.
    @Test func aPositionTableKeepsTheFirstValueMadeForEachPosition() {
        let table = PositionTable<String>(count: 3)
        var made = 0
        #expect(table.value(at: 1) { made += 1; return "first" } == "first")
        #expect(table.value(at: 1) { made += 1; return "second" } == "first")
        #expect(table.value(at: 2) { made += 1; return "other" } == "other")
        #expect(made == 2)
    }

    /// Every product page of a brand or category gets the first trail made for it.
    @Test func aKeyedTableKeepsTheFirstValueMadeForEachKey() {
        let table = KeyedTable<String, String>()
        var made = 0
        #expect(table.value(for: "acme") { made += 1; return "first" } == "first")
        #expect(table.value(for: "acme") { made += 1; return "second" } == "first")
        #expect(table.value(for: "zest") { made += 1; return "other" } == "other")
        #expect(made == 2)
    }
}
