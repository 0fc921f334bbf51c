public import CatalogModel

/// JSON Schemas (draft 2020-12) of the API's documents. Objects refuse members they do not
/// list, so a field added to a document without its schema fails the end-to-end check that
/// validates every published file.
public enum ResponseSchema {
    /// `responses/<name>.json` for each document kind.
    public static let names = ["site", "brands", "brand-products", "product", "product-reviews", "promotions", "schema-index"]

    public static func fileName(_ name: String) -> String { "responses/\(name).json" }

    public static func schema(named name: String, id: String? = nil) -> JSONValue? {
        let body: (title: String, root: JSONValue, defs: [String])
        switch name {
        case "site": body = ("site.json", site, [])
        case "brands": body = ("brands.json", brands, ["brandEntry", "url", "slug"])
        case "brand-products":
            body = (
                "brands/<slug>/products/<n>.json", brandProducts,
                ["brandLink", "productSummary", "price", "sale", "url", "slug", "timestamp", "rating"]
            )
        case "product":
            body = (
                "products/<slug>.json", product,
                [
                    "brandLink", "price", "sale", "promotionLink", "text", "url", "slug", "timestamp", "variant", "unitPrice",
                    "shipping", "categoryLink", "rating",
                ]
            )
        case "product-reviews":
            body = ("products/<slug>/reviews/<n>.json", productReviews, ["review", "url", "slug", "timestamp"])
        case "promotions":
            body = (
                "promotions.json", promotions,
                ["promotionEntry", "brandLink", "productLink", "store", "text", "url", "slug", "timestamp"]
            )
        case "schema-index": body = ("schema/index.json", schemaIndex, ["url"])
        default: return nil
        }
        var schema = body.root.merging([
            "$schema": .string(ContentSchema.dialect),
            "title": .string("Vitrine API: api/v1/\(body.title)"),
        ])
        if !body.defs.isEmpty {
            schema = schema.merging(["$defs": .object(Dictionary(uniqueKeysWithValues: body.defs.map { ($0, definitions[$0]!) }))])
        }
        if let id { schema = schema.merging(["$id": .string(id)]) }
        return schema
    }

    // MARK: Documents

    static var site: JSONValue {
        object(
            "The shop and the API's entry points.",
            required: [
                "title": string, "baseURL": urlInline, "currency": currency, "locale": string,
                "counts": object(
                    "How many records of each kind the catalog has.",
                    required: ["brands": count, "products": count, "promotions": count, "pages": count]),
                "version": ["type": "string", "pattern": "^[0-9a-f]{64}$", "description": "SHA-256 of the catalog's content"],
                "links": object(
                    "Absolute URLs.",
                    required: [
                        "home": urlInline, "brands": urlInline, "promotions": urlInline, "deals": urlInline,
                        "schemas": urlInline,
                    ]),
            ],
            optional: ["description": string])
    }

    static var brands: JSONValue {
        object(
            "Every brand, by title.",
            required: ["total": count, "brands": ["type": "array", "items": ref("brandEntry")]])
    }

    static var brandProducts: JSONValue {
        object(
            "One page of a brand's products, by name, \(CatalogAPI.productsPerPage) to a page.",
            required: [
                "brand": ref("brandLink"), "page": ["type": "integer", "minimum": 1],
                "pageCount": ["type": "integer", "minimum": 1], "perPage": ["const": .int(CatalogAPI.productsPerPage)],
                "total": count,
                "products": ["type": "array", "maxItems": .int(CatalogAPI.productsPerPage), "items": ref("productSummary")],
            ],
            optional: ["next": ref("url"), "previous": ref("url")])
    }

    static var product: JSONValue {
        object(
            "A whole product.",
            required: [
                "slug": ref("slug"), "sku": ["type": "string", "pattern": .string(RecordKind.Patterns.sku)],
                "name": string, "brand": ref("brandLink"), "price": ref("price"), "availability": availability,
                "tags": ["type": "array", "items": string], "detail": ref("text"), "url": ref("url"), "api": ref("url"),
                "promotions": ["type": "array", "items": ref("promotionLink")],
            ],
            optional: [
                "thumbnail": ref("url"), "image": ref("url"), "gtin": ["type": "string", "pattern": .string(RecordKind.Patterns.gtinDigits)],
                "mpn": string, "date": ref("timestamp"), "buyURL": ref("url"), "listPrice": ref("price"), "sale": ref("sale"),
                "images": ["type": "array", "items": ref("url")], "netContent": netContent, "unitPrice": ref("unitPrice"),
                "options": ["type": "array", "minItems": 1, "maxItems": 3, "items": string],
                "variants": ["type": "array", "minItems": 1, "items": ref("variant")],
                "shipping": ["type": "array", "items": ref("shipping")],
                "categories": ["type": "array", "minItems": 1, "items": ref("categoryLink")],
                "rating": ref("rating"),
            ])
    }

