/// `api/v1/brands/<slug>/products/<n>.json`: one page of a brand's products, by name.
public struct BrandProductsDocument: Codable, Sendable, Equatable {
    public var brand: BrandLink
    /// From 1.
    public var page: Int
    /// At least 1: a brand without products has one empty page.
    public var pageCount: Int
    public var perPage: Int
    /// Products of the brand over all pages.
    public var total: Int
    /// Absolute URL of the next page; absent on the last.
    public var next: String?
    /// Absolute URL of the previous page; absent on the first.
    public var previous: String?
    public var products: [ProductSummaryDocument]
}
