import CatalogModel
import Testing

/// The object writer must give exactly the bytes of the `JSONValue` tree it stands in for.
@Suite struct JSONObjectWriterTests {
    @Test func writesTheBytesOfTheSameObjectAsATree() {
        var writer = JSONObjectWriter(capacity: 16)
        writer.string("@type", "Product")
        writer.strings("a", ["x", "quote \" and \\ and \n", "é 👍🏽 </script>"])
        writer.value("b", ["nested": true, "list": [1, 2], "null": .null])
        writer.values("c", [.string("one"), .int(2)])
        writer.strings("d", [])
        writer.string("e", "")
        let tree: JSONValue = [
            "@type": "Product", "a": ["x", "quote \" and \\ and \n", "é 👍🏽 </script>"],
            "b": ["nested": true, "list": [1, 2], "null": .null], "c": ["one", 2], "d": [], "e": "",
        ]
        #expect(writer.finish() == tree.encodedBytes())
    }

    @Test func leavesOutMissingMembers() {
        var writer = JSONObjectWriter()
        writer.string("a", nil)
        writer.strings("b", nil)
        writer.value("c", nil)
        writer.values("d", nil)
        writer.string("e", "kept")
        #expect(String(decoding: writer.finish(), as: UTF8.self) == #"{"e":"kept"}"#)
        #expect(JSONObjectWriter().finish() == Array("{}".utf8))
    }
}
