public import FeedWriter
import SiteRenderer

extension FeedRoutes {
    /// The page renderer's routes, so feeds link to exactly the pages that are written.
    public static let site = FeedRoutes(
        promotions: Routes.promotions, promotion: { Routes.promotion($0) }, brand: { Routes.brand($0) },
        product: { Routes.product($0) }, promotionsFeed: Routes.promotionsFeed,
        promotionsJSONFeed: Routes.promotionsJSONFeed, brandFeed: { Routes.brandFeed($0) },
        productsFeed: Routes.productsFeed)
}
