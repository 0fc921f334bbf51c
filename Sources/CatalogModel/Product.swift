/// A product's fields live in one shared, copy-on-write box (`SharedFields`): copying the 21
/// fields, each string and array retained, was about 3 % of a 10,000-product build in `perf`.
public struct Product: Sendable, Hashable, Identifiable {
    private var storage: SharedFields<Fields>
    public var slug: Slug { get { storage.fields.slug } _modify { yield &storage.fields.slug } }
    public var sku: String { get { storage.fields.sku } _modify { yield &storage.fields.sku } }
    public var name: String { get { storage.fields.name } _modify { yield &storage.fields.name } }
    public var brand: Slug { get { storage.fields.brand } _modify { yield &storage.fields.brand } }
    public var price: Money { get { storage.fields.price } _modify { yield &storage.fields.price } }
    /// The unit the price is for: the file's `priceUnit`, else `ea`. Feeds, the API and checkout
    /// use it; pages print `statedPriceUnit`, so a lipstick is not "$ 18.00/ea".
    public var priceUnit: String {
        get { storage.fields.priceUnit ?? "ea" }
        set { storage.fields.priceUnit = newValue }
    }
    /// `priceUnit` as the file gave it; nil where the file left it out.
    public var statedPriceUnit: String? { get { storage.fields.priceUnit } _modify { yield &storage.fields.priceUnit } }
    /// `featured: true`: the shop puts it on the home page.
    public var featured: Bool { get { storage.fields.featured } _modify { yield &storage.fields.featured } }
    public var availability: Availability { get { storage.fields.availability } _modify { yield &storage.fields.availability } }
    public var thumbnail: ImageReference? { get { storage.fields.thumbnail } _modify { yield &storage.fields.thumbnail } }
    public var image: ImageReference? { get { storage.fields.image } _modify { yield &storage.fields.image } }
    /// A gallery after `image`.
    public var images: [ImageReference] { get { storage.fields.images } _modify { yield &storage.fields.images } }
    public var gtin: String? { get { storage.fields.gtin } _modify { yield &storage.fields.gtin } }
    public var mpn: String? { get { storage.fields.mpn } _modify { yield &storage.fields.mpn } }
    public var tags: [String] { get { storage.fields.tags } _modify { yield &storage.fields.tags } }
    public var date: Timestamp? { get { storage.fields.date } _modify { yield &storage.fields.date } }
    public var netContent: NetContent? { get { storage.fields.netContent } _modify { yield &storage.fields.netContent } }
    /// Option names (`shade`, `size`) in display order; empty without variants.
    public var options: [String] { get { storage.fields.options } _modify { yield &storage.fields.options } }
    /// With variants, `sku` is the group's id and only the variants can be bought.
    public var variants: [Variant] { get { storage.fields.variants } _modify { yield &storage.fields.variants } }
    /// Category slugs; the first gives the breadcrumb and the feed's `g:product_type`.
    public var categories: [Slug] { get { storage.fields.categories } _modify { yield &storage.fields.categories } }
    /// Option names as a storefront's language writes them, by option (`shade` → `색상`);
    /// an option missing here is shown by its own name.
    public var optionLabels: [String: String] { get { storage.fields.optionLabels } _modify { yield &storage.fields.optionLabels } }
    /// Prices in other currencies, one per currency, as the file lists them (`prices`).
    public var prices: [Money] { get { storage.fields.prices } _modify { yield &storage.fields.prices } }
    public var detail: RenderedMarkdown { get { storage.fields.detail } _modify { yield &storage.fields.detail } }
    public var extra: [String: ExtraValue] { get { storage.fields.extra } _modify { yield &storage.fields.extra } }
    public var source: SourceLocation { get { storage.fields.source } _modify { yield &storage.fields.source } }

    public var id: Slug { slug }

    public init(
        slug: Slug, sku: String, name: String, brand: Slug, price: Money, priceUnit: String? = nil,
        availability: Availability = .inStock, thumbnail: ImageReference? = nil, image: ImageReference? = nil,
        gtin: String? = nil, mpn: String? = nil, tags: [String] = [], date: Timestamp? = nil,
        images: [ImageReference] = [], netContent: NetContent? = nil, options: [String] = [], variants: [Variant] = [],
        categories: [Slug] = [], featured: Bool = false, prices: [Money] = [], detail: RenderedMarkdown = .empty,
        extra: [String: ExtraValue] = [:], source: SourceLocation
    ) {
        storage = SharedFields(
            Fields(
                slug: slug, sku: sku, name: name, brand: brand, price: price, priceUnit: priceUnit,
                availability: availability, thumbnail: thumbnail, image: image, images: images, gtin: gtin, mpn: mpn,
                tags: tags, date: date, netContent: netContent, options: options, variants: variants,
                categories: categories, featured: featured, prices: prices, detail: detail, extra: extra, source: source))
    }

    /// Whether both are copies of one record, unchanged: cheaper than `==`, and enough for a table
    /// of answers about the record.
    func isSameRecord(as other: Product) -> Bool { storage.isSameBox(as: other.storage) }

    /// Where a catalog last listed this record (`Catalog.position(of:)` checks it), or -1.
    var positionHint: Int { storage.positionHint }

    func hint(position: Int) { storage.hint(position: position) }

    private struct Fields: Sendable, Hashable {
        var slug: Slug
        var sku: String
        var name: String
        var brand: Slug
        var price: Money
        var priceUnit: String?
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
        var featured: Bool
        var prices: [Money]
        var optionLabels: [String: String] = [:]
        var detail: RenderedMarkdown
        var extra: [String: ExtraValue]
        var source: SourceLocation
    }
}
