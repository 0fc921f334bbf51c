import Foundation

/// The same page in every storefront, for `hreflang` links, the sitemap's `xhtml:link`s and the
/// storefront switcher. Filled once every storefront's pages are planned, read while they render:
/// a page knows its own route only, and its alternates' routes differ where slugs are translated.
public final class PageAlternates: @unchecked Sendable {
    /// One storefront's version of a page.
    public struct Link: Sendable, Hashable {
        /// `ko-KR`, or `x-default` for the root's.
        public var hreflang: String
        public var url: String
        /// What the switcher calls the storefront (`한국어 · 대한민국 (KRW)`).
        public var label: String
        /// The storefront's language, for the label's `lang`.
        public var language: String
        public var storefront: Int
    }

    private var routesByIdentity: [String: [(storefront: Int, route: String)]] = [:]
    private var identities: [[String: String]]
    private var storefronts: [(hreflang: String, base: String, label: String, language: String)]
    private let lock = NSLock()

    /// For `count` storefronts, added in any order (they are planned on all cores).
    public init(count: Int) {
        identities = Array(repeating: [:], count: count)
        storefronts = Array(repeating: ("", "", "", ""), count: count)
    }

    /// Records one storefront's pages: `routes` as it writes them (`products/naiteu-serum/`), and
    /// for translated slugs the route the same page has under the records' own slugs.
    public func add(
        _ index: Int, storefront: Storefront, baseURL: String, label: String, routes: [String], ownSlugs: [RecordRef: Slug]
    ) {
        var renamed: [String: String] = [:]
        for (ref, own) in ownSlugs {
            renamed[Self.recordRoute(ref.kind, ref.slug)] = Self.recordRoute(ref.kind, own)
        }
        lock.lock()
        defer { lock.unlock() }
        storefronts[index] = (storefront.hreflang, baseURL, label, storefront.language.tag)
        var identity: [String: String] = [:]
        for route in routes {
            let own = Self.identity(of: route, renamed: renamed)
            identity[route] = own
            routesByIdentity[own, default: []].append((index, route))
        }
        identities[index] = identity
    }

    /// Every storefront's version of `route` in storefront `index` (itself included), then
    /// `x-default` for the root's; empty when no other storefront has the page.
    public func links(for route: String, in index: Int) -> [Link] {
        lock.lock()
        defer { lock.unlock() }
        guard index < identities.count, let identity = identities[index][route], let versions = routesByIdentity[identity],
            versions.count > 1
        else { return [] }
        var links = versions.sorted { $0.storefront < $1.storefront }.map { version in
            let s = storefronts[version.storefront]
            return Link(hreflang: s.hreflang, url: s.base + version.route, label: s.label, language: s.language, storefront: version.storefront)
        }
        if let root = links.first(where: { $0.storefront == 0 }) {
            var fallback = root
            fallback.hreflang = "x-default"
            links.append(fallback)
        }
        return links
    }

    static func recordRoute(_ kind: RecordKind, _ slug: Slug) -> String {
        switch kind {
        case .product: Routes.product(slug)
        case .brand: Routes.brand(slug)
        case .category: Routes.category(slug)
        case .promotion: Routes.promotion(slug)
        case .page: Routes.page(slug)
        case .site: ""
        }
    }

    /// The route with the records' own slugs: the record's folder (the first one or two
    /// segments) swapped when the storefront renamed it.
    static func identity(of route: String, renamed: [String: String]) -> String {
        guard !renamed.isEmpty else { return route }
        let segments = route.split(separator: "/", omittingEmptySubsequences: false)
        for count in [2, 1] where segments.count > count {
            let head = segments.prefix(count).joined(separator: "/") + "/"
            if let own = renamed[head] { return own + segments.dropFirst(count).joined(separator: "/") }
        }
        return route
    }
}
