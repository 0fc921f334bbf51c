import CatalogModel
import Testing

/// The review reader's JSON is strict RFC 8259: what Foundation refuses, it refuses too, and it
/// says where.
@Suite struct JSONLineTests {
    func parse(_ text: String) throws(JSONLine.SyntaxError) -> JSONLine { try JSONLine(Array(text.utf8)) }

    func failure(_ text: String) -> JSONLine.SyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func escapesAreDecodedIncludingSurrogatePairs() throws {
        let line = try parse(#"{"a": "tab\there \"q\" \u00e9 \ud83d\ude00 \/ \\"}"#)
        let member = try #require(line.members?.first)
        #expect(line.text(of: member.value) == "tab\there \"q\" é 😀 / \\")
        let lone = try parse(#"{"a": "\ud83d!"}"#)
        #expect(lone.text(of: lone.members![0].value) == "\u{FFFD}!", "a lone surrogate is no character")
    }

    @Test func valuesOfEveryKindParse() throws {
        let line = try parse(#" {"n": -12.5e+3, "t": true, "f": false, "z": null, "o": {"k": [1, [], {}]}} "#)
        let members = try #require(line.members)
        #expect(members.map(\.key) == ["n", "t", "f", "z", "o"])
        guard case .number(let range) = members[0].value else { Issue.record("not a number"); return }
        #expect(String(decoding: line.bytes[range], as: UTF8.self) == "-12.5e+3")
        guard case .bool(true) = members[1].value, case .null = members[3].value, case .object(let inner) = members[4].value,
            case .array(let items) = inner[0].value
        else { Issue.record("wrong kinds"); return }
        #expect(items.count == 3)
    }

    @Test func whatJSONForbidsIsRefusedAtItsOffset() {
        #expect(failure(#"{"a": 01}"#)?.offset == 6)
        #expect(failure(#"{"a": 1,}"#)?.message.contains("comma before }") == true)
        #expect(failure(#"[1, 2,]"#)?.message.contains("comma before ]") == true)
        #expect(failure(#"{"a": "x"#)?.message.contains("inside a string") == true)
        #expect(failure("{\"a\": \"x\ty\"}")?.message.contains("control character") == true)
        #expect(failure(#"{"a": tru}"#)?.message.contains("true") == true)
        #expect(failure(#"{"a": 1} x"#)?.offset == 9)
        #expect(failure(#"{"a": "\u12"}"#)?.message.contains("four hexadecimal digits") == true)
        #expect(failure(String(repeating: "[", count: JSONLine.maxDepth + 1))?.message.contains("nested") == true)
    }

    @Test func invalidUTF8IsRefused() {
        for bytes: [UInt8] in [[0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF]] {
            let line = Array(#"{"a": ""#.utf8) + bytes + Array(#""}"#.utf8)
            #expect(throws: JSONLine.SyntaxError.self, "\(bytes)") { try JSONLine(line) }
        }
        #expect(throws: Never.self) { try JSONLine(Array(#"{"a": "한국어 ✓"}"#.utf8)) }
    }

    @Test func aLineInALargerBufferReportsColumnsFromItsOwnStart() throws {
        let buffer = Array("{\"x\": 1}\n{\"é\": \"b\"}\n".utf8)
        let line = try JSONLine(buffer, line: 9..<buffer.count - 1)
        let member = try #require(line.members?.first)
        #expect(member.key == "é")
        #expect(line.column(atOffset: member.valueOffset) == 7)
    }
}
