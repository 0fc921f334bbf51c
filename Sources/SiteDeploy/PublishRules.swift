/// How a published file is served: its `Content-Type`, and how long browsers and CDNs may keep
/// it. One table for every target: the headers of an S3 upload and the `_headers` file of a
/// static host come from the same rules.
public enum PublishRules {
    /// A `Cache-Control` rule for paths under a prefix. Prefixes, not patterns, because every
    /// host's `_headers` dialect understands `prefix*` and no two rules may match one file (a host
    /// joins every matching rule's headers).
    public struct CacheRule: Sendable, Equatable {
        public var prefix: String
        public var cacheControl: String
        public var why: String
    }

    /// A year, and never checked again: these names change whenever their bytes do.
    public static let immutable = "public, max-age=31536000, immutable"
    /// Five minutes: an hourly price or stock change reaches shoppers within minutes of a deploy.
    public static let short = "public, max-age=300"

    public static let cacheRules: [CacheRule] = [
        CacheRule(prefix: "pictures/", cacheControl: immutable, why: "derived pictures, named by their bytes' digest"),
        CacheRule(prefix: "search/f-", cacheControl: immutable, why: "search index files, named by their bytes' digest"),
        CacheRule(prefix: "search/l-", cacheControl: immutable, why: "search index files, named by their bytes' digest"),
        CacheRule(prefix: "search/p-", cacheControl: immutable, why: "search index files, named by their bytes' digest"),
        CacheRule(prefix: "search/r-", cacheControl: immutable, why: "search records, named by their bytes' digest"),
    ]

    public static func cacheControl(for path: String) -> String {
        cacheRules.first { path.hasPrefix($0.prefix) }?.cacheControl ?? short
    }

    public static func contentType(for path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "xml": return "application/xml"
        case "txt": return "text/plain; charset=utf-8"
        case "md": return "text/markdown; charset=utf-8"
        case "csv": return "text/csv; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "webmanifest": return "application/manifest+json"
        case "pdf": return "application/pdf"
        case "gz": return "application/gzip"
        default: return "application/octet-stream"
        }
    }
}
