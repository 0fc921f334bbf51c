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
