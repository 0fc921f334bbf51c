public import CatalogModel
public import Foundation

/// Hand-made records for tests that state exactly the catalog they depend on. Every field has a
/// plain default so a call names only what its test is about; the defaults are one shop's
/// (brands `acme` and `other`, US dollars) so records made in different test targets agree.
public enum Records {
    /// The moment hand-made catalogs are read at, the same as the sample shop's clock.
    public static let now = date("2026-12-01T12:00:00Z")

    /// The site of a hand-made catalog unless a test needs its own.
    public static let site = Site(title: "Test Shop", baseURL: "https://shop.example.com/", currency: .usd)

    public static func slug(_ text: String) -> Slug {
        guard let slug = Slug(text) else { fatalError("\(text) is not a slug") }
        return slug
    }

    /// A date or date-time as content files write it (`2026-12-01`, `2026-12-01T12:00:00Z`);
    /// `through` reads a date alone as the end of its day, as the loader reads a promotion's `ends`.
    public static func timestamp(_ text: String, through: Bool = false, in zone: TimeZone = Timestamp.utc) -> Timestamp {
        switch Timestamp.parse(text, in: zone, through: through) {
        case .success(let timestamp): return timestamp
        case .failure(let error): fatalError("\(text) is not a timestamp: \(error)")
        }
    }

    public static func date(_ text: String) -> Date { timestamp(text).date }

    /// Text that renders to one paragraph; empty text is an empty body.
    public static func markdown(_ text: String) -> RenderedMarkdown {
        text.isEmpty ? .empty : RenderedMarkdown(html: "<p>\(text)</p>", plainText: text)
    }

    public static func brand(_ slug: String, _ title: String? = nil) -> Brand {
        Brand(slug: Self.slug(slug), title: title ?? slug.capitalized, source: SourceLocation(path: "brands/\(slug).md"))
    }

    /// A product whose name defaults to its slug in words and whose SKU to its slug in capitals.
    public static func product(
        _ slug: String, name: String? = nil, sku: String? = nil, brand: String = "acme", price: Int64 = 1000,
        currency: Currency = .usd, availability: Availability = .inStock, thumbnail: ImageReference? = nil,
        image: ImageReference? = nil, gtin: String? = nil, mpn: String? = nil, tags: [String] = [], date: String? = nil,
        detail: String = ""
    ) -> Product {
        Product(
            slug: Self.slug(slug), sku: sku ?? slug.uppercased(),
            name: name ?? slug.replacingOccurrences(of: "-", with: " ").capitalized, brand: Self.slug(brand),
            price: Money(minorUnits: price, currency: currency), availability: availability, thumbnail: thumbnail,
            image: image, gtin: gtin, mpn: mpn, tags: tags, date: date.map { timestamp($0) }, detail: markdown(detail),
            source: SourceLocation(path: "products/\(slug).md"))
    }

    /// A promotion titled by its slug, running from 2026-11-01 with no end unless told otherwise.
    public static func promotion(
        _ slug: String, title: String? = nil, starts: String = "2026-11-01", ends: String? = nil, brands: [String] = [],
        products: [String] = [], percent: Decimal? = nil, code: String? = nil, image: ImageReference? = nil,
        stores: [Store] = [], html: String? = nil
    ) -> Promotion {
        Promotion(
            slug: Self.slug(slug), title: title ?? slug, starts: timestamp(starts), ends: ends.map { timestamp($0, through: true) },
            brands: brands.map(Self.slug), products: products.map(Self.slug), discountPercent: percent, code: code,
            image: image, stores: stores,
            content: html.map { RenderedMarkdown(html: $0, plainText: $0) } ?? .empty,
            source: SourceLocation(path: "promotions/\(slug).md"))
    }

    /// A catalog of the given records; brands default to `acme` and `other`.
    public static func catalog(
        site: Site = site, brands: [Brand] = [brand("acme"), brand("other")], products: [Product] = [],
        promotions: [Promotion] = [], pages: [Page] = []
    ) -> Catalog {
        Catalog(site: site, brands: brands, products: products, promotions: promotions, pages: pages)
    }
}
