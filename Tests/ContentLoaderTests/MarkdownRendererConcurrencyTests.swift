import CatalogModel
import Foundation
import ContentLoader
import Parallel
import Testing

@Suite struct MarkdownRendererConcurrencyTests {
    @Test("strikethrough renders the same on every thread")
    func strikethroughInParallel() {
        // cmark-gfm keeps the inline parser's special characters (`~` among them) in one global
        // table that each document's inline pass adds to and removes from.
        // Long documents with a strikethrough in every paragraph, among short ones whose inline
        // passes end while the long ones are still being read.
        let paragraph = String(repeating: "Some words to read past, then ", count: 20) + "~~gone~~ and *kept*.\n\n"
        let long = String(repeating: paragraph, count: 40)
        let sources = (0..<800).map { i in i % 4 == 0 ? long + "\(i)" : "short \(i)" }
        let rendered = ParallelMap.map(sources) { MarkdownRenderer.render($0).html }
        let struck = rendered.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        let complete = struck.filter { $0.components(separatedBy: "<del>gone</del> and <em>kept</em>").count == 41 }
        #expect(complete.count == struck.count)
    }
}
