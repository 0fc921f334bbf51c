/// A Markdown body with its HTML and plain-text renderings, made once by the loader so every
/// output (pages, feeds, search) reads the same text.
public struct RenderedMarkdown: Sendable, Hashable {
    public var source: String
    /// Safe HTML: raw HTML in the source is omitted, headings carry stable ids.
    public var html: String
    /// Text without markup, for feeds, search and descriptions.
    public var plainText: String

    public init(source: String, html: String, plainText: String) {
        self.source = source
        self.html = html
        self.plainText = plainText
    }

    public static let empty = RenderedMarkdown(source: "", html: "", plainText: "")
    public var isEmpty: Bool { source.trimmingWhitespace().isEmpty }
}
