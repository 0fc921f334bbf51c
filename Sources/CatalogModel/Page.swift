/// A free page such as about or terms, published at `<slug>/index.html`.
public struct Page: Sendable, Hashable, Identifiable {
    public var slug: Slug
    public var title: String
    public var body: RenderedMarkdown
    public var extra: [String: ExtraValue]
    public var source: SourceLocation

    public var id: Slug { slug }

    public init(slug: Slug, title: String, body: RenderedMarkdown = .empty, extra: [String: ExtraValue] = [:], source: SourceLocation) {
        self.slug = slug
        self.title = title
        self.body = body
        self.extra = extra
        self.source = source
    }
}
