public import Foundation

/// A promotion's fields live in one shared, copy-on-write box (`SharedFields`), as a product's
/// do: every price quote a promotion lowers carries a copy of it.
public struct Promotion: Sendable, Hashable, Identifiable {
    /// Where a promotion stands at a given moment; "now" is the build's clock, never read here.
    public enum Status: String, Sendable, Hashable { case upcoming, active, expired }

    private var storage: SharedFields<Fields>
    public var slug: Slug { get { storage.fields.slug } _modify { yield &storage.fields.slug } }
    public var title: String { get { storage.fields.title } _modify { yield &storage.fields.title } }
    public var starts: Timestamp { get { storage.fields.starts } _modify { yield &storage.fields.starts } }
    public var ends: Timestamp? { get { storage.fields.ends } _modify { yield &storage.fields.ends } }
    public var brands: [Slug] { get { storage.fields.brands } _modify { yield &storage.fields.brands } }
    public var products: [Slug] { get { storage.fields.products } _modify { yield &storage.fields.products } }
    public var discountPercent: Decimal? { get { storage.fields.discountPercent } _modify { yield &storage.fields.discountPercent } }
    public var code: String? { get { storage.fields.code } _modify { yield &storage.fields.code } }
    public var image: ImageReference? { get { storage.fields.image } _modify { yield &storage.fields.image } }
    public var stores: [Store] { get { storage.fields.stores } _modify { yield &storage.fields.stores } }
    /// Ids of the markets it runs in; empty runs in all of them.
    public var markets: [String] { get { storage.fields.markets } _modify { yield &storage.fields.markets } }
    public var content: RenderedMarkdown { get { storage.fields.content } _modify { yield &storage.fields.content } }
    public var extra: [String: ExtraValue] { get { storage.fields.extra } _modify { yield &storage.fields.extra } }
    public var source: SourceLocation { get { storage.fields.source } _modify { yield &storage.fields.source } }

    public var id: Slug { slug }

    public init(
        slug: Slug, title: String, starts: Timestamp, ends: Timestamp? = nil, brands: [Slug] = [],
        products: [Slug] = [], discountPercent: Decimal? = nil, code: String? = nil, image: ImageReference? = nil,
        stores: [Store] = [], markets: [String] = [], content: RenderedMarkdown = .empty, extra: [String: ExtraValue] = [:],
        source: SourceLocation
    ) {
        storage = SharedFields(
            Fields(
                slug: slug, title: title, starts: starts, ends: ends, brands: brands, products: products,
                discountPercent: discountPercent, code: code, image: image, stores: stores, markets: markets, content: content, extra: extra,
                source: source))
    }

    /// Active when `starts ≤ now < ends`; without `ends` it never expires.
    public func status(at now: Date) -> Status {
        if now < starts.date { return .upcoming }
        if let ends, now >= ends.date { return .expired }
        return .active
    }

    /// Whether it runs in the market of this id: one that names no markets runs in all of them,
    /// and in a shop without markets (`nil`).
    public func runs(inMarket id: String?) -> Bool {
        markets.isEmpty || id.map(markets.contains) == true
    }

    /// Whether it names the product directly or through the product's brand.
    public func applies(to product: Product) -> Bool {
        products.contains(product.slug) || brands.contains(product.brand)
    }

    private struct Fields: Sendable, Hashable {
        var slug: Slug
        var title: String
        var starts: Timestamp
        var ends: Timestamp?
        var brands: [Slug]
        var products: [Slug]
        var discountPercent: Decimal?
        var code: String?
        var image: ImageReference?
        var stores: [Store]
        var markets: [String]
        var content: RenderedMarkdown
        var extra: [String: ExtraValue]
        var source: SourceLocation
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
