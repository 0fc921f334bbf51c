public import Foundation

public struct Promotion: Sendable, Hashable, Identifiable {
    /// Where a promotion stands at a given moment; "now" is the build's clock, never read here.
    public enum Status: String, Sendable, Hashable { case upcoming, active, expired }

    public var slug: Slug
    public var title: String
    public var starts: Timestamp
    public var ends: Timestamp?
    public var brands: [Slug]
    public var products: [Slug]
    public var discountPercent: Decimal?
    public var code: String?
    public var image: ImageReference?
    public var stores: [Store]
    public var content: RenderedMarkdown
    public var extra: [String: ExtraValue]
    public var source: SourceLocation

    public var id: Slug { slug }

    public init(
        slug: Slug, title: String, starts: Timestamp, ends: Timestamp? = nil, brands: [Slug] = [],
        products: [Slug] = [], discountPercent: Decimal? = nil, code: String? = nil, image: ImageReference? = nil,
        stores: [Store] = [], content: RenderedMarkdown = .empty, extra: [String: ExtraValue] = [:],
        source: SourceLocation
    ) {
        self.slug = slug
        self.title = title
        self.starts = starts
        self.ends = ends
        self.brands = brands
        self.products = products
        self.discountPercent = discountPercent
        self.code = code
        self.image = image
        self.stores = stores
        self.content = content
        self.extra = extra
        self.source = source
    }

    /// Active when `starts ≤ now < ends`; without `ends` it never expires.
    public func status(at now: Date) -> Status {
        if now < starts.date { return .upcoming }
        if let ends, now >= ends.date { return .expired }
        return .active
    }

    /// Whether it names the product directly or through the product's brand.
    public func applies(to product: Product) -> Bool {
        products.contains(product.slug) || brands.contains(product.brand)
    }
}

/// A shop where a deal can be had in person.
public struct Store: Sendable, Hashable {
    public var name: String
    public var address: String?
    public var latitude: Double
    public var longitude: Double

    public init(name: String, address: String? = nil, latitude: Double, longitude: Double) {
        self.name = name
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
    }
}
