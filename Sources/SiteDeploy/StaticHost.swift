import Crypto
public import Foundation

/// A host that serves a folder as it is uploaded (Cloudflare Pages, Netlify): its limits, checked
/// before anything is sent, and the `_headers` and `_redirects` files it reads its rules from.
public enum StaticHost: String, Sendable, CaseIterable {
    case cloudflarePages = "cloudflare-pages"
    case netlify

    /// Figures from the hosts' documentation (2026): Cloudflare Pages takes 20,000 files on its
    /// free plan (100,000 on paid plans, `--host-file-limit`), 25 MiB a file, 100 header rules,
    /// 2,000 static redirects of up to 1,000 characters; Netlify refuses a deploy with more than
    /// 54,000 files in one folder.
    public struct Limits: Sendable {
        public var files: Int?
        public var fileSize: Int64?
        public var filesPerFolder: Int?
        public var redirects: Int?
        public var redirectLineLength: Int?
        public var headerRules: Int?
    }

    public var limits: Limits {
        switch self {
        case .cloudflarePages:
            Limits(files: 20_000, fileSize: 25 << 20, redirects: 2_000, redirectLineLength: 1_000, headerRules: 100)
        case .netlify:
            Limits(filesPerFolder: 54_000)
        }
    }

    /// Everything about the site (with its `_headers` and `_redirects`) that the host would refuse.
    public func problems(with manifest: DeployManifest, fileLimit: Int? = nil) -> [String] {
        let limits = limits
        var problems: [String] = []
        if let most = fileLimit ?? limits.files, manifest.entries.count > most {
            problems.append(
                "\(rawValue) takes at most \(most.formatted()) files; the site has \(manifest.entries.count.formatted())"
                    + (self == .cloudflarePages && fileLimit == nil ? " (paid plans take 100,000: --host-file-limit 100000)" : "")
                    + "; deploy it to a bucket (s3://) or a server (ssh://) instead")
        }
        if let largest = limits.fileSize {
            for (path, entry) in manifest.entries.sorted(by: { $0.key < $1.key }) where entry.size > largest {
                problems.append("\(path) is \(entry.size.formatted()) bytes; \(rawValue) takes files up to \(largest.formatted()) bytes")
            }
        }
        if let most = limits.filesPerFolder {
            var counts: [Substring: Int] = [:]
            for path in manifest.entries.keys {
                counts[path.lastIndex(of: "/").map { path[..<$0] } ?? "", default: 0] += 1
                // A page's folder counts as an entry of its parent folder too.
                if path.hasSuffix("/index.html"), let folderEnd = path.dropLast("/index.html".count).lastIndex(of: "/") {
                    counts[path[..<folderEnd], default: 0] += 1
                } else if path.hasSuffix("/index.html") {
                    counts["", default: 0] += 1
                }
            }
            for (folder, count) in counts.sorted(by: { $0.key < $1.key }) where count > most {
                problems.append(
                    "\(folder.isEmpty ? "the site's root" : String(folder) + "/") holds \(count.formatted()) entries; \(rawValue) takes at most \(most.formatted()) in one folder")
            }
        }
        return problems
    }

    // MARK: Files the host reads

    /// `_headers`: the cache rules every target shares (`PublishRules`). Files the rules do not
    /// name keep the host's own default, which revalidates on every visit.
    public static func headersFile() -> String {
        var text = "# Written by vitrine deploy from its cache rules; a host applies every rule that matches.\n"
        for rule in PublishRules.cacheRules {
            text += "/\(rule.prefix)*\n  Cache-Control: \(rule.cacheControl)\n"
        }
        return text
    }

    /// `_redirects`: pages removed by a deploy send their visitors to the listing they were part of,
    /// so a shared or bookmarked link to a renamed or discontinued product lands on the shop.
    public static func redirectsFile(_ redirects: [String: String]) -> String {
        var text = "# Written by vitrine deploy: pages removed since earlier deploys, sent to their section.\n"
        for source in redirects.keys.sorted() { text += "\(source) \(redirects[source]!) 301\n" }
        return text
    }

    /// The redirects after a deploy that removes `deletions` from a site that now holds `current`:
    /// earlier ones are kept unless their page exists again, and the newest `limit` stay.
    public static func redirects(
        earlier: [String: String], deletions: [String], current: DeployManifest, limit: Int = 2_000
    ) -> [String: String] {
        var result = earlier.filter { current.entries[pagePath(url: $0.key)] == nil }
        for path in deletions {
            guard let url = pageURL(path: path) else { continue }
            let section = url.split(separator: "/").first.map { "/\($0)/" } ?? "/"
            let target = current.entries[pagePath(url: section)] != nil ? section : "/"
            if target != url { result[url] = target }
        }
        if result.count > limit {
            // Keep this deploy's removals; drop the earliest others in path order.
            let fresh = Set(deletions.compactMap(pageURL(path:)))
            var surplus = result.count - limit
            for key in result.keys.sorted() where surplus > 0 && !fresh.contains(key) {
                result[key] = nil
                surplus -= 1
            }
        }
        return result
    }

    /// `products/x/index.html` → `/products/x/`; nil for what is not a page.
    static func pageURL(path: String) -> String? {
        if path == "index.html" { return "/" }
        if path.hasSuffix("/index.html") { return "/" + path.dropLast("index.html".count) }
        if path.hasSuffix(".html") { return "/" + path }
        return nil
    }

    static func pagePath(url: String) -> String {
        url.hasSuffix("/") ? String(url.dropFirst()) + "index.html" : String(url.dropFirst())
    }

    /// The host's files as extra entries of the deploy: written under `folder`, with their digests.
    public static func writeFiles(_ files: [String: String], into folder: URL) throws -> (DeployManifest, [String: URL]) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var manifest = DeployManifest()
        var sources: [String: URL] = [:]
        for (name, text) in files {
            let data = Data(text.utf8)
            let file = folder.appendingPathComponent(name)
            try data.write(to: file, options: .atomic)
            manifest.entries[name] = .init(
                size: Int64(data.count), digest: SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined())
            sources[name] = file
        }
        return (manifest, sources)
    }
}
