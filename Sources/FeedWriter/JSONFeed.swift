import CatalogModel
import Foundation

/// A JSON Feed 1.1 document (https://www.jsonfeed.org/version/1.1/), the same items as an RSS feed.
struct JSONFeed: Encodable {
    struct Item: Encodable {
        var id: String
        var url: String
        var title: String
        var contentHTML: String
        var image: String?
        /// RFC 3339.
        var datePublished: String
        var tags: [String]?

        enum CodingKeys: String, CodingKey {
            case id, url, title, image, tags
            case contentHTML = "content_html"
            case datePublished = "date_published"
        }
    }

    var version = "https://jsonfeed.org/version/1.1"
    var title: String
    var homePageURL: String
    var feedURL: String
    var description: String
    /// RFC 5646, `en-US`.
    var language: String
    var items: [Item]

    enum CodingKeys: String, CodingKey {
        case version, title, description, language, items
        case homePageURL = "home_page_url"
        case feedURL = "feed_url"
    }

    /// Indented by the one JSON writer, keys sorted and slashes as they are: the same feed always
    /// gives the same bytes.
    func data() -> Data {
        // Only strings and arrays of them: encoding cannot fail.
        var bytes = try! JSONValue.encoding(self).prettyEncodedBytes()
        bytes.append(UInt8(ascii: "\n"))
        return Data(bytes)
    }
}
