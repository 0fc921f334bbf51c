public struct Brand: Sendable, Hashable, Identifiable {
    public var slug: Slug
    public var title: String
    public var logo: ImageReference?
    public var country: String?
    public var website: String?
    public var description: RenderedMarkdown
    public var extra: [String: ExtraValue]
    public var source: SourceLocation

    public var id: Slug { slug }

    public init(
        slug: Slug, title: String, logo: ImageReference? = nil, country: String? = nil, website: String? = nil,
        description: RenderedMarkdown = .empty, extra: [String: ExtraValue] = [:], source: SourceLocation
    ) {
        self.slug = slug
        self.title = title
        self.logo = logo
        self.country = country
        self.website = website
        self.description = description
        self.extra = extra
        self.source = source
    }
}
