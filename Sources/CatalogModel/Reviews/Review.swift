import Foundation

/// One published review: a line of `Content/reviews/*.jsonl`, checked. Reviews are plain text,
/// never Markdown or HTML: buyers write them, so nothing in one may become markup on a page.
public struct Review: Sendable, Hashable {
    public var id: String
    /// The product it counts for; a review naming a variant's SKU counts for its product.
    public var product: Slug
    /// The SKU the line named, when it named one rather than the product's slug.
    public var sku: String?
    /// 1–5.
    public var rating: Int
    public var title: String?
    public var body: String
    public var author: String
    public var date: Timestamp
    /// Bought it: a link from an order, or the review service said so.
    public var verified: Bool
    /// BCP 47 tag of the text, where the line gave one.
    public var language: String?
    public var response: Response?
    public var source: SourceLocation

    /// The shop's public answer.
    public struct Response: Sendable, Hashable {
        public var body: String
        public var date: Timestamp

        public init(body: String, date: Timestamp) {
            self.body = body
            self.date = date
        }
    }

    public init(
        id: String, product: Slug, sku: String? = nil, rating: Int, title: String? = nil, body: String, author: String,
        date: Timestamp, verified: Bool = false, language: String? = nil, response: Response? = nil,
        source: SourceLocation
    ) {
        self.id = id
        self.product = product
        self.sku = sku
        self.rating = rating
        self.title = title
        self.body = body
        self.author = author
        self.date = date
        self.verified = verified
        self.language = language
        self.response = response
        self.source = source
    }

    /// The body's paragraphs: lines separated by a blank line, each trimmed.
    public var paragraphs: [String] { Self.paragraphs(of: body) }

    public static func paragraphs(of text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// Limits a review's parts keep to, in characters: the loader, the review form and the
    /// importers all hold reviews to these.
    public enum Limits {
        public static let id = 1...100
        public static let title = 1...200
        public static let body = 1...5_000
        public static let author = 1...100
        public static let responseBody = 1...5_000
    }
}
