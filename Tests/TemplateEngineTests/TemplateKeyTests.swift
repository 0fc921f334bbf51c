import Foundation
import TemplateEngine
import Testing

/// Keys carry their own hash, so a dictionary of them must still find every key, and keys that
/// are equal as texts must hash alike.
@Suite struct TemplateKeyTests {
    @Test func textsThatSwiftCallsEqualAreEqualKeys() {
        for (left, right) in [("caf\u{E9}", "cafe\u{301}"), ("\u{212A}elvin", "Kelvin"), ("name", "name")] {
            #expect(TemplateKey(left) == TemplateKey(right))
            #expect(TemplateKey(left)._rawHashValue(seed: 7) == TemplateKey(right)._rawHashValue(seed: 7))
        }
        #expect(TemplateKey("name") != TemplateKey("Name"))
        #expect(TemplateKey("url") != TemplateKey("urls"))
    }

    @Test func aDictionaryOfKeysFindsEveryKeyAndNoOther() {
        // Lengths across the eight-byte steps of the hash, and names that share long prefixes.
        let names = (0..<2_000).map { "thumbnail" + String(repeating: "x", count: $0 % 17) + String($0) }
        var fields: TemplateFields = [:]
        for (index, name) in names.enumerated() { fields[TemplateKey(name)] = index }
        #expect(fields.count == names.count)
        for (index, name) in names.enumerated() { #expect(fields[TemplateKey(name)] as? Int == index) }
        #expect(fields[TemplateKey("thumbnail")] == nil)
        #expect(fields[TemplateKey("thumbnail0 ")] == nil)
    }

    @Test func fieldsAndTextKeyedDictionariesRenderAlike() throws {
        let template = "{{title}}|{{#items}}{{name}}{{^last()}},{{/last()}}{{/items}}|{{#shop}}{{title}} {{site.city}}{{/shop}}|{{count(items)}}"
        let fields: TemplateFields = [
            "title": "Serum",
            "items": [["name": "a"], ["name": "b"]] as [TemplateFields],
            "shop": ["site": ["city": "Lyon"] as TemplateFields] as TemplateFields,
        ]
        let texts: [String: Any] = [
            "title": "Serum",
            "items": [["name": "a"], ["name": "b"]] as [[String: Any]],
            "shop": ["site": ["city": "Lyon"] as [String: Any]] as [String: Any],
        ]
        let expected = "Serum|a,b|Serum Lyon|2"
        #expect(try TemplateTests.render(template, fields) == expected)
        #expect(try TemplateTests.render(template, texts) == expected)
        // A context of each kind inside the other.
        #expect(try TemplateTests.render(template, ["title": "Serum", "items": texts["items"]!, "shop": fields["shop"]!] as TemplateFields) == expected)
    }

    @Test func aNonASCIINameInATemplateFindsItsKeyInEitherForm() throws {
        let context: TemplateFields = [TemplateKey("cafe\u{301}"): "open"]
        #expect(try TemplateTests.render("{{caf\u{E9}}}", context) == "open")
    }

    @Test func plainTurnsFieldsIntoTextKeyedDictionaries() throws {
        let shared = SharedContext(["name": "card", "tags": ["a"]])
        let plain = try #require(SharedContext.plain(["cards": [shared], "page": ["n": 1] as TemplateFields] as TemplateFields) as? [String: Any])
        let cards = try #require(plain["cards"] as? [[String: Any]])
        #expect(cards.first?["name"] as? String == "card")
        #expect((plain["page"] as? [String: Any])?["n"] as? Int == 1)
    }
}
