public import Foundation

/// What one deploy sends and removes, in the order that keeps a site that is updated file by file
/// (an S3 bucket) whole for its visitors: pictures, scripts and search files first, then the pages
/// that use them, then the sitemap and feeds that point at the pages, and stale files last.
public struct DeployPlan: Sendable, Equatable {
    public struct Upload: Sendable, Equatable {
        /// Where it goes, relative to the site's root.
        public var path: String
        /// Where its bytes are read from.
        public var source: URL
        public var size: Int64
        /// SHA-256 of the bytes, lowercase hex.
        public var digest: String
        public var stage: DeployStage
    }

    /// Sorted by stage, then path.
    public var uploads: [Upload]
    /// Paths on the target that the site no longer has, sorted.
    public var deletions: [String]
    /// Files the target already holds with the same bytes.
    public var unchanged: Int

    public var uploadedBytes: Int64 { uploads.reduce(0) { $0 + $1.size } }

    /// The uploads of one stage, in order.
    public func uploads(in stage: DeployStage) -> [Upload] { uploads.filter { $0.stage == stage } }

    /// What to send so the target holding `deployed` holds `current` (whose files are read from
    /// `folder`, or for the extra files a host needs, from `extraSources`). Without `deployed`
    /// (a first deploy, or a target whose state is not known) everything is sent and nothing
    /// deleted.
    public static func between(
        deployed: DeployManifest?, current: DeployManifest, folder: URL, extraSources: [String: URL] = [:]
    ) -> DeployPlan {
        let root = folder.standardizedFileURL
        var uploads: [Upload] = []
        var unchanged = 0
        for (path, entry) in current.entries {
            if let old = deployed?.entries[path], old.sameBytes(as: entry) {
                unchanged += 1
                continue
            }
            let source = extraSources[path] ?? root.appendingPathComponent(path)
            uploads.append(Upload(path: path, source: source, size: entry.size, digest: entry.digest, stage: DeployStage(path: path)))
        }
        uploads.sort { ($0.stage, $0.path) < ($1.stage, $1.path) }
        let deletions = (deployed?.entries.keys).map { $0.filter { current.entries[$0] == nil }.sorted() } ?? []
        return DeployPlan(uploads: uploads, deletions: deletions, unchanged: unchanged)
    }

    /// The URL paths a CDN in front of the target should forget after this deploy: every file sent
    /// or deleted, and a page's folder address too (`/x/` for `x/index.html`). Sorted.
    public static func purgePaths(_ plan: DeployPlan, prefix: String = "") -> [String] {
        var paths = Set<String>()
        for path in plan.uploads.map(\.path) + plan.deletions {
            paths.insert("/" + prefix + path)
            if path == "index.html" || path.hasSuffix("/index.html") { paths.insert("/" + prefix + path.dropLast("index.html".count)) }
        }
        return paths.sorted()
    }

    /// Refuses a plan that removes more than `limit` files: a build from the wrong folder or a
    /// half-empty catalog should not take a shop offline.
    public func checkDeletions(limit: Int) throws(DeployError) {
        if deletions.count > limit { throw .tooManyDeletions(count: deletions.count, limit: limit, examples: Array(deletions.prefix(5))) }
    }
}

/// When a file is sent within a deploy; see `DeployPlan`.
public enum DeployStage: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Everything pages refer to: pictures, styles, scripts, search files, the JSON API.
    case assets
    /// HTML, and the search index's manifest, which names the index's files by their digests.
    case pages
    /// What points at pages from outside: sitemaps, feeds, robots.txt.
    case indexes

    public init(path: String) {
        if path.hasSuffix(".html") || path == "search/manifest.json" {
            self = .pages
        } else if path.hasPrefix("feeds/") || path == "robots.txt" || (path.hasPrefix("sitemap") && path.hasSuffix(".xml")) {
            self = .indexes
        } else {
            self = .assets
        }
    }

    public static func < (lhs: DeployStage, rhs: DeployStage) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .assets: "assets"
        case .pages: "pages"
        case .indexes: "sitemaps and feeds"
        }
    }
}
