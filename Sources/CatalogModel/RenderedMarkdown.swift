/// A Markdown body's HTML and plain-text renderings, made once by the loader so every output
/// (pages, feeds, search) reads the same text. The Markdown source itself is not kept: every
/// output reads one of these, and at 100,000 products the source was 70 MB held for nothing.
public struct RenderedMarkdown: Sendable, Hashable {
    /// Safe HTML: raw HTML in the source is omitted, headings carry stable ids.
    public var html: String
    /// Text without markup, for feeds, search and descriptions.
    public var plainText: String

    public init(html: String, plainText: String) {
        self.html = html
        self.plainText = plainText
    }

    public static let empty = RenderedMarkdown(html: "", plainText: "")
    public var isEmpty: Bool { html.trimmingWhitespace().isEmpty }
}
