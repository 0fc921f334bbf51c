import CatalogAPI
import CatalogModel
import ContentLoader
import Foundation
import Testing

/// The validator checks URLs, images, dates, slugs and prices in code; the schemas state the same
/// rules as patterns. These examples hold both to the same answer.
@Suite struct SchemaPatternAgreementTests {
    /// What the validator says of `text` as the value of `key` in a `kind` record.
    static func validatorAccepts(_ kind: RecordKind, _ key: String, _ text: String) -> Bool {
        let file = SourceLocation(path: "test.json")
        let root = RawNode(
            .map([RawEntry(key: key, keyLocation: file, value: RawNode(.scalar(text, .string), at: file))]), at: file)
        var reader = FieldReader(kind: kind, root: root, json: true, file: file)
        switch kind.fields.first(where: { $0.key == key })!.type {
        case .image: _ = reader.image(key)
        case .timestamp: _ = reader.timestamp(key)
        case .reference: _ = reader.reference(key)
        case .decimalAmount: _ = reader.money(key, currency: Currency(code: "CLF")!)
        default: _ = reader.text(key)
        }
        return reader.diagnostics.isEmpty
    }

    /// What the generated schema's pattern says (JSON Schema patterns are unanchored searches).
    static func schemaAccepts(_ kind: RecordKind, _ key: String, _ text: String) throws -> Bool {
        var property = try #require(ContentSchema.schema(for: kind, json: true)["properties"]?[key])
        if let alternatives = property["anyOf"]?.arrayValue {
            property = try #require(alternatives.first { $0["type"] == "string" })
        }
        let pattern = try #require(property["pattern"]?.stringValue)
        let regex = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        var ok = regex.firstMatch(in: text, range: range) != nil
        if case .number(let max)? = property["maxLength"], let max = Int(max) { ok = ok && text.count <= max }
        if case .number(let min)? = property["minLength"], let min = Int(min) { ok = ok && text.count >= min }
        return ok
    }

    static let cases: [(RecordKind, String, [String])] = [
        (.brand, "website", [
            "https://example.com/", "http://a", "HTTPS://x.y/z?q=1#f", "https://", "https:///path", "ftp://x", "https://a b/",
            "https://a/b c", "example.com", "https://a?x", "https://?x", "https://a#", "https://a\t/",
        ]),
        (.site, "baseURL", ["https://shop.example.com/", "https://shop.example.com", "https://x/shop/", "http://x?/", "https:///"]),
        (.site, "locale", ["en_US", "fr-FR", "en", "EN_us", "zh_Hant_TW", "es-419", "english", "en_", "de-CH-x"]),
        (.brand, "logo", [
            "images/a.png", "/images/a.png", "images/", "images", "img/a.png", "images/../x.png", "images/./x.png",
            "images/a//b.png", "images/.../x.png", "images/..x/y.png", "https://cdn.example.com/a.png", "HTTPS://cdn/x.png",
            "http://", "//images/a.png", "images/a b.png", "images/sub/dir/c.jpg",
        ]),
        (.product, "date", [
            "2026-12-24", "2026-12-24T09:00:00Z", "2026-12-24T09:00Z", "2026-12-24 09:00", "2026-12-24t09:00:00z",
            "2026-12-24T09:00:00.123+05:30", "2026-12-24T09:00:00+0530", "2026-12-24T09:00:00 +05", "2026-12-24T09:00:60",
            "2026-13-01", "2026-12-32", "2026-00-10", "2026-12-24T24:00", "2026-12-24T09:60", "2026-12-24T09:00:61",
            "26-12-24", "2026-12-24T", "2026/12/24", "2026-12-24T09:00:00+24:00", "2026-12-24T09:00:00.", "2026-12-24T9:00",
        ]),
        (.product, "sku", ["ORG-GINZ-15", "a.b_c-9", "has space", "", "é", String(repeating: "A", count: 50), String(repeating: "A", count: 51)]),
        (.promotion, "code", ["XMAS10", "SUMMER-15", "xmas10", "X_1", String(repeating: "A", count: 33)]),
        (.product, "brand", [
            "origins", "a", "a-b-c", "Origins", "-a", "a-", "a_b", "", String(repeating: "a", count: 64), String(repeating: "a", count: 65),
        ]),
        (.product, "price", [
            "32", "32.5", "32.50", "0", "0.0001", "32.", ".5", "-1", "+1", "1e3", "1234567890123", "12345678901234", "3 2",
            "32.12345", "1,5",
        ]),
        (.product, "gtin", gtins + ["12345", "123456789012345", "1234567a", "00123456789"]),
        (.product, "currency", ["USD", "JPY", "usd", "XXX", "US"]),
        (.brand, "country", ["FR", "fr", "UK", "FRA"]),
        (.product, "availability", ["in_stock", "preorder", "sold_out", "In_Stock"]),
    ]

    /// GTINs of every length with correct check digits: the schema cannot check the digit, so agreement is tested on valid ones.
    static var gtins: [String] {
        ["0012345", "00123456789", "001234567890", "0061414100002"].map { body in
            let digits = body.compactMap(\.wholeNumberValue)
            return body + String(GTIN.checkDigit(for: digits))
        }
    }

    @Test("schema and validator agree", arguments: cases.flatMap { kind, key, values in values.map { (kind, key, $0) } })
    func agree(kind: RecordKind, key: String, text: String) throws {
        let property = ContentSchema.schema(for: kind, json: true)["properties"]?[key]
        if let options = property?["enum"]?.arrayValue {
            #expect(options.contains(.string(text)) == Self.validatorAccepts(kind, key, text), "\(key): \(text)")
        } else {
            #expect(try Self.schemaAccepts(kind, key, text) == Self.validatorAccepts(kind, key, text), "\(key): \(text)")
        }
    }

    @Test("the examples of each key include values the validator accepts and values it refuses")
    func examplesCutBothWays() {
        for (kind, key, values) in Self.cases {
            let verdicts = Set(values.map { Self.validatorAccepts(kind, key, $0) })
            #expect(verdicts == [true, false], "\(kind) \(key)")
        }
    }

    @Test("every pattern compiles as a regular expression")
    func patternsCompile() throws {
        var count = 0
        func walk(_ value: JSONValue) throws {
            switch value {
            case .object(let members):
                if let pattern = members["pattern"]?.stringValue {
                    _ = try NSRegularExpression(pattern: pattern)
                    count += 1
                }
                for (_, member) in members { try walk(member) }
            case .array(let items): for item in items { try walk(item) }
            default: break
            }
        }
        for file in SchemaFiles.all() { try walk(file.schema) }
        #expect(count > 20)
    }
}
