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
    public var gtin: String?
    public var mpn: String?
    public var tags: [String]
    public var date: Timestamp?
    public var detail: RenderedMarkdown
    public var extra: [String: ExtraValue]
    public var source: SourceLocation

    public var id: Slug { slug }

    public init(
        slug: Slug, sku: String, name: String, brand: Slug, price: Money, priceUnit: String = "ea",
        availability: Availability = .inStock, thumbnail: ImageReference? = nil, image: ImageReference? = nil,
        gtin: String? = nil, mpn: String? = nil, tags: [String] = [], date: Timestamp? = nil,
        detail: RenderedMarkdown = .empty, extra: [String: ExtraValue] = [:], source: SourceLocation
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
        self.detail = detail
        self.extra = extra
        self.source = source
    }
}
