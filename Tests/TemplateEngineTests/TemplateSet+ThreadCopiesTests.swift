import Dispatch
import Foundation
@testable import TemplateEngine
import Testing

/// Each thread renders from its own parse of a set; what it renders does not change.
@Suite struct TemplateSetThreadCopiesTests {
    static func set(_ tag: String) throws -> TemplateSet {
        TemplateSet([
            try Template(name: "page", text: "{{<layout}}{{$main}}{{#items}}{{#first()}}<b>{{/first()}}{{>card}}{{/items}}{{/main}}{{/layout}}"),
            try Template(name: "layout", text: "<main>{{$main}}{{/main}}</main>\n"),
            try Template(name: "card", text: "<li>\(tag) {{name}}</li>"),
        ])
    }

    static func context() -> [String: Any] { ["items": (0..<50).map { ["name": "item \($0) <&>"] as [String: Any] }] }

    @Test func everyThreadRendersTheSameBytes() throws {
        let set = try Self.set("a")
        let expected = set.render("page", Self.context())
        #expect(expected.hasPrefix("<main><b><li>a item 0 &lt;&amp;&gt;</li><li>a item 1"))
        let results = Results(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            results.store(set.render("page", Self.context()), at: index)
        }
        #expect(results.all.allSatisfy { $0 == expected })
    }

    /// A thread keeps one copy per set, made once, and only the few sets it used last.
    @Test func aThreadKeepsOneCopyOfEachRecentSet() throws {
        let sets = try (0..<6).map { try Self.set("set \($0)") }
        let seen = Results(count: 8)
        let done = DispatchSemaphore(value: 0)
        // A thread of its own, so that no other test's sets are among its copies.
        let thread = Thread {
            let first = sets[0].forThisThread
            seen.store(String(first.identity === sets[0].identity), at: 0)
            seen.store(String(ThreadCopies.current.sets.count), at: 1)
            seen.store(String(sets[0].forThisThread.templates["card"]!.nodes.count == first.templates["card"]!.nodes.count), at: 2)
            seen.store(sets.map { $0.render("page", ["items": [["name": "x"]]]) }.joined(separator: "|"), at: 3)
            seen.store(String(ThreadCopies.current.sets.count), at: 4)
            seen.store(ThreadCopies.current.sets.map { String($0.identity === sets[5].identity) }.joined(separator: ","), at: 5)
            done.signal()
        }
        thread.start()
        done.wait()
        let values = seen.all
        #expect(values[0] == "true")
        #expect(values[1] == "1")
        #expect(values[2] == "true")
        #expect(values[3] == (0..<6).map { "<main><b><li>set \($0) x</li></main>\n" }.joined(separator: "|"))
        #expect(values[4] == String(ThreadCopies.limit))
        #expect(values[5] == "true,false,false,false")
    }
}

/// Results written by concurrent iterations, each to its own slot.
private final class Results: @unchecked Sendable {
    private var values: [String]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: "", count: count) }

    func store(_ value: String, at index: Int) {
        lock.withLock { values[index] = value }
    }

    var all: [String] { lock.withLock { values } }
}
