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

    /// The scalar path must cut exactly where the character path cuts, on text in the scripts
    /// it takes, and leave any other text to the character path.
    @Test func clippingByScalarsMatchesClippingByCharacters() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab 가힣 \n\n\u{0B}\u{0C}の日セー。、漢字ر٣ة .,")
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...80, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let limit = Int.random(in: 1...40, using: &generator)
            let scalars = try #require(PageContext.clipScalars(text, to: limit))
            #expect(scalars == PageContext.clipCharacters(text, to: limit), "\(text.debugDescription) at \(limit)")
        }
        // A mark, a joiner, a carriage return or jamo within reach of the cut: the character path.
        for text in ["가나다라마\u{64E}", "가나다라마\r\n", "가나다라마\u{200D}", "가나다라마\u{11A8}", "가나다라마😀"] {
            #expect(PageContext.clipScalars(text, to: 4) == nil, "\(text.debugDescription)")
            #expect(PageContext.clip(text, to: 4) == PageContext.clipCharacters(text, to: 4))
        }
        // Beyond the scalar after the cut, anything may follow.
        #expect(PageContext.clipScalars("가나다라마바\u{64E}", to: 4) == "가나다라…")
    }

    /// Each scalar the scalar path takes is a character of its own beside any other it takes.
    @Test func scalarsTheScalarPathTakesAreCharactersOfTheirOwn() {
        var checked = 0
        for value in UInt32(0)...0xFFFF where PageContext.isSingleCharacter(value) {
            let scalar = String(Unicode.Scalar(value)!)
            let text = "a" + scalar + "가" + scalar + scalar + "\n" + scalar + "ر" + scalar + "の" + scalar
            #expect(text.count == text.unicodeScalars.count, "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 30_000)
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
