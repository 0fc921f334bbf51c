public import CatalogModel

/// Where each page lives, relative to the site root; directories end in `/` and hold `index.html`.
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
    /// The search page; its index files and script live beside it under `search/`.
    public static let search = "search/"

    public static func brand(_ slug: Slug, page: Int = 1) -> String {
        page <= 1 ? "brands/\(slug)/" : "brands/\(slug)/page/\(page)/"
    }

    public static func product(_ slug: Slug) -> String { "products/\(slug)/" }
    public static func promotion(_ slug: Slug) -> String { "promotions/\(slug)/" }
    public static func page(_ slug: Slug) -> String { "\(slug)/" }
    public static func brandFeed(_ slug: Slug) -> String { "feeds/brands/\(slug).xml" }

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
