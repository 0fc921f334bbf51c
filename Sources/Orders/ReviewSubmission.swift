public import Foundation

/// A buyer's review of one order line, as the review form sent it: kept in the orders file until
/// staff approve it (then it is appended to `Content/reviews/` and published by the next build) or
/// reject it (kept, never shown). The text is already cleaned (`ReviewText`) and within
/// `Review.Limits`.
///
/// One per (order, line): while it is pending, the buyer may send the form again and the new text
/// replaces the old (a typo fixed, a rating changed); once staff have decided, the line takes no
/// other review.
public struct ReviewSubmission: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case pending
        case approved
        case rejected
    }

    public var orderNumber: Int64
    /// The line's position in the order, from 0: what the review link signs.
    public var line: Int
    public var sku: String
    /// The line's product name as the order has it: what the form and the editor show.
    public var productName: String
    public var status: Status
    /// Counts the buyer's sendings: staff approve the text they saw, not one sent since.
    public var revision: Int
    public var rating: Int
    public var title: String?
    public var body: String
    public var author: String
    public var language: String?
    /// The shop's public answer, drafted by staff; published with the review.
    public var response: String?
    public var submittedAt: Date
    public var decidedAt: Date?

    public init(
        orderNumber: Int64, line: Int, sku: String, productName: String, status: Status = .pending, revision: Int = 1,
        rating: Int, title: String?, body: String, author: String, language: String?, response: String? = nil,
        submittedAt: Date, decidedAt: Date? = nil
    ) {
        self.orderNumber = orderNumber
        self.line = line
        self.sku = sku
        self.productName = productName
        self.status = status
        self.revision = revision
        self.rating = rating
        self.title = title
        self.body = body
        self.author = author
        self.language = language
        self.response = response
        self.submittedAt = submittedAt
        self.decidedAt = decidedAt
    }

    /// The published review's id, `o1001-0`: stable and unique, since one line has one review.
    public var reviewID: String { Self.reviewID(order: orderNumber, line: line) }

    public static func reviewID(order: Int64, line: Int) -> String { "o\(order)-\(line)" }

    /// `o1001-0` back to its order and line; nil for anything else.
    public static func parse(reviewID text: String) -> (order: Int64, line: Int)? {
        guard text.hasPrefix("o"), let dash = text.lastIndex(of: "-"),
            let order = Int64(text[text.index(after: text.startIndex)..<dash]), order > 0,
            let line = Int(text[text.index(after: dash)...]), line >= 0,
            reviewID(order: order, line: line) == text
        else { return nil }
        return (order, line)
    }

    /// Migration 2 of the orders file.
    static let table = """
        CREATE TABLE review_submissions (
            order_number INTEGER NOT NULL REFERENCES orders(number),
            line INTEGER NOT NULL,
            sku TEXT NOT NULL,
            product_name TEXT NOT NULL,
            status TEXT NOT NULL,
            revision INTEGER NOT NULL,
            rating INTEGER NOT NULL,
            title TEXT,
            body TEXT NOT NULL,
            author TEXT NOT NULL,
            language TEXT,
            response TEXT,
            submitted_at TEXT NOT NULL,
            decided_at TEXT,
            PRIMARY KEY (order_number, line)
        );
        CREATE INDEX review_submissions_by_status ON review_submissions(status, submitted_at);
        """
}
