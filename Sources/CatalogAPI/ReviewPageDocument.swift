public import CatalogModel
import Foundation

/// `api/v1/products/<slug>/reviews/<n>.json`: one page of a product's reviews, newest first, with
/// the numbers of all of them. Written for reviewed products only, at least one page each.
public struct ReviewPageDocument: Codable, Sendable, Equatable {
    public var product: String
    public var summary: ReviewSummaryDocument
    /// From 1.
    public var page: Int
    public var pages: Int
    public var reviews: [ReviewDocument]
    /// Absolute URL of the next page; absent on the last.
    public var next: String?
}

/// All of a product's reviews in numbers.
public struct ReviewSummaryDocument: Codable, Sendable, Equatable {
    public var count: Int
    /// The mean to one decimal, as pages print it (`4.3`).
    public var average: Double
    /// Reviews by stars, `"1"` to `"5"`, every key present.
    public var histogram: [String: Int]

    public init(_ summary: RatingSummary) {
        count = summary.count
        average = Double(summary.averageTenths) / 10
        histogram = Dictionary(uniqueKeysWithValues: (1...5).map { (String($0), summary.histogram[$0 - 1]) })
    }
}

/// One review as its line has it: plain text, never markup.
public struct ReviewDocument: Codable, Sendable, Equatable {
    public var id: String
    public var rating: Int
    public var title: String?
    public var body: String
    public var author: String
    /// RFC 3339 at the shop's offset, as the product's `date`: the first ten characters are the
    /// day the page prints.
    public var date: String
    public var verified: Bool
    public var language: String?
    /// The variant's SKU, when the review named one.
    public var sku: String?
    public var response: ReviewResponseDocument?

    public init(_ review: Review) {
        id = review.id
        rating = review.rating
        title = review.title
        body = review.body
        author = review.author
        date = review.date.rfc3339
        verified = review.verified
        language = review.language
        sku = review.sku
        response = review.response.map { ReviewResponseDocument(body: $0.body, date: $0.date.rfc3339) }
    }
}

public struct ReviewResponseDocument: Codable, Sendable, Equatable {
    public var body: String
    public var date: String
}

/// A product's average and count where the API names the product: its document and list rows.
public struct RatingDocument: Codable, Sendable, Equatable {
    public var average: Double
    public var count: Int
    /// Absolute URL of the first page of its reviews.
    public var reviews: String

    public init(average: Double, count: Int, reviews: String) {
        self.average = average
        self.count = count
        self.reviews = reviews
    }
}

// One page per reviewed product, and a rating in every reviewed product's document: written
// straight into bytes, as the product documents are. `JSONOutputTests` holds them to JSONEncoder.
extension ReviewPageDocument: JSONObjectWritable {
    public func write(to writer: inout JSONObjectWriter) {
        write(to: &writer) { $0.objects("reviews", reviews) }
    }

    /// The page with its reviews written by `reviews` (`ReviewLineDocument`s, as a build writes).
    func write(to writer: inout JSONObjectWriter, reviews: (inout JSONObjectWriter) -> Void) {
        writer.string("next", next)
        writer.int("page", Int64(page))
        writer.int("pages", Int64(pages))
        writer.string("product", product)
        reviews(&writer)
        writer.object("summary", summary)
    }
}

/// A `ReviewDocument` written from its line: the same members, the texts copied from the file
/// where they need no decoding. A build writes every review this way; tests hold its bytes to
/// `ReviewDocument`'s.
struct ReviewLineDocument: JSONObjectWritable {
    var line: ReviewLine
    var product: Slug
    var zone: TimeZone

    func write(to writer: inout JSONObjectWriter) {
        text("author", line.author, to: &writer)
        text("body", line.body, to: &writer)
        writer.string("date", line.rfc3339(in: zone))
        text("id", line.id, to: &writer)
        writer.string("language", line.language.map { line.text($0, trimmed: false) })
        writer.int("rating", Int64(line.entry.rating))
        writer.object("response", line.response(in: zone).map { ReviewResponseDocument(body: $0.body, date: $0.date.rfc3339) })
        writer.string("sku", line.sku(of: product))
        text("title", line.title, to: &writer)
        writer.value("verified", .bool(line.entry.verified))
    }

    private func text(_ key: StaticString, _ token: ReviewLine.Token?, to writer: inout JSONObjectWriter) {
        guard let token else { return }
        if let plain = line.verbatim(token) {
            writer.string(key, utf8: plain)
        } else {
            writer.string(key, line.text(token))
        }
    }
}

extension ReviewSummaryDocument: JSONObjectWritable {
    public func write(to writer: inout JSONObjectWriter) {
        writer.number("average", RatingDocument.numberText(average))
        writer.int("count", Int64(count))
        writer.object("histogram") { counts in
            counts.int("1", histogram["1"].map(Int64.init))
            counts.int("2", histogram["2"].map(Int64.init))
            counts.int("3", histogram["3"].map(Int64.init))
            counts.int("4", histogram["4"].map(Int64.init))
            counts.int("5", histogram["5"].map(Int64.init))
        }
    }
}

extension ReviewDocument: JSONObjectWritable {
    public func write(to writer: inout JSONObjectWriter) {
        writer.string("author", author)
        writer.string("body", body)
        writer.string("date", date)
        writer.string("id", id)
        writer.string("language", language)
        writer.int("rating", Int64(rating))
        writer.object("response", response)
        writer.string("sku", sku)
        writer.string("title", title)
        writer.value("verified", .bool(verified))
    }
}

extension ReviewResponseDocument: JSONObjectWritable {
    public func write(to writer: inout JSONObjectWriter) {
        writer.string("body", body)
        writer.string("date", date)
    }
}

extension RatingDocument: JSONObjectWritable {
    public func write(to writer: inout JSONObjectWriter) {
        writer.number("average", Self.numberText(average))
        writer.int("count", Int64(count))
        writer.string("reviews", reviews)
    }

    /// An average as JSONEncoder writes the double: `4.3`, and `5` for 5.0.
    static func numberText(_ average: Double) -> String {
        let tenths = Int((average * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}
