import CatalogModel
public import Foundation
import Synchronization

extension OrderStore {
    /// What sending the review form did.
    public enum SubmitOutcome: Sendable, Hashable {
        /// The first review of this line.
        case stored(ReviewSubmission)
        /// The line's pending review, replaced by the new text (its revision one higher).
        case replaced(ReviewSubmission)
        /// Staff already approved or rejected the line's review: nothing changed.
        case decided(ReviewSubmission)
    }

    /// Keeps `submission` as the line's pending review, in one transaction with the check that
    /// no decided one is there: a buyer's second sending cannot race staff's approval.
    public func submitReview(_ submission: ReviewSubmission) throws -> SubmitOutcome {
        try connection.withLock { db in
            try db.transaction {
                if var existing = try Self.reviewSubmission(in: db, order: submission.orderNumber, line: submission.line) {
                    guard existing.status == .pending else { return .decided(existing) }
                    existing.revision += 1
                    existing.rating = submission.rating
                    existing.title = submission.title
                    existing.body = submission.body
                    existing.author = submission.author
                    existing.language = submission.language
                    existing.submittedAt = submission.submittedAt
                    try db.query(
                        """
                        UPDATE review_submissions SET revision = ?, rating = ?, title = ?, body = ?, author = ?, language = ?,
                            submitted_at = ?
                        WHERE order_number = ? AND line = ?
                        """,
                        [
                            .integer(Int64(existing.revision)), .integer(Int64(existing.rating)), .optional(existing.title),
                            .text(existing.body), .text(existing.author), .optional(existing.language),
                            .text(Timestamp.rfc3339(existing.submittedAt)), .integer(existing.orderNumber), .integer(Int64(existing.line)),
                        ])
                    return .replaced(existing)
                }
                var stored = submission
                stored.status = .pending
                stored.revision = 1
                stored.decidedAt = nil
                try db.query(
                    """
                    INSERT INTO review_submissions (order_number, line, sku, product_name, status, revision, rating, title, body,
                        author, language, response, submitted_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .integer(stored.orderNumber), .integer(Int64(stored.line)), .text(stored.sku), .text(stored.productName),
                        .text(stored.status.rawValue), .integer(1), .integer(Int64(stored.rating)), .optional(stored.title),
                        .text(stored.body), .text(stored.author), .optional(stored.language), .optional(stored.response),
                        .text(Timestamp.rfc3339(stored.submittedAt)),
                    ])
                return .stored(stored)
            }
        }
    }

    public func reviewSubmission(order: Int64, line: Int) throws -> ReviewSubmission? {
        try connection.withLock { db in try Self.reviewSubmission(in: db, order: order, line: line) }
    }

    /// Newest first; `status` nil means all.
    public func reviewSubmissions(status: ReviewSubmission.Status? = nil, limit: Int = .max, offset: Int = 0) throws -> [ReviewSubmission] {
        try connection.withLock { db in
            let filter = status == nil ? "" : "WHERE status = ?"
            let order = status == .pending || status == nil ? "submitted_at DESC" : "decided_at DESC, submitted_at DESC"
            let values: [SQLiteValue] = (status.map { [.text($0.rawValue)] } ?? []) + [
                .integer(Int64(min(limit, Int(Int64.max)))), .integer(Int64(offset)),
            ]
            return try db.query(
                "SELECT * FROM review_submissions \(filter) ORDER BY \(order), order_number DESC, line LIMIT ? OFFSET ?", values
            ).compactMap(Self.reviewSubmission(from:))
        }
    }

    /// How many reviews wait, and how many were approved and rejected: the editor's header.
    public func reviewCounts() throws -> [ReviewSubmission.Status: Int] {
        try connection.withLock { db in
            var counts: [ReviewSubmission.Status: Int] = [:]
            for row in try db.query("SELECT status, COUNT(*) AS n FROM review_submissions GROUP BY status") {
                if let status = row.text("status").flatMap(ReviewSubmission.Status.init(rawValue:)) { counts[status] = Int(row.integer("n") ?? 0) }
            }
            return counts
        }
    }

    /// What a staff action on a pending review did.
    public enum DecisionOutcome: Sendable, Hashable {
        case done(ReviewSubmission)
        /// The buyer sent the form again after the page was opened: staff should read the new text.
        case changed(ReviewSubmission)
        /// Already approved or rejected (in another tab, by someone else).
        case decided(ReviewSubmission)
        case missing
    }

    /// Marks a pending review `approved` or `rejected` with staff's response, only if it is still
    /// the `revision` staff read.
    public func decideReview(
        order: Int64, line: Int, revision: Int, as status: ReviewSubmission.Status, response: String?, at now: Date
    ) throws -> DecisionOutcome {
        precondition(status != .pending, "a decision approves or rejects")
        return try update(
            order: order, line: line, revision: revision,
            set: "status = ?, response = ?, decided_at = ?", [.text(status.rawValue), .optional(response), .text(Timestamp.rfc3339(now))])
    }

    /// Keeps staff's draft of the shop's response on a pending review, without deciding.
    public func saveReviewResponse(order: Int64, line: Int, revision: Int, response: String?) throws -> DecisionOutcome {
        try update(order: order, line: line, revision: revision, set: "response = ?", [.optional(response)])
    }

    /// `assignments` (`status = ?, …`) with `values`, on the line's review while it is pending at `revision`.
    private func update(
        order: Int64, line: Int, revision: Int, set assignments: String, _ values: [SQLiteValue]
    ) throws -> DecisionOutcome {
        try connection.withLock { db in
            try db.transaction {
                guard let existing = try Self.reviewSubmission(in: db, order: order, line: line) else { return .missing }
                guard existing.status == .pending else { return .decided(existing) }
                guard existing.revision == revision else { return .changed(existing) }
                try db.query(
                    "UPDATE review_submissions SET \(assignments) WHERE order_number = ? AND line = ?",
                    values + [.integer(order), .integer(Int64(line))])
                return .done(try Self.reviewSubmission(in: db, order: order, line: line) ?? existing)
            }
        }
    }

    private static func reviewSubmission(in db: SQLiteConnection, order: Int64, line: Int) throws -> ReviewSubmission? {
        try db.query("SELECT * FROM review_submissions WHERE order_number = ? AND line = ?", [.integer(order), .integer(Int64(line))])
            .first.flatMap(reviewSubmission(from:))
    }

    private static func reviewSubmission(from row: SQLiteRow) -> ReviewSubmission? {
        guard let order = row.integer("order_number"), let line = row.integer("line"),
            let status = row.text("status").flatMap(ReviewSubmission.Status.init(rawValue:)),
            let submitted = date(row.text("submitted_at"))
        else { return nil }
        return ReviewSubmission(
            orderNumber: order, line: Int(line), sku: row.text("sku") ?? "", productName: row.text("product_name") ?? "",
            status: status, revision: Int(row.integer("revision") ?? 1), rating: Int(row.integer("rating") ?? 0),
            title: row.text("title"), body: row.text("body") ?? "", author: row.text("author") ?? "", language: row.text("language"),
            response: row.text("response"), submittedAt: submitted, decidedAt: date(row.text("decided_at")))
    }
}
