public import CatalogModel

/// `api/v1/products/<slug>.json`: the whole product.
public struct ProductDocument: Codable, Sendable, Equatable {
    public var slug: String
    public var sku: String
    public var name: String
    public var brand: BrandLink
    /// What one unit costs everyone now (`Catalog.quote` without a code).
    public var price: PriceDocument
    /// The price before the sale; only while `price` is lower.
    public var listPrice: PriceDocument?
    public var sale: SaleDocument?
    public var availability: String
    /// Absolute URLs.
    public var thumbnail: String?
    public var image: String?
    public var gtin: String?
    public var mpn: String?
    public var tags: [String]
    /// When it was added (RFC 3339, UTC).
    public var date: String?
    public var detail: TextDocument
    public var url: String
    public var api: String
    /// The checkout link for one unit, when the shop has a checkout service and the product can be bought.
    public var buyURL: String?
    /// Promotions active at build time that apply to it, directly or through its brand.
    public var promotions: [PromotionLink]
    /// Gallery pictures after `image`, absolute URLs; absent when there are none.
    public var images: [String]? = nil
    public var netContent: String? = nil
    public var unitPrice: UnitPriceDocument? = nil
    /// Option names, in display order; with them, `sku` is the group id and `price`,
    /// `availability` and `buyURL` are the first buyable variant's.
    public var options: [String]? = nil
    public var variants: [VariantDocument]? = nil
    /// The shop's delivery rates for this product; absent when the shop lists none.
    public var shipping: [ShippingDocument]? = nil
    /// The categories it names, in its order (the first gives its breadcrumb); absent without.
    public var categories: [CategoryLink]? = nil
}

// Written without the encoder: at 10,000 products its keyed containers were a tenth of a whole
// build. `JSONOutputTests` holds the bytes to what Foundation's JSONEncoder writes.
extension ProductDocument: JSONValueConvertible {
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "slug": .string(slug), "sku": .string(sku), "name": .string(name), "brand": brand.jsonValue,
            "price": price.jsonValue, "availability": .string(availability), "tags": .array(tags.map(JSONValue.string)),
            "detail": detail.jsonValue, "url": .string(url), "api": .string(api),
            "promotions": .array(promotions.map(\.jsonValue)),
        ]
        if let listPrice { object["listPrice"] = listPrice.jsonValue }
        if let sale { object["sale"] = sale.jsonValue }
        if let thumbnail { object["thumbnail"] = .string(thumbnail) }
        if let image { object["image"] = .string(image) }
        if let gtin { object["gtin"] = .string(gtin) }
        if let mpn { object["mpn"] = .string(mpn) }
        if let date { object["date"] = .string(date) }
        if let buyURL { object["buyURL"] = .string(buyURL) }
        if let images { object["images"] = .array(images.map(JSONValue.string)) }
        if let netContent { object["netContent"] = .string(netContent) }
        if let unitPrice { object["unitPrice"] = unitPrice.jsonValue }
        if let options { object["options"] = .array(options.map(JSONValue.string)) }
        if let variants { object["variants"] = .array(variants.map(\.jsonValue)) }
        if let shipping { object["shipping"] = .array(shipping.map(\.jsonValue)) }
        if let categories { object["categories"] = .array(categories.map(\.jsonValue)) }
        return .object(object)
    }
}
