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
    /// `[.everything]` (the default) means "re-render on any change". Worked out only when read:
    /// a full build never reads it, and at 100,000 products declaring every file's inputs took
    /// more than a second of the build's one serial step.
    public var dependencies: Set<Dependency> {
        get { added.reduce(declared()) { $0.union($1) } }
        set {
            declared = { newValue }
            added = []
        }
    }
    public var render: @Sendable () -> Data
    /// A file that grows with the whole catalog (the merchant feed, a sitemap, a list of every
    /// promotion). A builder starts these first: left to the end (sitemaps sort last by path), one
    /// kept a core busy for half a second at 100,000 products while the other had nothing left.
    public var isLarge = false
    /// For a large file: writes it piece by piece into a sink, so a build can write it to disk
    /// without holding it whole. `render` then collects the same bytes in memory.
    public private(set) var stream: (@Sendable (OutputSink) -> Void)?
    private var declared: @Sendable () -> Set<Dependency>
    private var added: [Set<Dependency>] = []

    public init(
        path: String, category: Category, kind: String,
        dependencies: @autoclosure @escaping @Sendable () -> Set<Dependency> = [.everything],
        render: @escaping @Sendable () -> Data
    ) {
        self.path = path
        self.category = category
        self.kind = kind
        self.declared = dependencies
        self.render = render
    }

    /// A text file, UTF-8 encoded.
    public init(
        path: String, category: Category, kind: String,
        dependencies: @autoclosure @escaping @Sendable () -> Set<Dependency> = [.everything],
        text: @escaping @Sendable () -> String
    ) {
        self.init(path: path, category: category, kind: kind, dependencies: dependencies()) { Data(text().utf8) }
    }

    /// A file written piece by piece (`stream`).
    public init(
        path: String, category: Category, kind: String,
        dependencies: @autoclosure @escaping @Sendable () -> Set<Dependency> = [.everything],
        stream: @escaping @Sendable (OutputSink) -> Void
    ) {
        self.init(path: path, category: category, kind: kind, dependencies: dependencies()) {
            let sink = OutputSink.memory()
            stream(sink)
            return sink.data
        }
        self.stream = stream
    }

    /// The same job, marked `isLarge`.
    public func large() -> OutputJob {
        var job = self
        job.isLarge = true
        return job
    }

    /// Adds inputs every file of a producer shares (its templates, the layout) without working
    /// out this file's own.
    public mutating func addDependencies(_ more: Set<Dependency>) { added.append(more) }

    /// The same job with its dependencies worked out once, for a builder that reads them.
    public func resolvingDependencies() -> OutputJob {
        var job = self
        job.dependencies = dependencies
        return job
    }

    /// Drops what renders the file once it is written. A storefront's pages hold its catalog and
    /// the cards its pages share until the last of them lets go: forgotten as each storefront is
    /// written, they no longer all stay alive until the end of a build (see `BuildPipeline`).
    /// Rendering a forgotten job is a programming error, not an empty file.
    public mutating func forgetRendering() {
        let path = path
        render = { preconditionFailure("\(path) was rendered after its job forgot how") }
        stream = nil
    }
}