    static var productReviews: JSONValue {
        object(
            "One page of a product's reviews, newest first, \(CatalogAPI.reviewsPerPage) to a page, with the numbers of all of them.",
            required: [
                "product": ref("slug"),
                "summary": object(
                    "All of the product's reviews in numbers.",
                    required: [
                        "count": ["type": "integer", "minimum": 1], "average": average,
                        "histogram": object(
                            "Reviews by stars.",
                            required: Dictionary(uniqueKeysWithValues: (1...5).map { (String($0), count) })),
                    ]),
                "page": ["type": "integer", "minimum": 1], "pages": ["type": "integer", "minimum": 1],
                "reviews": [
                    "type": "array", "minItems": 1, "maxItems": .int(CatalogAPI.reviewsPerPage), "items": ref("review"),
                ],
            ],
            optional: ["next": ref("url")])
    }

    static let average: JSONValue = [
        "type": "number", "minimum": 1, "maximum": 5, "description": "the mean of the ratings, to one decimal",
    ]

    static var netContent: JSONValue { ["type": "string", "pattern": .string(RecordKind.Patterns.netContent)] }

    static var promotions: JSONValue {
        object(
            "Promotions active or upcoming at build time, active first.",
            required: ["asOf": ref("timestamp"), "promotions": ["type": "array", "items": ref("promotionEntry")]])
    }

    static var schemaIndex: JSONValue {
        object(
            "Every schema Vitrine publishes.",
            required: [
                "schemas": [
                    "type": "array",
                    "items": object(
                        "One schema file.",
                        required: [
                            "name": ["type": "string", "pattern": "^(content|responses)/[a-z-]+(\\.translation)?(\\.front-matter)?\\.json$"],
                            "title": string, "url": ref("url"),
                        ]),
                ]
            ])
    }

    // MARK: Parts

