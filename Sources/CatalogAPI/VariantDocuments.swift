public import CatalogModel

/// One shade or size of a product in `api/v1/products/<slug>.json`.
public struct VariantDocument: Codable, Sendable, Equatable, JSONValueConvertible {
    public var sku: String
    /// Option name to value, e.g. `{"shade": "1N Neutral"}`.
    public var options: [String: String]
    /// What one unit of this variant costs everyone now.
    public var price: PriceDocument
    public var listPrice: PriceDocument?
    public var availability: String
    public var gtin: String?
    public var mpn: String?
    /// Absolute URL of the variant's own picture.
    public var image: String?
    public var netContent: String?
    public var unitPrice: UnitPriceDocument?
    public var buyURL: String?
    /// The product page with this variant chosen.
    public var url: String

    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "sku": .string(sku), "options": .object(options.mapValues(JSONValue.string)), "price": price.jsonValue,
            "availability": .string(availability), "url": .string(url),
        ]
        if let listPrice { object["listPrice"] = listPrice.jsonValue }
        if let gtin { object["gtin"] = .string(gtin) }
        if let mpn { object["mpn"] = .string(mpn) }
        if let image { object["image"] = .string(image) }
        if let netContent { object["netContent"] = .string(netContent) }
        if let unitPrice { object["unitPrice"] = unitPrice.jsonValue }
        if let buyURL { object["buyURL"] = .string(buyURL) }
        return .object(object)
    }
}

/// `$ 168.00 / 100 ml`: the price per base quantity that EU price rules ask for.
public struct UnitPriceDocument: Codable, Sendable, Equatable, JSONValueConvertible {
    public var price: PriceDocument
    /// What the pack holds, `50 ml`.
    public var measure: String
    /// The quantity `price` is for, `100 ml`.
    public var base: String
    /// `$ 168.00 / 100 ml`
    public var formatted: String

    public var jsonValue: JSONValue {
        ["price": price.jsonValue, "measure": .string(measure), "base": .string(base), "formatted": .string(formatted)]
    }
}

/// A delivery rate of the shop, with what it costs for this product.
public struct ShippingDocument: Codable, Sendable, Equatable, JSONValueConvertible {
    /// ISO 3166-1 alpha-2.
    public var country: String
    public var service: String
    /// For one unit of the product at its price now: zero when it reaches `freeOver`.
    public var price: PriceDocument
    public var freeOver: PriceDocument?
    public var minDays: Int?
    public var maxDays: Int?

    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["country": .string(country), "service": .string(service), "price": price.jsonValue]
        if let freeOver { object["freeOver"] = freeOver.jsonValue }
        if let minDays { object["minDays"] = .int(Int64(minDays)) }
        if let maxDays { object["maxDays"] = .int(Int64(maxDays)) }
        return .object(object)
    }
}
