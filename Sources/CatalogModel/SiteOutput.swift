/// Parts of the output a shop may leave out (`site.json` `omit`). Static hosts cap a site's files
/// (Cloudflare Pages: 20,000 on its free plan); the JSON API is one file per product and brand page,
/// the brand feeds one per brand, and a shop that publishes neither need not pay for them.
public enum SiteOutput: String, CaseIterable, Sendable, Hashable {
    case api
    case brandFeeds
}