    static var definitions: [String: JSONValue] {
        [
            "url": urlInline,
            "slug": ["type": "string", "pattern": .string(RecordKind.Patterns.slug)],
            "timestamp": [
                // At the shop's offset (`Timestamp.rfc3339`): Z in UTC, else e.g. +09:00.
                "type": "string", "format": "date-time",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(Z|[+-][0-9]{2}:[0-9]{2})$",
                "description": "RFC 3339 at the shop's UTC offset (Z in UTC)",
            ],
            "text": object(
                "Markdown rendered as HTML and as plain text.", required: ["html": string, "text": string]),
            "price": object(
                "An exact price.",
                required: [
                    "amount": ["type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?$", "description": "decimal, e.g. 32.00"],
                    "minorUnits": ["type": "integer", "minimum": 0, "description": "the amount in the currency's minor units (cents)"],
                    "currency": currency, "formatted": string, "unit": string,
                ]),
            "sale": object(
                "The promotion that lowers `price` below `listPrice` for everyone now, and its period.",
                required: ["promotion": ref("slug"), "starts": ref("timestamp"), "discountPercent": percent],
                optional: ["ends": ref("timestamp")]),
            "brandLink": object(
                "A brand as other documents mention it.",
                required: ["slug": ref("slug"), "title": string, "url": ref("url"), "products": ref("url")]),
            "categoryLink": object(
                "A category a product is in, with the titles from the root down to it.",
                required: [
                    "slug": ref("slug"), "title": string, "url": ref("url"),
                    "path": ["type": "array", "minItems": 1, "items": string],
                ]),
            "productLink": object(
                "A product as other documents mention it.",
                required: ["slug": ref("slug"), "name": string, "url": ref("url"), "api": ref("url")]),
            "promotionLink": object(
                "A promotion that applies now.",
                required: ["slug": ref("slug"), "title": string, "url": ref("url"), "starts": ref("timestamp")],
                optional: ["ends": ref("timestamp"), "discountPercent": percent, "code": string]),
            "brandEntry": object(
                "A brand in the brand list.",
                required: [
                    "slug": ref("slug"), "title": string, "url": ref("url"), "productCount": count, "products": ref("url"),
                ],
                optional: ["country": ["type": "string", "pattern": "^[A-Z]{2}$"], "logo": ref("url")]),
            "productSummary": object(
                "A product in a list.",
                required: [
                    "slug": ref("slug"), "sku": string, "name": string, "price": ref("price"), "availability": availability,
                    "url": ref("url"), "api": ref("url"),
                ],
                optional: [
                    "thumbnail": ref("url"), "listPrice": ref("price"), "sale": ref("sale"), "highestPrice": ref("price"),
                    "variantCount": ["type": "integer", "minimum": 1], "rating": ref("rating"),
                ]),
            "variant": object(
                "One shade or size of a product.",
                required: [
                    "sku": ["type": "string", "pattern": .string(RecordKind.Patterns.sku)],
                    "options": ["type": "object", "additionalProperties": string], "price": ref("price"),
                    "availability": availability, "url": ref("url"),
                ],
                optional: [
                    "listPrice": ref("price"), "gtin": ["type": "string", "pattern": .string(RecordKind.Patterns.gtinDigits)],
                    "mpn": string, "image": ref("url"), "netContent": netContent, "unitPrice": ref("unitPrice"), "buyURL": ref("url"),
                ]),
            "rating": object(
                "The average and count of a product's reviews; absent without reviews.",
                required: ["average": average, "count": ["type": "integer", "minimum": 1], "reviews": ref("url")]),
            "review": object(
                "One review, plain text (never markup); a blank line in `body` starts a paragraph.",
                required: [
                    "id": string, "rating": ["type": "integer", "minimum": 1, "maximum": 5],
                    "body": string, "author": string, "date": ref("timestamp"), "verified": ["type": "boolean"],
                ],
                optional: [
                    "title": string, "language": ["type": "string", "description": "BCP 47 tag of the text"],
                    "sku": ["type": "string", "pattern": .string(RecordKind.Patterns.sku)],
                    "response": object(
                        "The shop's public answer.", required: ["body": string, "date": ref("timestamp")]),
                ]),
            "unitPrice": object(
                "The price per base quantity.",
                required: ["price": ref("price"), "measure": netContent, "base": netContent, "formatted": string]),
            "shipping": object(
                "A delivery rate and its cost for this product.",
                required: ["country": ["type": "string", "pattern": "^[A-Z]{2}$"], "service": string, "price": ref("price")],
                optional: [
                    "freeOver": ref("price"), "minDays": ["type": "integer", "minimum": 0],
                    "maxDays": ["type": "integer", "minimum": 0],
                ]),
            "store": object(
                "Where the deal can be had in person.",
                required: [
                    "name": string, "latitude": ["type": "number", "minimum": -90, "maximum": 90],
                    "longitude": ["type": "number", "minimum": -180, "maximum": 180],
                ],
                optional: ["address": string]),
            "promotionEntry": object(
                "A promotion with what it applies to and its stores.",
                required: [
                    "slug": ref("slug"), "title": string, "status": ["enum": ["active", "upcoming"]],
                    "starts": ref("timestamp"), "url": ref("url"), "content": ref("text"),
                    "appliesTo": object(
                        "Brands and products the promotion names.",
                        required: [
                            "brands": ["type": "array", "items": ref("brandLink")],
                            "products": ["type": "array", "items": ref("productLink")],
                        ]),
                    "stores": ["type": "array", "items": ref("store")],
                ],
                optional: ["ends": ref("timestamp"), "discountPercent": percent, "code": string, "image": ref("url")]),
        ]
    }

    static let string: JSONValue = ["type": "string"]
    static let count: JSONValue = ["type": "integer", "minimum": 0]
    static let urlInline: JSONValue = ["type": "string", "pattern": "^https?://\\S+$"]
    static let percent: JSONValue = ["type": "number", "exclusiveMinimum": 0, "maximum": 100]
    static var currency: JSONValue { ["type": "string", "enum": .array(Currency.allCodes.map(JSONValue.string))] }
    static var availability: JSONValue { ["enum": .array(Availability.allCases.map { .string($0.rawValue) })] }

    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/$defs/\(name)")] }

    /// An object that lists every member it may have.
    static func object(_ description: String, required: [String: JSONValue], optional: [String: JSONValue] = [:]) -> JSONValue {
        [
            "type": "object",
            "description": .string(description),
            "properties": .object(required.merging(optional) { first, _ in first }),
            "required": .array(required.keys.sorted().map(JSONValue.string)),
            "additionalProperties": false,
        ]
    }
}
