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

    @Test func writesNestedObjectsAndScriptSafeTextAsTheTreeDoes() {
        let rows = [("a", 1), ("</script> & \u{2028}", 2), ("é", 3)]
        var writer = JSONObjectWriter(capacity: 4, scriptSafe: true)
        writer.string("@type", "List <b>")
        writer.objects("items", rows) { row, item in
            row.string("name", item.0)
            row.value("position", .int(item.1))
        }
        writer.objects("none", [Int]()) { _, _ in }
        writer.string("z", "&")
        let tree: JSONValue = [
            "@type": "List <b>", "items": .array(rows.map { ["name": .string($0.0), "position": .int($0.1)] }),
            "none": [], "z": "&",
        ]
        #expect(String(decoding: writer.finish(), as: UTF8.self) == tree.encoded(scriptSafe: true))
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

    /// Literal names are copied as they are; a name from content is escaped like any string.
    @Test func escapesMemberNamesThatComeFromContent() {
        var writer = JSONObjectWriter(scriptSafe: true)
        writer.string("a", "x")
        writer.value(named: "b\"</script>", .int(1))
        writer.value(named: "c", nil)
        writer.string("d", "y")
        let tree: JSONValue = ["a": "x", "b\"</script>": .int(1), "d": "y"]
        #expect(String(decoding: writer.finish(), as: UTF8.self) == tree.encoded(scriptSafe: true))
        #expect(tree.encoded(scriptSafe: true).contains(#""b\"\u003c/script\u003e":1"#))
    }
}
