public import BuildEngine
public import CatalogModel
import DefaultTheme
public import Foundation
public import ShopStrings

/// Produces the shop's machine-readable files: RSS and JSON feeds of promotions, one RSS feed per
/// brand, the merchant product feeds (Google's and Meta's), Google's Product Ratings feed, the
/// sitemap and robots.txt. Like the page renderer it writes no files and reads none but the
/// review files, through the catalog's shelf: it hands the builder jobs, which render on any thread.
public struct FeedWriter: Sendable {
    public let catalog: Catalog
    /// The build clock: decides which promotions are listed and which discounts apply.
    public let now: Date
    /// Byte sizes of local images by path (`images/…`), for RSS enclosures; a missing one is written as 0.
    public let imageSizes: [String: Int]
    /// A storefront's sitemap lists each page's versions in the other storefronts (`xhtml:link`).
    public var alternates: (table: PageAlternates, index: Int)?
    /// Feed titles and descriptions, in the site's language: a reader shows them beside the
    /// shop's own words.
    public var strings: ShopStrings

    /// Without `strings`, the built-in theme's tables in the language of the site's locale.
    public init(catalog: Catalog, now: Date, imageSizes: [String: Int] = [:], strings: ShopStrings? = nil) {
        _ = XMLWriter.libraryReady  // before any job renders on a worker thread
        self.catalog = catalog
        self.now = now
        self.imageSizes = imageSizes
        self.strings = strings ?? DefaultTheme.strings(locale: catalog.site.locale)
    }

    /// Every feed (category `.feed`): the promotion feeds, one per brand and category, the
    /// product feeds and, when the shop has reviews, the ratings feed.
    public func jobs() -> [OutputJob] {
        let promotionInputs = promotionDependencies()
        let productInputs = productFeedDependencies()
        var jobs = [
            OutputJob(path: Routes.promotionsFeed, category: .feed, kind: "rss", dependencies: promotionInputs) {
                self.promotionsFeed()
            }.large(),
            OutputJob(path: Routes.promotionsJSONFeed, category: .feed, kind: "json-feed", dependencies: promotionInputs) {
                self.promotionsJSONFeed()
            }.large(),
            OutputJob(path: Routes.productsFeed, category: .feed, kind: "merchant-feed", dependencies: productInputs) {
                self.productsFeed(.google, into: $0)
            }.large(),
            OutputJob(path: Routes.metaProductsFeed, category: .feed, kind: "meta-catalog", dependencies: productInputs) {
                self.productsFeed(.meta, into: $0)
            }.large(),
        ]
        jobs += productRatingsJobs()
        for brand in catalog.brands where site.writes(.brandFeeds) {
            jobs.append(OutputJob(
                path: Routes.brandFeed(brand.slug), category: .feed, kind: "brand-rss",
                dependencies: promotionInputs.union([.record(.brand, brand.slug), .list(.product)])
            ) {
                self.brandFeed(brand)
            })
        }
        for category in catalog.categories where site.writes(.brandFeeds) {
            jobs.append(OutputJob(
                path: Routes.categoryFeed(category.slug), category: .feed, kind: "category-rss",
                dependencies: promotionInputs.union([.record(.category, category.slug), .list(.category), .list(.product)])
                    .union(catalog.productsByCategory[category.slug, default: []].map { .record(.product, $0.slug) })
            ) {
                self.categoryFeed(category)
            })
        }
        return jobs
    }

    /// Read in place (`_read`): a getter copied the whole site settings each time.
    var site: Site { _read { yield catalog.site } }

    /// A promotion feed shows every promotion's status and the titles of the brands it names,
    /// directly or through its products.
    private func promotionDependencies() -> Set<Dependency> {
        var inputs: Set<Dependency> = [.clock, .site, .list(.promotion), .strings, .records(.promotion)]
        var brands = Set<Slug>()
        var products = Set<Slug>()
        for promotion in catalog.promotions {
            brands.formUnion(promotion.brands)
            for slug in promotion.products {
                products.insert(slug)
                if let product = catalog.productBySlug[slug] { brands.insert(product.brand) }
            }
        }
        // Named one by one unless the promotions name them all.
        if brands.count == catalog.brands.count {
            inputs.insert(.records(.brand))
        } else {
            for brand in brands { inputs.insert(.record(.brand, brand)) }
        }
        if products.count == catalog.products.count {
            inputs.insert(.records(.product))
        } else {
            for product in products { inputs.insert(.record(.product, product)) }
        }
        return inputs
    }

    /// Every product with its brand's title and any active discount.
    private func productFeedDependencies() -> Set<Dependency> {
        Set([.clock, .site, .list(.product), .list(.brand), .list(.promotion), .list(.category), .strings]
            + [RecordKind.category, .product, .brand, .promotion].map { .records($0) })
    }
}
