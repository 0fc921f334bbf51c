/// A product's fields live in one shared, copy-on-write box: a build copies products into page
/// contexts, feeds, API documents and search records, and a copy of the 21 fields retained each
/// of their strings and arrays, about 3 % of a 10,000-product build in `perf`. A copy is now one
/// retain; a change to a shared product copies the box first, so it is still a value.
public struct Product: Sendable, Hashable, Identifiable {
    private var storage: Storage
    public var slug: Slug { get { storage.fields.slug } _modify { makeUnique(); yield &storage.fields.slug } }
    public var sku: String { get { storage.fields.sku } _modify { makeUnique(); yield &storage.fields.sku } }
    public var name: String { get { storage.fields.name } _modify { makeUnique(); yield &storage.fields.name } }
    public var brand: Slug { get { storage.fields.brand } _modify { makeUnique(); yield &storage.fields.brand } }
    public var price: Money { get { storage.fields.price } _modify { makeUnique(); yield &storage.fields.price } }
    public var priceUnit: String { get { storage.fields.priceUnit } _modify { makeUnique(); yield &storage.fields.priceUnit } }
    public var availability: Availability { get { storage.fields.availability } _modify { makeUnique(); yield &storage.fields.availability } }
    public var thumbnail: ImageReference? { get { storage.fields.thumbnail } _modify { makeUnique(); yield &storage.fields.thumbnail } }
    public var image: ImageReference? { get { storage.fields.image } _modify { makeUnique(); yield &storage.fields.image } }
    /// A gallery after `image`.
    public var images: [ImageReference] { get { storage.fields.images } _modify { makeUnique(); yield &storage.fields.images } }
    public var gtin: String? { get { storage.fields.gtin } _modify { makeUnique(); yield &storage.fields.gtin } }
    public var mpn: String? { get { storage.fields.mpn } _modify { makeUnique(); yield &storage.fields.mpn } }
    public var tags: [String] { get { storage.fields.tags } _modify { makeUnique(); yield &storage.fields.tags } }
    public var date: Timestamp? { get { storage.fields.date } _modify { makeUnique(); yield &storage.fields.date } }
    public var netContent: NetContent? { get { storage.fields.netContent } _modify { makeUnique(); yield &storage.fields.netContent } }
    /// Option names (`shade`, `size`) in display order; empty without variants.
    public var options: [String] { get { storage.fields.options } _modify { makeUnique(); yield &storage.fields.options } }
    /// With variants, `sku` is the group's id and only the variants can be bought.
    public var variants: [Variant] { get { storage.fields.variants } _modify { makeUnique(); yield &storage.fields.variants } }
    /// Category slugs; the first gives the breadcrumb and the feed's `g:product_type`.
    public var categories: [Slug] { get { storage.fields.categories } _modify { makeUnique(); yield &storage.fields.categories } }
    public var detail: RenderedMarkdown { get { storage.fields.detail } _modify { makeUnique(); yield &storage.fields.detail } }
    public var extra: [String: ExtraValue] { get { storage.fields.extra } _modify { makeUnique(); yield &storage.fields.extra } }
    public var source: SourceLocation { get { storage.fields.source } _modify { makeUnique(); yield &storage.fields.source } }

    public var id: Slug { slug }

    public init(
        slug: Slug, sku: String, name: String, brand: Slug, price: Money, priceUnit: String = "ea",
        availability: Availability = .inStock, thumbnail: ImageReference? = nil, image: ImageReference? = nil,
        gtin: String? = nil, mpn: String? = nil, tags: [String] = [], date: Timestamp? = nil,
        images: [ImageReference] = [], netContent: NetContent? = nil, options: [String] = [], variants: [Variant] = [],
        categories: [Slug] = [], detail: RenderedMarkdown = .empty, extra: [String: ExtraValue] = [:], source: SourceLocation
    ) {
        storage = Storage(
            Fields(
                slug: slug, sku: sku, name: name, brand: brand, price: price, priceUnit: priceUnit,
                availability: availability, thumbnail: thumbnail, image: image, images: images, gtin: gtin, mpn: mpn,
                tags: tags, date: date, netContent: netContent, options: options, variants: variants,
                categories: categories, detail: detail, extra: extra, source: source))
    }

    public static func == (lhs: Product, rhs: Product) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    /// Whether both are copies of one record, unchanged: cheaper than `==`, and enough for a table
    /// of answers about the record.
    func isSameRecord(as other: Product) -> Bool { storage === other.storage }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    private struct Fields: Sendable, Hashable {
        var slug: Slug
        var sku: String
        var name: String
        var brand: Slug
        var price: Money
        var priceUnit: String
        var availability: Availability
        var thumbnail: ImageReference?
        var image: ImageReference?
        var images: [ImageReference]
        var gtin: String?
        var mpn: String?
        var tags: [String]
        var date: Timestamp?
        var netContent: NetContent?
        var options: [String]
        var variants: [Variant]
        var categories: [Slug]
        var detail: RenderedMarkdown
        var extra: [String: ExtraValue]
        var source: SourceLocation
    }

    /// Changed only through `makeUnique`, when this product holds the one reference.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
}
