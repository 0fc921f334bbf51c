import CatalogAPI
import CatalogModel
import Foundation

/// Small catalogs built in code, so each test states exactly the records it depends on.
enum TestCatalog {
    static let site = Site(
        title: "Test Shop", baseURL: "https://shop.example.com/base/", currency: .usd, locale: "en_US",
        checkoutURL: "https://checkout.example.com/")
    static let now = try! Timestamp.parse("2026-12-01T12:00:00Z").get().date

    static func slug(_ text: String) -> Slug { Slug(text)! }

    static func date(_ text: String) -> Timestamp { try! Timestamp.parse(text).get() }

    static func brand(_ slug: String, title: String? = nil) -> Brand {
        Brand(slug: Self.slug(slug), title: title ?? slug.capitalized, source: SourceLocation(path: "brands/\(slug).md"))
    }

    static func product(_ slug: String, brand: String, name: String? = nil, cents: Int64 = 1234) -> Product {
        Product(
            slug: Self.slug(slug), sku: slug.uppercased(), name: name ?? slug, brand: Self.slug(brand),
            price: Money(minorUnits: cents, currency: .usd), source: SourceLocation(path: "products/\(slug).md"))
    }

    /// `count` products of one brand, named so that their sort order is their number.
    static func products(_ count: Int, brand: String) -> [Product] {
        (0..<count).map { i in product(String(format: "\(brand)-p%04d", i), brand: brand, name: String(format: "Product %04d", i)) }
    }

    static func catalog(
        brands: [Brand], products: [Product] = [], promotions: [Promotion] = [], pages: [Page] = []
    ) -> Catalog {
        Catalog(site: site, brands: brands, products: products, promotions: promotions, pages: pages)
    }

    static func api(_ catalog: Catalog, now: Date = now) -> CatalogAPI {
        CatalogAPI(catalog: catalog, now: now)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
