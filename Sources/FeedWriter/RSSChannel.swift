import CatalogModel
import Foundation

/// An RSS 2.0 channel's own elements, shared by the promotion feeds and the merchant feed.
struct RSSChannel {
    var title: String
    /// The HTML page the channel stands for.
    var link: String
    var description: String
    /// RSS wants the lower-case form, `en-us`.
    var language: String
    /// The build clock, never the wall clock, so a rebuild with the same clock is byte-identical.
    var lastBuildDate: Date
    /// The feed's own absolute URL, for `atom:link rel="self"`.
    var selfURL: String

    static let generator = "Vitrine"
    static let atomNamespace = "http://www.w3.org/2005/Atom"

    /// The whole document: `<rss>`, the channel's elements, then what `items` writes.
    /// `namespaces` are declared on `<rss>` as prefix → URI, beside `atom`.
    func document(namespaces: KeyValuePairs<String, String> = [:], items: (XMLWriter) -> Void) -> Data {
        document(into: XMLWriter(), namespaces: namespaces, items: items)
    }

    /// The document written into `xml`, a memory writer (whose bytes are returned) or a streaming one.
    @discardableResult
    func document(into xml: XMLWriter, namespaces: KeyValuePairs<String, String> = [:], items: (XMLWriter) -> Void) -> Data {
        xml.start("rss")
        xml.attribute("version", "2.0")
        xml.attribute("xmlns:atom", Self.atomNamespace)
        for (prefix, uri) in namespaces { xml.attribute("xmlns:\(prefix)", uri) }
        xml.start("channel")
        xml.element("title", title)
        xml.element("link", link)
        xml.element("description", description)
        xml.element("language", language)
        xml.element("lastBuildDate", Timestamp.rfc822(lastBuildDate))
        xml.element("generator", Self.generator)
        xml.emptyElement("link", prefix: "atom", attributes: ["href": selfURL, "rel": "self", "type": "application/rss+xml"])
        items(xml)
        return xml.finish()
    }
}
