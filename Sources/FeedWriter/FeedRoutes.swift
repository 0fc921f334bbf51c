public import CatalogModel

/// Where the site's pages and feeds live (paths under the site root, as `SiteRenderer.Routes` has
/// them). Handed in by the builder so that the pages and the feeds that link to them can never
/// disagree about a URL, while this module stays independent of the page renderer.
public struct FeedRoutes: Sendable {
    /// The promotions index page, the promotions feed's `<link>`.
    public var promotions: String
    public var promotion: @Sendable (Slug) -> String
    public var brand: @Sendable (Slug) -> String
    public var product: @Sendable (Slug) -> String
    public var promotionsFeed: String
    public var promotionsJSONFeed: String
    public var brandFeed: @Sendable (Slug) -> String
    public var productsFeed: String

    public init(
        promotions: String, promotion: @escaping @Sendable (Slug) -> String, brand: @escaping @Sendable (Slug) -> String,
        product: @escaping @Sendable (Slug) -> String, promotionsFeed: String, promotionsJSONFeed: String,
        brandFeed: @escaping @Sendable (Slug) -> String, productsFeed: String
    ) {
        self.promotions = promotions
        self.promotion = promotion
        self.brand = brand
        self.product = product
        self.promotionsFeed = promotionsFeed
        self.promotionsJSONFeed = promotionsJSONFeed
        self.brandFeed = brandFeed
        self.productsFeed = productsFeed
    }
}
