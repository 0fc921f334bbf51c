import CatalogModel

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
    /// Its reviews' average and count, with their first page; absent without reviews.
    public var rating: RatingDocument? = nil
}

// Written without the encoder or a `JSONValue` tree: at 10,000 products the encoder's keyed
// containers were a tenth of a whole build, and the tree that replaced them, sorted back out, still
// a twentieth. `JSONOutputTests` holds the bytes to what Foundation's JSONEncoder writes.
extension ProductDocument {
    /// Compact JSON, keys in sorted order as `JSONObjectWriter` needs them.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONObjectWriter(capacity: 1024 + detail.html.utf8.count + detail.text.utf8.count)
        writer.string("api", api)
        writer.string("availability", availability)
        writer.object("brand", brand)
        writer.string("buyURL", buyURL)
        writer.objects("categories", categories)
        writer.string("date", date)
        writer.object("detail", detail)
        writer.string("gtin", gtin)
        writer.string("image", image)
        writer.strings("images", images)
        writer.object("listPrice", listPrice)
        writer.string("mpn", mpn)
        writer.string("name", name)
        writer.string("netContent", netContent)
        writer.strings("options", options)
        writer.object("price", price)
        writer.objects("promotions", promotions)
        writer.object("rating", rating)
        writer.object("sale", sale)
        writer.values("shipping", shipping?.map(\.jsonValue))
        writer.string("sku", sku)
        writer.string("slug", slug)
        writer.strings("tags", tags)
        writer.string("thumbnail", thumbnail)
        writer.value("unitPrice", unitPrice?.jsonValue)
        writer.string("url", url)
        writer.values("variants", variants?.map(\.jsonValue))
        return writer.finish()
    }
}
