import CatalogModel
import Foundation
@testable import ContentLoader
import Parallel
import Testing

/// Documents that cannot start a strikethrough or an autolink are parsed without those
/// extensions, and outside the lock their inline pass otherwise needs.
@Suite struct MarkdownRendererInlineExtensionTests {
    @Test("what strikethrough and autolinks start from sends a document through the extensions")
    func triggersAreFound() {
        let needing = [
            "~~old~~ new", "a ~ b", "see https://example.com", "ftp://files.example.com/a", "visit www.example.com",
            "visit WWW.example.com", "write to shop@example.com", "ends with www.", "ends with ://",
        ]
        for text in needing { #expect(MarkdownRenderer.mayUseInlineExtensions(text), "\(text)") }
        let plain = [
            "", "**Key ingredients:** shea, aloe", "10:30 to 18:00", "www", "wwwx", "ww.", "a: //", "1. step\n2. step",
            "| a | b |\n| - | - |\n| 1 | 2 |", "- [x] done", "café – crème", "ends with :/", "ends with ww",
        ]
        for text in plain { #expect(!MarkdownRenderer.mayUseInlineExtensions(text), "\(text)") }
    }

    @Test("a document without triggers renders the same bytes with and without the inline extensions")
    func plainDocumentsRenderAlike() {
        let documents = [
            "Cream repair *gentle* and __rich__ finish.\n\n**Key ingredients:** shea, aloe\n\n## How to use\n\n1. Apply.\n2. Rinse.",
            "| Size | Price |\n| --- | ---: |\n| 30 ml | $20 |\n| 50 ml | $30 |",
            "- [x] done\n- [ ] todo\n\n> quoted *words*: here\n\n`code: x` and\n\n```swift\nlet x = 1\n```",
            "Line with two spaces  \nnext line. A [link](https://example.com) holds `://`: this one takes the extensions.",
            "Words wrapping where, why and what were written: whatever. Www dot not quite.\n\n### Heading: with colon\n\nText_with_underscores and *emph*asis.",
            "Entities &amp; &copy; \\*escaped\\* and <span>raw html</span> omitted.\n\n---\n\n![picture](images/a.jpg \"title\")",
        ]
        for source in documents where !MarkdownRenderer.mayUseInlineExtensions(source) {
            let with = MarkdownRenderer.render(source, inlineExtensions: true)
            let without = MarkdownRenderer.render(source, inlineExtensions: false)
            #expect(with.html == without.html, "\(source)")
            #expect(with.plainText == without.plainText, "\(source)")
        }
        #expect(documents.filter { !MarkdownRenderer.mayUseInlineExtensions($0) }.count == documents.count - 1)
    }

    @Test("autolinks and strikethrough render right among plain documents on every thread")
    func mixedDocumentsInParallel() {
        // Plain documents finish outside the lock while documents with links and strikethrough
        // are inside it: every rendering must equal the one made alone, before.
        let plain = String(repeating: "Some words: to read past, then more words. ", count: 30) + "\n\n*kept*\n\n"
        let linked = String(repeating: "Go to https://example.com or www.example.org, ~~gone~~ now, mail shop@example.com.\n\n", count: 20)
        let sources = (0..<900).map { i in i % 3 == 0 ? linked + "\(i)" : plain + "\(i)" }
        let alone = sources.map { MarkdownRenderer.render($0).html }
        let together = ParallelMap.map(sources) { MarkdownRenderer.render($0).html }
        #expect(alone == together)
        let first = alone[0]
        #expect(first.components(separatedBy: "<del>gone</del>").count == 21)
        #expect(first.components(separatedBy: #"<a href="https://example.com">"#).count == 21)
        #expect(first.components(separatedBy: #"<a href="http://www.example.org">"#).count == 21)
        #expect(first.components(separatedBy: #"<a href="mailto:shop@example.com">"#).count == 21)
    }
}
