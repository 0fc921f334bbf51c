import CatalogModel
import ContentLoader
import Dispatch
import Foundation
import Testing

@Suite struct MarkdownConcurrencyTests {
    /// cmark-gfm's extensions switch characters on and off in tables shared by every parser while
    /// a document's inlines are parsed; documents rendered side by side must still all come out
    /// the same (a lost autolink here once made two builds of one shop differ).
    @Test func documentsRenderedInParallelComeOutTheSame() {
        let source = """
            Read the guide at https://example.com/guide and ~~old~~ **new** notes, www.example.org too.

            | a | b |
            |---|---|
            | 1 | 2 |
            """
        let expected = MarkdownRenderer.render(source).html
        #expect(expected.contains("<a href=\"https://example.com/guide\">"))
        #expect(expected.contains("<del>old</del>"))
        let results = ResultList()
        DispatchQueue.concurrentPerform(iterations: 4000) { index in
            // Documents of different shapes, so parsers start and finish at different moments.
            let other = String(repeating: "word *emphasis* ", count: index % 7) + "\n\n" + source
            results.add(MarkdownRenderer.render(source).html == expected
                && MarkdownRenderer.render(other).html.contains("<a href=\"https://example.com/guide\">"))
        }
        #expect(results.failures == 0)
    }
}

private final class ResultList: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var failures = 0

    func add(_ ok: Bool) {
        lock.lock()
        if !ok { failures += 1 }
        lock.unlock()
    }
}
