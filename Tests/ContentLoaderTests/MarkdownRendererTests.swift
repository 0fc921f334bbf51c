import CatalogModel
@testable import ContentLoader
import Testing

@Suite struct MarkdownRendererTests {
    @Test func rendersGitHubFlavoredExtensions() {
        let html = MarkdownRenderer.render(
            """
            | Size | Price |
            | --- | --- |
            | 30 ml | $20 |

            ~~old~~ new, see https://example.com

            - [x] done
            - [ ] todo
            """
        ).html
        #expect(html.contains("<table>"))
        #expect(html.contains("<td>30 ml</td>"))
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains(#"<a href="https://example.com">https://example.com</a>"#))
        #expect(html.contains(#"<input type="checkbox" checked="" disabled="" aria-label="done" />"#), "a task box is labelled by its text")
    }

    @Test func byteSearchFindsTheNeedleAnywhereAndOnlyWhole() {
        let cases: [(String, Bool)] = [
            ("<input type=\"checkbox\" />", true),
            ("text <input type=\"checkbox\"", true),
            ("<<input <input type=\"checkbox\" x", true),
            ("é <input type=\"checkbox\" ü", true),
            ("<input type=\"checkbo", false),
            ("<input type=\"text\"> <input", false),
            ("", false),
        ]
        for (text, expected) in cases {
            var text = text
            #expect(MarkdownRenderer.bytes(of: &text, hold: "<input type=\"checkbox\"") == expected, "\(text)")
        }
    }

    @Test func omitsRawHTML() {
        let html = MarkdownRenderer.render("Hi <script>alert(1)</script>\n\n<div onclick=x>block</div>").html
        #expect(!html.contains("<script"))
        #expect(!html.contains("<div"))
        #expect(html.contains("raw HTML omitted"))
    }

    @Test func headingsGetStableUniqueIDs() {
        let html = MarkdownRenderer.render("## How to use\n\ntext\n\n## How to use\n\n### Crème & Co\n").html
        #expect(html.contains(#"<h2 id="how-to-use">How to use</h2>"#))
        #expect(html.contains(#"<h2 id="how-to-use-1">How to use</h2>"#))
        #expect(html.contains(#"<h3 id="creme-co">Crème &amp; Co</h3>"#))
    }

    @Test func headingIDsGoOnEveryLevelAndNotOnHeadingTextInCode() {
        let source = "# One\n\n`<h2>` and <h3> in text\n\n    <h4>code</h4>\n\n###### Six\n\n<hr>\n\n## Two\n"
        let html = MarkdownRenderer.render(source).html
        #expect(html.contains(#"<h1 id="one">One</h1>"#))
        #expect(html.contains(#"<h6 id="six">Six</h6>"#))
        #expect(html.contains(#"<h2 id="two">Two</h2>"#))
        #expect(html.contains("<code>&lt;h2&gt;</code>"))
        #expect(html.contains("&lt;h4&gt;code&lt;/h4&gt;"))
        #expect(html.split(separator: " id=").count == 4)
    }

    /// The ids go in without disturbing a byte around them, at the first and the last byte too.
    @Test func headingIDsLeaveTheRestOfTheHTMLAsItWas() {
        #expect(MarkdownRenderer.render("# A\n\ntext <b>\n\n## B").html == "<h1 id=\"a\">A</h1>\n<p>text <!-- raw HTML omitted --></p>\n<h2 id=\"b\">B</h2>\n")
        #expect(MarkdownRenderer.render("text").html == "<p>text</p>\n")
    }

    /// The ids come from the headings' texts gathered in the walk that writes the plain text; they
    /// must be the texts a walk of each heading alone gives, wherever the heading stands.
    @Test(arguments: [
        "## How to use\n\ntext\n\n## How to use\n",
        "# *Soft* and **strong** `code`\n\n## [A link](https://example.com) ![alt](x.png)\n",
        "Two lines\nof setext\n===\n\nand a hard\\\nbreak\n---\n",
        "> ## Quoted\n\n- ### In a list\n\n  text\n\n1. #### Numbered\n",
        "#   Spaced   out   #\n\n## Tab\there\n\n##\n",
        "## Héllo wörld — ünïcode\n\n## <b>raw</b> html\n",
    ])
    func headingTextsFromTheOneWalkAreThoseOfEachHeadingWalkedAlone(_ source: String) throws {
        let (walked, alone) = MarkdownRenderer.bothHeadingTexts(source)
        #expect(!alone.isEmpty)
        #expect(try #require(walked) == alone)
    }

    /// A document the walk cannot write (a table) still gets its headings' ids, each heading walked alone.
    @Test func headingIDsInADocumentWithATable() {
        let source = "## Sizes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Sizes\n"
        #expect(MarkdownRenderer.bothHeadingTexts(source).walked == nil)
        let html = MarkdownRenderer.render(source).html
        #expect(html.contains(#"<h2 id="sizes">Sizes</h2>"#))
        #expect(html.contains(#"<h2 id="sizes-1">Sizes</h2>"#))
    }

    @Test func plainTextKeepsOneLinePerParagraphWithSingleSpaces() {
        #expect(MarkdownRenderer.render("First  line\twith\ttabs \n\n\n\nSecond\n\n- item\n").plainText == "First line with tabs\nSecond\n- item")
        #expect(MarkdownRenderer.render("   \n").plainText == "")
    }

    @Test func plainTextHasNoMarkup() {
        let text = MarkdownRenderer.render("A **bold**\nline and `code`.\n\n## Use\n").plainText
        #expect(text == "A bold line and code.\nUse")
    }
}
