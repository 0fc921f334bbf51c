import Orders
import Testing

@Suite struct ReviewTextTests {
    @Test func tagsGoAndTheirTextStays() {
        #expect(ReviewText.multiline("<script>alert(1)</script>Great <b>serum</b>!") == "alert(1)Great serum!")
        #expect(ReviewText.line("<img src=x onerror=alert(1)>Ada") == "Ada")
        #expect(ReviewText.multiline("<!-- hidden -->Fine") == "Fine")
    }

    @Test func nestedTagsCannotReassembleIntoOne() {
        #expect(ReviewText.stripTags("<scr<b>ipt>alert(1)</scr</b>ipt>") == "alert(1)")
        #expect(!ReviewText.stripTags("<<script>script>x<</script>/script>").contains("<script"))
    }

    @Test func aLoneAngleBracketIsText() {
        #expect(ReviewText.line("I <3 it, 5 > 4") == "I <3 it, 5 > 4")
        #expect(ReviewText.multiline("a < b") == "a < b")
    }

    @Test func controlCharactersAndBidiOverridesAreRemoved() {
        #expect(ReviewText.line("Ad\u{0}a\u{7}\u{202E} L.\u{1B}[31m") == "Ada L.[31m")
        #expect(ReviewText.line("two\nlines\r\n\tname") == "two lines name")
    }

    @Test func paragraphsKeepOneBlankLineBetweenThem() {
        #expect(ReviewText.multiline("  First.\r\n\r\n\r\n\r\nSecond\nline.  \n\n") == "First.\n\nSecond\nline.")
    }

    @Test func deepNestingIsLinear() {
        let hostile = String(repeating: "<", count: 30_000) + "x" + String(repeating: ">", count: 30_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(ReviewText.multiline(hostile) == "") }
        #expect(elapsed < .seconds(2))
    }
}
