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
    /// What the file is made from, so an incremental build re-renders only what a change touches.
    /// `[.everything]` (the default) means "re-render on any change".
    public var dependencies: Set<Dependency>
    public var render: @Sendable () -> Data

    public init(
        path: String, category: Category, kind: String, dependencies: Set<Dependency> = [.everything],
        render: @escaping @Sendable () -> Data
    ) {
        self.path = path
        self.category = category
        self.kind = kind
        self.dependencies = dependencies
        self.render = render
    }

    /// A text file, UTF-8 encoded.
    public init(
        path: String, category: Category, kind: String, dependencies: Set<Dependency> = [.everything],
        text: @escaping @Sendable () -> String
    ) {
        self.init(path: path, category: category, kind: kind, dependencies: dependencies) { Data(text().utf8) }
    }
}
