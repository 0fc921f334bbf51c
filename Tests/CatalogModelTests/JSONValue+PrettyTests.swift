import CatalogModel
import Foundation
import Testing

@Suite struct JSONValuePrettyTests {
    struct Document: Encodable {
        struct Entry: Encodable {
            var name: String
            var tags: [String]
        }
        var title = "Quote \" tab \t slash / é \u{2028}"
        var empty: [String] = []
        var none: [String: Int] = [:]
        var skipped: String? = nil
        var entries = [Entry(name: "a", tags: ["x", "y"]), Entry(name: "b", tags: [])]
        var nested = ["z": ["deep": [1, 2]], "a": [:]]
        var ratio = 0.5
        var flag = true
    }

    /// The layout the JSON Schemas and the JSON Feed were written in by JSONEncoder, byte for byte.
    @Test func writesJSONEncodersPrettyLayout() throws {
        let pretty = try JSONValue.encoding(Document()).prettyEncodedBytes()
        #expect(String(decoding: pretty, as: UTF8.self) == (try JSONValueTests.foundation(Document(), pretty: true)))
    }

    @Test func indentsTwoSpacesAndKeepsEmptyContainersOnTwoLines() {
        let value: JSONValue = ["b": [], "a": ["x": [1]], "c": [:]]
        let expected = """
            {
              "a" : {
                "x" : [
                  1
                ]
              },
              "b" : [

              ],
              "c" : {

              }
            }
            """
        #expect(String(decoding: value.prettyEncodedBytes(), as: UTF8.self) == expected)
        #expect(String(decoding: JSONValue.string("s").prettyEncodedBytes(), as: UTF8.self) == #""s""#)
    }
}
