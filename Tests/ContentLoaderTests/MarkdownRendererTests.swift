import CatalogModel
import ContentLoader
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
        #expect(html.contains(#"<input type="checkbox" checked="" disabled="" />"#))
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

    @Test func plainTextHasNoMarkup() {
        let text = MarkdownRenderer.render("A **bold**\nline and `code`.\n\n## Use\n").plainText
        #expect(text == "A bold line and code.\nUse")
    }
}
