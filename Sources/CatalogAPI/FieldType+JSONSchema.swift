import CatalogModel

extension FieldType {
    /// The rule as a JSON Schema fragment. Types are the ones the content model names: text is a
    /// string and a count a number, although the loader also reads `title: 2024` as the text
    /// "2024"; only a price may be either, as the model allows. What a schema cannot state (a
    /// slug naming an existing record, an image file being there, a GTIN's check digit, how many
    /// fraction digits the product's currency has) stays with `vitrine check`.
    var jsonSchema: JSONValue {
        typealias P = RecordKind.Patterns
        switch self {
        case .text(let range):
            return ["type": "string", "minLength": .int(range.lowerBound), "maxLength": .int(range.upperBound)]
        case .pattern(let pattern, let range, let example):
            return [
                "type": "string", "pattern": .string(pattern), "minLength": .int(range.lowerBound),
                "maxLength": .int(range.upperBound), "examples": [.string(example)],
            ]
        case .decimalAmount:
            var limit = 1
            for _ in 0..<Money.maxWholeDigits { limit *= 10 }
            return [
                "anyOf": [
                    ["type": "number", "minimum": 0, "exclusiveMaximum": .int(limit)],
                    ["type": "string", "pattern": .string(P.decimalAmount)],
                ],
                "examples": [32.5, "12.50"],
            ]
        case .currencyCode:
            return ["type": "string", "enum": .array(Currency.allCodes.map(JSONValue.string))]
        case .countryCode:
            return ["type": "string", "enum": .array(CountryCode.all.sorted().map(JSONValue.string))]
        case .localeTag:
            return ["type": "string", "pattern": .string(P.locale), "examples": ["en_US", "fr-FR"]]
        case .webURL:
            return ["type": "string", "pattern": .string(P.webURL), "examples": ["https://example.com/"]]
        case .baseURL:
            return ["type": "string", "pattern": .string(P.baseURL), "examples": ["https://shop.example.com/"]]
        case .image:
            return ["type": "string", "pattern": .string(P.image), "examples": ["images/products/serum.png"]]
        case .reference:
            return Self.slugSchema
        case .references:
            return ["type": "array", "items": Self.slugSchema]
        case .textList:
            return ["type": "array", "items": ["type": "string", "pattern": .string(P.nonBlank)]]
        case .timestamp:
            return ["type": "string", "pattern": .string(P.timestamp), "examples": ["2026-12-24", "2026-12-24T09:00:00Z"]]
        case .choice(let options):
            return ["type": "string", "enum": .array(options.map(JSONValue.string))]
        case .choices(let options):
            return ["type": "array", "uniqueItems": true, "items": ["type": "string", "enum": .array(options.map(JSONValue.string))]]
        case .integer(let range):
            return ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
        case .percent:
            // FieldReader.percent: above 0, up to 100.
            return ["type": "number", "exclusiveMinimum": 0, "maximum": 100]
        case .gtin:
            return ["type": "string", "pattern": .string(P.gtinDigits)]
        case .stores:
            return ["type": "array", "items": Self.storeSchema]
        case .imageList:
            return ["type": "array", "items": FieldType.image.jsonSchema]
        case .netContent:
            return ["type": "string", "pattern": .string(P.netContent), "examples": ["50 ml", "1.5 kg"]]
        case .optionNames:
            return [
                "type": "array", "minItems": .int(Variant.optionCount.lowerBound), "maxItems": .int(Variant.optionCount.upperBound),
                "uniqueItems": true,
                "items": ["type": "string", "pattern": .string(P.optionName), "not": ["enum": .array(Variant.ownKeys.map(JSONValue.string))]],
            ]
        case .variants:
            return ["type": "array", "minItems": 1, "items": Self.variantSchema]
        case .unitPriceBase:
            return [
                "type": "object",
                "propertyNames": ["enum": .array(NetContent.Unit.allCases.map { .string($0.rawValue) })],
                "additionalProperties": FieldType.netContent.jsonSchema,
                "examples": [["ml": "100 ml", "g": "100 g"]],
            ]
        case .shipping:
            return ["type": "array", "items": Self.shippingSchema]
        case .imageSettings:
            return Self.imageSettingsSchema
        case .integerList(let range):
            return ["type": "array", "uniqueItems": true, "items": FieldType.integer(range).jsonSchema]
        case .boolean:
            return ["type": "boolean"]
        case .timeZone:
            return ["type": "string", "pattern": "^([A-Za-z_+-]+(/[A-Za-z0-9_+-]+)*|UTC)$", "examples": ["America/Los_Angeles", "Asia/Seoul"]]
        case .customKeys:
            return [
                "type": "object",
                "propertyNames": ["enum": .array(RecordKind.allCases.map { .string($0.pluralName) })],
                "additionalProperties": ["type": "array", "items": ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9]*$"]],
                "examples": [["products": ["ingredients"]]],
            ]
        case .languages:
            let tag: JSONValue = ["type": "string", "pattern": .string(P.languageTag)]
            return [
                "type": "array", "minItems": 1,
                "items": ["anyOf": [tag, Self.objectSchema(SiteLanguage.rules, required: ["tag"])]],
                "examples": [["en", "ko"]],
            ]
        case .markets:
            return ["type": "array", "minItems": 1, "items": Self.objectSchema(Market.rules, required: Market.rules.filter(\.required).map(\.key))]
        case .exchangeRates:
            return [
                "type": "object", "propertyNames": FieldType.currencyCode.jsonSchema,
                "additionalProperties": [
                    "anyOf": [["type": "number", "exclusiveMinimum": 0], ["type": "string", "pattern": "^[0-9]+(\\.[0-9]+)?$"]],
                ],
                "examples": [["KRW": "1385", "EUR": "0.92"]],
            ]
        case .prices:
            return [
                "type": "object", "propertyNames": FieldType.currencyCode.jsonSchema,
                "additionalProperties": FieldType.decimalAmount.jsonSchema, "examples": [["KRW": 45000, "JPY": 5200]],
            ]
        case .marketIDs:
            return ["type": "array", "uniqueItems": true, "items": Self.slugSchema]
        case .countryList:
            return ["type": "array", "minItems": 1, "uniqueItems": true, "items": FieldType.countryCode.jsonSchema]
        case .textMap:
            return ["type": "object", "additionalProperties": ["type": "string", "minLength": 1, "maxLength": 300]]
        case .googleCategory:
            return [
                "anyOf": [["type": "integer", "minimum": 1], ["type": "string", "pattern": "^([0-9]{1,10}|[^>]+( > [^>]+)*)$"]],
                "examples": [2915, "Health & Beauty > Personal Care > Cosmetics"],
            ]
        }
    }

