import Importer
import Testing

/// Review text as a reader saw it: HTML's paragraphs, breaks and lists kept as lines, scripts and
/// tags gone, references decoded; text that only looks a little like HTML left as typed.
@Suite struct HTMLToTextTests {
    @Test func paragraphsBreaksAndListsBecomeLines() {
        #expect(HTMLToText.convert("<p>First,\n  one.</p><p>Second<br/>line</p><ul><li>A</li><li><b>B</b></li></ul>")
            == "First, one.\n\nSecond\nline\n\n- A\n- B")
    }

    @Test func scriptsStylesAndTagsAreDropped() {
        #expect(HTMLToText.convert(#"Nice<script>alert("x")</script><style>p{}</style> <a href="https://x.example">cream</a>!"#)
            == "Nice cream!")
    }

    @Test func plainTextKeepsItsLineBreaksAndDecodesReferences() {
        #expect(HTMLToText.convert("Salt &amp; pepper &#8211; caf&eacute; &#x1F600;\r\n\r\n\r\nI <3 it, a < b") == "Salt & pepper – café 😀\n\nI <3 it, a < b")
        #expect(HTMLToText.convert("AT&T; R&D &unknown; &") == "AT&T; R&D &unknown; &")
    }

    @Test func aLineIsOneLine() {
        #expect(HTMLToText.line("  <b>Great</b>\n\n stuff\t ") == "Great stuff")
    }

    @Test func controlCharactersAndNoBreakSpacesAreTidied() {
        #expect(HTMLToText.convert("a\u{0007}b\u{00A0}c\u{FEFF}") == "ab c")
    }
}
