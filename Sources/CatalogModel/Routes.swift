/// Where each page and feed lives, relative to the site root; directories end in `/` and hold
/// `index.html`. Kept in the model, so the pages, the feeds, the API, the search index and the
/// checkout service all link to the one path each page is written at.
public enum Routes {
    public static let home = ""
    public static let brands = "brands/"
    public static let promotions = "promotions/"
    public static let deals = "deals/"
    public static let notFound = "404.html"
    public static let stylesheet = "style.css"
    public static let promotionsFeed = "feeds/promotions.xml"
    public static let promotionsJSONFeed = "feeds/promotions.json"
    public static let productsFeed = "feeds/products.xml"
    /// Past the protocol's URL limit, an index of `sitemapPart`s.
    public static let sitemap = "sitemap.xml"
    public static let robots = "robots.txt"
    /// The search page; its index files and script live beside it under `search/`.
    public static let search = "search/"
    /// The one index file with a fixed name: the search page finds every other file through it.
    public static let searchManifest = search + "manifest.json"
    public static let searchScript = search + "search.js"
    /// The bag and favourites: kept in the browser by `bag.js`, rendered empty by the build.
    public static let bag = "bag/"
    public static let favourites = "favourites/"
    public static let bagScript = "bag.js"
    /// The variant picker, loaded by product pages with variants only.
    public static let variantScript = "variants.js"
    /// Where the payment provider sends the shopper back from checkout, on a site with a
    /// `checkoutURL`: `checkoutSuccess` with `?session_id=<id>` once they paid, whose script
    /// (`orderScript`) asks the checkout service for the order; `checkoutCancelled` when they
    /// turned back.
    public static let checkoutSuccess = "checkout/success/"
    public static let checkoutCancelled = "checkout/cancelled/"
    public static let orderScript = "order.js"
    /// Pages no search engine should list: left out of the sitemap and marked `noindex`.
    public static let noindex: Set<String> = [checkoutSuccess, checkoutCancelled]

    /// A product's reviews in the JSON API, one file per page (`1.json`, …): written by the API,
    /// read by the product page's "More reviews" script.
    public static func reviewsAPIFolder(_ product: Slug) -> String { "api/v1/products/\(product)/reviews/" }
    public static let reviewsPerAPIPage = 20
    /// The "More reviews" script, loaded by product pages with more reviews than they print.
    public static let reviewsScript = "reviews.js"

    public static func brand(_ slug: Slug, page: Int = 1) -> String {
        page <= 1 ? "brands/\(slug)/" : "brands/\(slug)/page/\(page)/"
    }

    public static let categories = "categories/"
    public static func category(_ slug: Slug, page: Int = 1) -> String {
        page <= 1 ? "categories/\(slug)/" : "categories/\(slug)/page/\(page)/"
    }
    public static func categoryFeed(_ slug: Slug) -> String { "feeds/categories/\(slug).xml" }
    public static let favicon = "favicon.svg"

    public static func product(_ slug: Slug) -> String { "products/\(slug)/" }
    public static func promotion(_ slug: Slug) -> String { "promotions/\(slug)/" }
    public static func page(_ slug: Slug) -> String { "\(slug)/" }
    public static func brandFeed(_ slug: Slug) -> String { "feeds/brands/\(slug).xml" }
    public static func sitemapPart(_ number: Int) -> String { "sitemap-\(number).xml" }

    /// The file a route is written to.
    public static func file(for route: String) -> String {
        route.isEmpty || route.hasSuffix("/") ? route + "index.html" : route
    }

    /// The prefix that leads from a file back to the site root (`../../` from `products/x/index.html`),
    /// so every link works wherever the site is published, under a path or not.
    public static func relativeRoot(ofFile file: String) -> String {
        String(repeating: "../", count: file.count { $0 == "/" })
    }
}
