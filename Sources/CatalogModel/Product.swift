public struct Product: Sendable, Hashable, Identifiable {
    public var slug: Slug
    public var sku: String
    public var name: String
    public var brand: Slug
    public var price: Money
    public var priceUnit: String
    public var availability: Availability
    public var thumbnail: ImageReference?
    public var image: ImageReference?
    /// A gallery after `image`.
    public var images: [ImageReference]
    public var gtin: String?
    public var mpn: String?
    public var tags: [String]
    public var date: Timestamp?
    public var netContent: NetContent?
    /// Option names (`shade`, `size`) in display order; empty without variants.
    public var options: [String]
    /// With variants, `sku` is the group's id and only the variants can be bought.
    public var variants: [Variant]
    /// Category slugs; the first gives the breadcrumb and the feed's `g:product_type`.
    public var categories: [Slug]
    public var detail: RenderedMarkdown
    public var extra: [String: ExtraValue]
    public var source: SourceLocation

    public var id: Slug { slug }

    public init(
        slug: Slug, sku: String, name: String, brand: Slug, price: Money, priceUnit: String = "ea",
        availability: Availability = .inStock, thumbnail: ImageReference? = nil, image: ImageReference? = nil,
        gtin: String? = nil, mpn: String? = nil, tags: [String] = [], date: Timestamp? = nil,
        images: [ImageReference] = [], netContent: NetContent? = nil, options: [String] = [], variants: [Variant] = [],
        categories: [Slug] = [], detail: RenderedMarkdown = .empty, extra: [String: ExtraValue] = [:], source: SourceLocation
    ) {
        self.slug = slug
        self.sku = sku
        self.name = name
        self.brand = brand
        self.price = price
        self.priceUnit = priceUnit
        self.availability = availability
        self.thumbnail = thumbnail
        self.image = image
        self.gtin = gtin
        self.mpn = mpn
        self.tags = tags
        self.date = date
        self.images = images
        self.netContent = netContent
        self.options = options
        self.variants = variants
        self.categories = categories
        self.detail = detail
        self.extra = extra
        self.source = source
    }
}
