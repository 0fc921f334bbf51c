import CatalogAPI
import CatalogModel
import Testing

@Suite struct TranslationSchemaTests {
    static let variants = ContentSchema.translationVariants.map { ($0.kind, $0.json) }

    @Test("a translation's schema holds exactly the keys a translation may hold", arguments: variants)
    func keys(kind: RecordKind, json: Bool) throws {
        let schema = ContentSchema.translationSchema(for: kind, json: json)
        let properties = try #require(schema["properties"]?.objectValue)
        #expect(Set(properties.keys) == Set(kind.translationKeys(json: json)))
        #expect(schema["required"] == nil, "every key of a translation may be left out")
        #expect(schema["additionalProperties"] == .bool(false))
    }

    @Test func aProductTranslationRefusesThePriceAndTakesOptionNames() throws {
        let properties = try #require(ContentSchema.translationSchema(for: .product, json: false)["properties"]?.objectValue)
        #expect(properties["price"] == nil && properties["sku"] == nil)
        #expect(properties["options"]?["type"] == .string("object"))
        #expect(properties["name"]?["maxLength"] == .int(300))
    }

    @Test func theSiteHasNoTranslationsAndEveryOtherKindHasBothForms() {
        let kinds = Set(ContentSchema.translationVariants.map(\.kind))
        #expect(!kinds.contains(.site))
        #expect(kinds == Set(RecordKind.allCases).subtracting([.site]))
        #expect(ContentSchema.translationVariants.count == 2 * kinds.count)
    }

    @Test func everyTranslationSchemaIsPublished() {
        let names = Set(SchemaFiles.all().map(\.name))
        #expect(names.contains("content/product.translation.front-matter.json"))
        #expect(names.contains("content/brand.translation.json"))
        let id = SchemaFiles.all(baseURL: "https://shop.example/api/v1/schema/")
            .first { $0.name == "content/promotion.translation.json" }?.schema["$id"]
        #expect(id == .string("https://shop.example/api/v1/schema/content/promotion.translation.json"))
    }
}