    static let slugSchema: JSONValue = ["type": "string", "pattern": .string(RecordKind.Patterns.slug)]

    /// A variant's own keys; option values are the other properties, text of 1–100 characters.
    /// That they are exactly the product's `options` is for `vitrine check` to say.
    static var variantSchema: JSONValue {
        let product = Dictionary(uniqueKeysWithValues: RecordKind.product.fields.map { ($0.key, $0) })
        var properties: [String: JSONValue] = [:]
        for key in Variant.ownKeys { properties[key] = product[key]!.type.jsonSchema }
        return [
            "type": "object", "properties": .object(properties), "required": ["sku"],
            "additionalProperties": [
                "type": "string", "minLength": .int(Variant.valueLength.lowerBound), "maxLength": .int(Variant.valueLength.upperBound),
            ],
        ]
    }

    /// An object whose keys are exactly `rules`.
    static func objectSchema(_ rules: [FieldRule], required: [String]) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for rule in rules { properties[rule.key] = rule.type.jsonSchema }
        return [
            "type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string)),
            "additionalProperties": false,
        ]
    }

    static var imageSettingsSchema: JSONValue {
        var properties: [String: JSONValue] = [:]
        for rule in ImageSettings.rules { properties[rule.key] = rule.type.jsonSchema }
        return ["type": "object", "properties": .object(properties), "additionalProperties": false]
    }

    static var shippingSchema: JSONValue {
        let amount = FieldType.decimalAmount.jsonSchema
        let days = FieldType.integer(ShippingRate.days).jsonSchema
        return [
            "type": "object",
            "properties": [
                "country": FieldType.countryCode.jsonSchema,
                "service": FieldType.text(ShippingRate.serviceLength).jsonSchema,
                "price": amount, "freeOver": amount, "minDays": days, "maxDays": days, "currency": FieldType.currencyCode.jsonSchema,
            ],
            "required": .array(ShippingRate.requiredKeys.map(JSONValue.string)),
            "additionalProperties": false,
        ]
    }

    static var storeSchema: JSONValue {
        [
            "type": "object",
            "properties": [
                "name": [
                    "type": "string", "minLength": .int(Store.nameLength.lowerBound),
                    "maxLength": .int(Store.nameLength.upperBound), "description": .string(Store.summaries["name"]!),
                ],
                "address": ["type": "string", "description": .string(Store.summaries["address"]!)],
                "latitude": [
                    "type": "number", "minimum": .double(-Store.latitudeLimit), "maximum": .double(Store.latitudeLimit),
                    "description": .string(Store.summaries["latitude"]!),
                ],
                "longitude": [
                    "type": "number", "minimum": .double(-Store.longitudeLimit), "maximum": .double(Store.longitudeLimit),
                    "description": .string(Store.summaries["longitude"]!),
                ],
            ],
            "required": .array(Store.requiredKeys.map(JSONValue.string)),
            "additionalProperties": false,
        ]
    }
}
