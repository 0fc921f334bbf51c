/// A record's text in one more language, from a file beside it (`products/serum.ko.md`). It
/// holds only what a shopper reads; a text it leaves out falls back to the default language's.
public struct Translation: Sendable, Hashable {
    public var kind: RecordKind
    /// The record it translates.
    public var slug: Slug
    /// A tag from `site.json`'s `languages`.
    public var language: String
    /// A brand's, category's, page's or promotion's `title`, a product's `name`.
    public var title: String?
    /// The translated body; nil where the file has none.
    public var body: RenderedMarkdown?
    public var tags: [String]?
    /// Option names by option (`shade` → `색상`).
    public var options: [TranslatedTerm]
    /// Option values by the default value.
    public var values: [TranslatedTerm]
    /// A promotion's store names by the default name.
    public var stores: [TranslatedTerm]
    /// The record's path in this language, where it differs.
    public var translatedSlug: Slug?
    /// Where `slug` was written, for a message about it.
    public var slugSource: SourceLocation?
    public var source: SourceLocation

    public init(
        kind: RecordKind, slug: Slug, language: String, title: String? = nil, body: RenderedMarkdown? = nil,
        tags: [String]? = nil, options: [TranslatedTerm] = [], values: [TranslatedTerm] = [], stores: [TranslatedTerm] = [],
        translatedSlug: Slug? = nil, slugSource: SourceLocation? = nil, source: SourceLocation
    ) {
        self.slugSource = slugSource
        self.kind = kind
        self.slug = slug
        self.language = language
        self.title = title
        self.body = body
        self.tags = tags
        self.options = options
        self.values = values
        self.stores = stores
        self.translatedSlug = translatedSlug
        self.source = source
    }

    /// Which record, in which language.
    public struct Key: Sendable, Hashable {
        public var kind: RecordKind
        public var slug: Slug
        public var language: String

        public init(kind: RecordKind, slug: Slug, language: String) {
            self.kind = kind
            self.slug = slug
            self.language = language
        }
    }

    public var key: Key { Key(kind: kind, slug: slug, language: language) }
}

/// One entry of a translation's `options`, `values` or `stores`: the default text, its
/// translation, and where the entry was written.
public struct TranslatedTerm: Sendable, Hashable {
    public var original: String
    public var text: String
    public var location: SourceLocation

    public init(original: String, text: String, location: SourceLocation) {
        self.original = original
        self.text = text
        self.location = location
    }
}
