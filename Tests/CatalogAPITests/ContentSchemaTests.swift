import CatalogAPI
import CatalogModel
import Testing

@Suite struct ContentSchemaTests {
    static let variants = ContentSchema.variants.map { ($0.kind, $0.json) }

    @Test("every key of the model's table is a property, with its summary", arguments: variants)
    func everyKey(kind: RecordKind, json: Bool) throws {
        let schema = ContentSchema.schema(for: kind, json: json)
        let properties = try #require(schema["properties"]?.objectValue)
        try #require(!kind.fields.isEmpty)
        for rule in kind.fields {
            let property = try #require(properties[rule.key], "\(kind) \(rule.key)")
            #expect(property["description"]?.stringValue == rule.summary)
        }
        var expected = Set(kind.fields.map(\.key))
        if json, let body = kind.jsonBodyKey { expected.insert(body) }
        #expect(Set(properties.keys) == expected)
    }

    @Test("required keys are exactly the model's required keys", arguments: variants)
    func requiredKeys(kind: RecordKind, json: Bool) {
        let schema = ContentSchema.schema(for: kind, json: json)
        let required = schema["required"]?.arrayValue?.compactMap(\.stringValue)
        #expect(required == kind.fields.filter(\.required).map(\.key))
        #expect(!(required ?? []).isEmpty)
    }

    @Test("unknown keys are refused, as --strict refuses them", arguments: variants)
    func strict(kind: RecordKind, json: Bool) {
        #expect(ContentSchema.schema(for: kind, json: json)["additionalProperties"] == .bool(false))
    }

    @Test("the Markdown body key belongs to .json files only")
    func bodyKey() {
        #expect(ContentSchema.schema(for: .product, json: true)["properties"]?["detail"] != nil)
        #expect(ContentSchema.schema(for: .product, json: false)["properties"]?["detail"] == nil)
        #expect(ContentSchema.fileName(for: .product, json: false) == "content/product.front-matter.json")
        #expect(!ContentSchema.variants.contains { $0.kind == .site && !$0.json })
    }

    @Test("types follow the field types")
    func types() {
        let product = ContentSchema.schema(for: .product, json: true)
        #expect(product["properties"]?["availability"]?["enum"] == .array(Availability.allCases.map { .string($0.rawValue) }))
        #expect(product["properties"]?["currency"]?["enum"]?.arrayValue?.count == Currency.allCodes.count)
        #expect(product["properties"]?["name"]?["maxLength"] == .int(300))
        #expect(product["properties"]?["sku"]?["pattern"] == .string(RecordKind.Patterns.sku))
        #expect(product["properties"]?["tags"]?["type"] == .string("array"))
        let site = ContentSchema.schema(for: .site, json: true)
        #expect(site["properties"]?["productsPerPage"] == [
            "type": "integer", "minimum": 1, "maximum": 1000, "description": "brand page pagination (default 20)",
        ])
        let stores = ContentSchema.schema(for: .promotion, json: false)["properties"]?["stores"]?["items"]
        #expect(stores?["required"] == ["name", "latitude", "longitude"])
        #expect(stores?["properties"]?["latitude"]?["maximum"] == 90)
        #expect(stores?["additionalProperties"] == .bool(false))
    }

    @Test("with a base URL each schema has an $id under it; without, none")
    func ids() {
        for file in SchemaFiles.all(baseURL: "https://shop.example.com/api/v1/schema/") {
            #expect(file.schema["$id"] == .string("https://shop.example.com/api/v1/schema/" + file.name))
            #expect(file.schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        }
        #expect(SchemaFiles.all().allSatisfy { $0.schema["$id"] == nil })
        // site.json, then a .json and a .front-matter.json schema for each of the five record kinds
        // and for their translations.
        #expect(SchemaFiles.all().count == 1 + 2 * 5 + 2 * 5 + ResponseSchema.names.count)
    }
}
