import CatalogModel
import Foundation

/// sitemaps.org documents: one `<urlset>`, or a `<sitemapindex>` naming several when the site
/// has more URLs than one sitemap may hold.
enum Sitemap {
    struct Entry: Sendable {
        /// Absolute URL.
        var location: String
        var lastModified: Timestamp?
        /// The page in every storefront, itself and `x-default` included; empty in a shop without markets.
        var alternates: [PageAlternates.Link] = []
    }

    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"
    /// The protocol's limit per sitemap file.
    static let urlLimit = 50_000

    static func urlset(_ entries: [Entry]) -> Data {
        document(root: "urlset", child: "url", entries)
    }

    /// `entries` are the sitemaps, each with the latest `lastmod` of its URLs.
    static func index(_ entries: [Entry]) -> Data {
        document(root: "sitemapindex", child: "sitemap", entries)
    }

    private static func document(root: String, child: String, _ entries: [Entry]) -> Data {
        let xml = XMLWriter()
        xml.start(root)
        xml.attribute("xmlns", namespace)
        // Google's way of naming a page's other languages in a sitemap; declared only where used.
        if entries.contains(where: { !$0.alternates.isEmpty }) { xml.attribute("xmlns:xhtml", xhtmlNamespace) }
        for entry in entries {
            xml.start(child)
            xml.element("loc", entry.location)
            // W3C Datetime: a date alone when the content gave only a date.
            if let lastModified = entry.lastModified { xml.element("lastmod", lastModified.iso8601) }
            for link in entry.alternates {
                xml.start("xhtml:link")
                xml.attribute("rel", "alternate")
                xml.attribute("hreflang", link.hreflang)
                xml.attribute("href", link.url)
                xml.end()
            }
            xml.end()
        }
        return xml.finish()
    }
}
