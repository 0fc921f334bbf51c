import CatalogModel
import Foundation
@testable import Orders
import Testing

@Suite struct OrderStoreReviewsTests {
    /// A paid order 1001 and the serum line's review as the form sends it.
    static func paidOrder(_ store: OrderStore) throws -> Order {
        _ = try store.record(Sample.order())
        guard case .applied(let order) = try store.apply(Sample.completed(), at: Sample.now) else { throw StoreFailure() }
        return order
    }

    struct StoreFailure: Error {}

    static func review(line: Int = 0, rating: Int = 5, body: String = "Skin feels new.", at date: Date = Sample.now) -> ReviewSubmission {
        ReviewSubmission(
            orderNumber: 1001, line: line, sku: line == 0 ? "EST-ANR-50" : "ORG-CIMK-100", productName: "Advanced Night Repair 50 ml",
            rating: rating, title: "Lovely", body: body, author: "Ada L.", language: "en", submittedAt: date)
    }

    @Test func aNewFileHasTheReviewTableAtSchema2() throws {
        let folder = TemporaryOrders()
        _ = try OrderStore(path: folder.path)
        let db = try SQLiteConnection(path: folder.path, readOnly: true)
        #expect(try db.query("PRAGMA user_version").first?.integer("user_version") == 2)
        let columns = try db.query("PRAGMA table_info(review_submissions)").compactMap { $0.text("name") }
        #expect(columns.contains("revision") && columns.contains("response") && columns.count == 14)
    }

    @Test func aSchema1FileFromTheLastReleaseIsMigratedWithItsOrdersKept() throws {
        let folder = TemporaryOrders()
        do {
            let db = try SQLiteConnection(path: folder.path, readOnly: false)
            try db.execute(OrderStore.migrations[0])
            try db.execute("PRAGMA user_version = 1")
            try db.query(
                """
                INSERT INTO orders (session_id, cart_reference, status, currency, subtotal, discount, goods_total, catalog_version,
                    created_at, updated_at) VALUES ('cs_old', 'r', 'paid', 'USD', 100, 0, 100, 'v', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')
                """)
        }
        // The editor and `vitrine orders` open it read-only before the service has migrated it.
        #expect(throws: Never.self) { try OrderStore(path: folder.path, readOnly: true).orders() }
        let store = try OrderStore(path: folder.path)
        #expect(try store.order(sessionID: "cs_old")?.number == 1001)
        #expect(try store.reviewSubmissions().isEmpty)
        let db = try SQLiteConnection(path: folder.path, readOnly: true)
        #expect(try db.query("PRAGMA user_version").first?.integer("user_version") == 2)
    }

    @Test func aSecondSendingReplacesThePendingReviewAndCountsARevision() throws {
        let folder = TemporaryOrders()
        let store = try OrderStore(path: folder.path)
        _ = try Self.paidOrder(store)
        guard case .stored(let first) = try store.submitReview(Self.review()) else { Issue.record("not stored"); return }
        #expect(first.revision == 1 && first.status == .pending)
        let later = Sample.now.addingTimeInterval(60)
        guard case .replaced(let second) = try store.submitReview(Self.review(rating: 3, body: "Changed my mind.", at: later)) else {
            Issue.record("not replaced")
            return
        }
        #expect(second.revision == 2 && second.rating == 3 && second.body == "Changed my mind.")
        let kept = try #require(try store.reviewSubmission(order: 1001, line: 0))
        #expect(kept == second && kept.submittedAt == later)
        #expect(try store.reviewSubmissions(status: .pending).count == 1)
    }

    @Test func aDecidedReviewTakesNoOtherAndStaffDecideOnlyTheRevisionTheyRead() throws {
        let folder = TemporaryOrders()
        let store = try OrderStore(path: folder.path)
        _ = try Self.paidOrder(store)
        _ = try store.submitReview(Self.review())
        _ = try store.submitReview(Self.review(rating: 4))
        // Staff read revision 1; the buyer has sent revision 2 since.
        guard case .changed = try store.decideReview(order: 1001, line: 0, revision: 1, as: .approved, response: nil, at: Sample.now) else {
            Issue.record("a stale revision was decided")
            return
        }
        guard case .done(let approved) = try store.decideReview(
            order: 1001, line: 0, revision: 2, as: .approved, response: "Thank you!", at: Sample.now)
        else {
            Issue.record("not approved")
            return
        }
        #expect(approved.status == .approved && approved.response == "Thank you!" && approved.decidedAt == Sample.now)
        guard case .decided(let kept) = try store.submitReview(Self.review(rating: 1)) else { Issue.record("replaced an approved review"); return }
        #expect(kept.rating == 4)
        guard case .decided = try store.decideReview(order: 1001, line: 0, revision: 2, as: .rejected, response: nil, at: Sample.now) else {
            Issue.record("decided twice")
            return
        }
        #expect(try store.decideReview(order: 1001, line: 1, revision: 1, as: .rejected, response: nil, at: Sample.now) == .missing)
        #expect(try store.reviewCounts() == [.approved: 1])
    }

    @Test func pendingReviewsListNewestFirstAndTheResponseDraftIsKept() throws {
        let folder = TemporaryOrders()
        let store = try OrderStore(path: folder.path)
        _ = try Self.paidOrder(store)
        _ = try store.submitReview(Self.review(line: 1, at: Sample.now))
        _ = try store.submitReview(Self.review(line: 0, at: Sample.now.addingTimeInterval(10)))
        #expect(try store.reviewSubmissions(status: .pending).map(\.line) == [0, 1])
        #expect(try store.saveReviewResponse(order: 1001, line: 1, revision: 1, response: "Glad to hear it") != .missing)
        #expect(try store.reviewSubmission(order: 1001, line: 1)?.response == "Glad to hear it")
        #expect(try store.reviewSubmission(order: 1001, line: 1)?.status == .pending)
    }

    @Test func reviewIDsAreStableAndReadBack() {
        #expect(ReviewSubmission.reviewID(order: 1001, line: 2) == "o1001-2")
        #expect(ReviewSubmission.parse(reviewID: "o1001-2")! == (1001, 2))
        for bad in ["1001-2", "o1001", "o-1-2", "o1001-02", "o01001-2", "o1001--2", "x", "o1001-2 "] {
            #expect(ReviewSubmission.parse(reviewID: bad) == nil, "\(bad)")
        }
    }
}
