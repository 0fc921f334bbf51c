import CatalogModel
import Foundation
import Testing

@Suite struct JSONValueTests {
    static func foundation<T: Encodable>(_ value: T, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func writesSortedCompactJSON() {
        let value: JSONValue = ["b": .int(1), "a": ["x", .bool(true), .null], "c": .number("32.00")]
        #expect(value.encoded() == #"{"a":["x",true,null],"b":1,"c":32.00}"#)
    }

    @Test func escapesForStringsAndScripts() {
        let value: JSONValue = .string("a\"b\\c\n</script>&\u{1}")
        #expect(value.encoded() == #""a\"b\\c\n</script>&\u0001""#)
        #expect(value.encoded(scriptSafe: true) == #""a\"b\\c\n\u003c/script\u003e\u0026\u0001""#)
    }

    @Test func escapesEveryControlCharacterAsJSONEncoderDoes() {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        #expect(JSONValue.string(controls).encoded() == "\""
            + #"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"# + "\"")
        // DEL and slashes are not escaped.
        #expect(JSONValue.string("\u{7F}/").encoded() == "\"\u{7F}/\"")
    }

    /// U+2028 and U+2029 end a line in JavaScript: escaped for scripts, left alone (as JSONEncoder
    /// does) elsewhere; other characters starting with the same byte are never touched.
    @Test func escapesLineSeparatorsOnlyForScripts() {
        let value = JSONValue.string("a\u{2028}b\u{2029}c\u{2026}d\u{202F}")
        #expect(value.encoded() == "\"a\u{2028}b\u{2029}c\u{2026}d\u{202F}\"")
        #expect(value.encoded(scriptSafe: true) == "\"a\\u2028b\\u2029c\u{2026}d\u{202F}\"")
    }

    @Test func scriptSafeTextCannotCloseTheScript() {
        let value: JSONValue = ["</script><script>alert(1)</script>": "<!-- & -->"]
        let text = value.encoded(scriptSafe: true)
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        #expect(text == #"{"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e":"\u003c!-- \u0026 --\u003e"}"#)
    }

    /// By UTF-8 bytes: capitals before lower case, digits compared as text, accents last.
    @Test func sortsKeysByTheirBytes() throws {
        let keys = ["a10", "a9", "b", "B", "_x", "é", "e", "$ref", "@type", "a-b", "a_b", ""]
        let value = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.int(1)) }))
        #expect(value.encoded() == #"{"":1,"$ref":1,"@type":1,"B":1,"_x":1,"a-b":1,"a10":1,"a9":1,"a_b":1,"b":1,"e":1,"é":1}"#)
        #expect(value.encoded() == (try Self.foundation(Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }))))
    }

    /// Strings mixing runs of plain text with every byte that needs an escape: plain output is
    /// JSONEncoder's bytes, both read back unchanged, and script-safe ones carry nothing that could end a script.
    @Test func everyStringReadsBackAndPlainOnesAreJSONEncoders() throws {
        let pieces = ["plain text ", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
            "<", ">", "&", "/", "é", "–", "…", "\u{2028}", "\u{2029}", "€", "🧴", "👍🏽", "</script>"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            #expect(JSONValue.array([.string(text)]).encoded() == (try Self.foundation([text])))
            for scriptSafe in [false, true] {
                let encoded = JSONValue.array([.string(text)]).encoded(scriptSafe: scriptSafe)
                let decoded = try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String]
                #expect(decoded == [text], "\(encoded)")
                var appended: [UInt8] = []
                JSONValue.appendString(text, to: &appended, scriptSafe: scriptSafe)
                #expect("[" + String(decoding: appended, as: UTF8.self) + "]" == encoded)
                if scriptSafe {
                    #expect(!encoded.contains(where: { "<>&\u{2028}\u{2029}".contains($0) }), "\(encoded)")
                }
            }
        }
    }

    /// An escape at any offset of a long text, first and last bytes included, is written: a guard
    /// for any scan that lets runs of plain bytes through in blocks (an eight-byte one was tried).
    @Test(arguments: ["\"", "\\", "\n", "\u{1}", "\u{1F}", "<", ">", "&", "\u{2028}", "\u{2029}", "€", "é", "</script>"])
    func anEscapeAtEveryOffsetOfALongText(_ special: String) throws {
        for offset in 0...40 {
            let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 40 - offset) + special
            #expect(JSONValue.array([.string(text)]).encoded() == (try Self.foundation([text])))
            let encoded = JSONValue.array([.string(text)]).encoded(scriptSafe: true)
            #expect(try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String] == [text])
            #expect(!encoded.contains(where: { "<>&\u{2028}\u{2029}".contains($0) }), "\(encoded)")
        }
    }

    @Test func writesDoublesAsJSONEncoderDoes() throws {
        let numbers = [10.0, 0, -3, 48.8566, -0.1251, 0.1 + 0.2, 32.5, 1e-7, 123_456_789.25]
        #expect(JSONValue.array(numbers.map(JSONValue.double)).encoded() == (try Self.foundation(numbers)))
        #expect(JSONValue.double(.infinity) == .null && JSONValue.double(.nan) == .null)
        #expect(JSONValue.int(Int64.min).encoded() == "-9223372036854775808")
        #expect(([1, 2.5, true, "x"] as JSONValue).encoded() == #"[1,2.5,true,"x"]"#)
    }

    @Test func readsBackWhatItWrote() throws {
        let value: JSONValue = [
            "text": "a\u{2028}\"\\\n/é", "count": 3, "fraction": 0.25, "flag": false, "none": .null,
            "list": [1, ["nested": []], [:]], "empty": "",
        ]
        let data = Data(value.encodedBytes())
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(value.prettyEncodedBytes())) == value)
    }

    @Test func readsAndMergesMembers() {
        let value: JSONValue = ["title": "T", "list": ["a"], "object": ["x": 1]]
        #expect(value["title"]?.stringValue == "T")
        #expect(value["list"]?.arrayValue == ["a"])
        #expect(value["object"]?["x"] == 1)
        #expect(value["missing"] == nil && value["title"]?["x"] == nil && value["list"]?.stringValue == nil)
        #expect(value.merging(["title": "U", "id": "i"]) == ["title": "U", "list": ["a"], "object": ["x": 1], "id": "i"])
        #expect(JSONValue.string("s").merging(["a": 1]) == "s")
    }
}
