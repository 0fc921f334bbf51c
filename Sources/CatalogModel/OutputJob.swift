public import Foundation

/// One file of the built site, rendered on demand. Every producer (pages, feeds, search index,
/// API) hands the builder a list of these; the builder renders them on all cores and writes them.
public struct OutputJob: Sendable {
    /// What the summary line counts it as.
    public enum Category: String, Sendable, Hashable { case page, feed, data }

    /// Path under the output folder, e.g. `products/x/index.html`.
    public var path: String
    public var category: Category
    /// The producer's name for it (`product`, `rss`, `search-shard`), for verbose output and incremental builds.
    public var kind: String
    public var render: @Sendable () -> Data

    public init(path: String, category: Category, kind: String, render: @escaping @Sendable () -> Data) {
        self.path = path
        self.category = category
        self.kind = kind
        self.render = render
    }

    /// A text file, UTF-8 encoded.
    public init(path: String, category: Category, kind: String, text: @escaping @Sendable () -> String) {
        self.init(path: path, category: category, kind: kind) { Data(text().utf8) }
    }
}
