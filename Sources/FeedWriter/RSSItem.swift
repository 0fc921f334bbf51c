import CatalogModel
import Foundation

/// One `<item>` of a promotion feed.
struct RSSItem {
    struct Enclosure {
        var url: String
        /// Bytes; 0 when unknown (a remote image), as the RSS Best Practices Profile asks.
        var length: Int
        var type: String
    }

    var title: String
    var link: String
    /// A permalink: the promotion page's absolute URL.
    var guid: String
    var pubDate: Date
    /// HTML, written as escaped text so readers get it back exactly.
    var descriptionHTML: String
    var categories: [String]
    var enclosure: Enclosure?

    func write(to xml: XMLWriter) {
        xml.start("item")
        xml.element("title", title)
        xml.element("link", link)
        xml.element("guid", guid, attributes: ["isPermaLink": "true"])
        xml.element("pubDate", Timestamp.rfc822(pubDate))
        if !descriptionHTML.isEmpty { xml.element("description", descriptionHTML) }
        for category in categories { xml.element("category", category) }
        if let enclosure {
            xml.emptyElement(
                "enclosure", attributes: ["url": enclosure.url, "length": String(enclosure.length), "type": enclosure.type])
        }
        xml.end()
    }
}
