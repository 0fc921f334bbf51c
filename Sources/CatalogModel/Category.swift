/// A shelf of the shop ("Skincare", "Serums"): categories form a tree by `parent`, and a product
/// names the ones it sits on. Shoppers look for "serums" or "night care", not only for a brand.
public struct Category: Sendable, Hashable, Identifiable {
    public var slug: Slug
    public var title: String
    public var parent: Slug?
    /// Google's product taxonomy: an id (`2915`) or a path (`Health & Beauty > Personal Care > Cosmetics`).
    public var googleCategory: String?
    public var image: ImageReference?
    public var description: RenderedMarkdown
    public var extra: [String: ExtraValue]
    public var source: SourceLocation

    public var id: Slug { slug }

    public init(
        slug: Slug, title: String, parent: Slug? = nil, googleCategory: String? = nil, image: ImageReference? = nil,
        description: RenderedMarkdown = .empty, extra: [String: ExtraValue] = [:], source: SourceLocation
    ) {
        self.slug = slug
        self.title = title
        self.parent = parent
        self.googleCategory = googleCategory
        self.image = image
        self.description = description
        self.extra = extra
        self.source = source
    }
}
