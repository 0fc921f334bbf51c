public import CatalogModel

/// A product in a brand's product list: enough for a list row, with a link to the whole product.
public struct ProductSummaryDocument: Codable, Sendable, Equatable {
    public var slug: String
    public var sku: String
    public var name: String
    /// What one unit costs everyone now (`Catalog.quote` without a code).
    public var price: PriceDocument
    /// The price before the sale; only while `price` is lower.
    public var listPrice: PriceDocument?
    public var sale: SaleDocument?
    /// `in_stock`, `out_of_stock`, `preorder` or `backorder`.
    public var availability: String
    /// Absolute URL of the list image (the thumbnail, else the full-size image).
    public var thumbnail: String?
    public var url: String
    public var api: String
    /// For a product whose variants differ in price: the dearest variant's (`price` is the cheapest's).
    public var highestPrice: PriceDocument? = nil
    /// How many variants it has; absent without variants.
    public var variantCount: Int? = nil
    /// Its reviews' average and count; absent without reviews.
    public var rating: RatingDocument? = nil
}

extension ProductSummaryDocument: JSONValueConvertible, JSONObjectWritable {
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "slug": .string(slug), "sku": .string(sku), "name": .string(name), "price": price.jsonValue,
            "availability": .string(availability), "url": .string(url), "api": .string(api),
        ]
        if let listPrice { object["listPrice"] = listPrice.jsonValue }
        if let sale { object["sale"] = sale.jsonValue }
        if let thumbnail { object["thumbnail"] = .string(thumbnail) }
        if let highestPrice { object["highestPrice"] = highestPrice.jsonValue }
        if let variantCount { object["variantCount"] = .int(variantCount) }
        if let rating {
            object["rating"] = [
                "average": .number(RatingDocument.numberText(rating.average)), "count": .int(rating.count),
                "reviews": .string(rating.reviews),
            ]
        }
        return .object(object)
    }

    public func write(to writer: inout JSONObjectWriter) {
        writer.string("api", api)
        writer.string("availability", availability)
        writer.object("highestPrice", highestPrice)
        writer.object("listPrice", listPrice)
        writer.string("name", name)
        writer.object("price", price)
        writer.object("rating", rating)
        writer.object("sale", sale)
        writer.string("sku", sku)
        writer.string("slug", slug)
        writer.string("thumbnail", thumbnail)
        writer.string("url", url)
        writer.int("variantCount", variantCount.map(Int64.init))
    }
}
