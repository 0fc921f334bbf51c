import CatalogModel
import Foundation
@testable import Orders
import Testing

/// A new orders file in a folder of its own, removed when the test's value goes away.
final class TemporaryOrders {
    let folder: URL
    var path: String { folder.appendingPathComponent("orders.sqlite").path }

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

enum Sample {
    static let now = Date(timeIntervalSince1970: 1_764_590_400)  // 2025-12-01T12:00:00Z

    /// A serum at 75.60 after 10 % off 84.00, and two masks at 8.50: 92.60 of goods; US shipping
    /// free over 50, so Standard is 0.00 and Express 12.00; Germany 9.90.
    static func order(session: String = "cs_test_1") -> Order {
        Order(
            sessionID: session, cartReference: "ref-\(session)", currency: .usd,
            lines: [
                .init(sku: "EST-ANR-50", name: "Advanced Night Repair 50 ml", quantity: 1, unitAmount: 7560, discountAmount: 840, total: 7560),
                .init(sku: "ORG-CIMK-100", name: "Clear Improvement, \"charcoal\" mask", quantity: 2, unitAmount: 850, discountAmount: 0, total: 1700),
            ],
            shippingOptions: [
                .init(country: "US", service: "Standard", amount: 0), .init(country: "US", service: "Express", amount: 1200),
                .init(country: "DE", service: "DHL Paket", amount: 990),
            ],
            subtotal: 10100, discount: 840, goodsTotal: 9260, code: "XMAS10", catalogVersion: "abc123", createdAt: now)
    }

    static func completed(_ id: String = "evt_1", session: String = "cs_test_1", paid: Int64 = 9260, shipping: Int64 = 0, country: String = "US", status: String = "paid") -> PaymentEvent {
        PaymentEvent(
            id: id, kind: .completed, sessionID: session, cartReference: "ref-\(session)", paymentStatus: status, currency: "usd",
            amountTotal: paid, shippingAmount: shipping, email: "ada@example.com", country: country, paymentIntent: "pi_1")
    }
}

@Suite struct OrderStoreTests {
    @Test func aRecordedOrderReadsBackWithItsLinesShippingOptionsAndANumberFrom1001() throws {
        let folder = TemporaryOrders()
        let store = try OrderStore(path: folder.path)
        let saved = try store.record(Sample.order())
        #expect(saved.number == 1001)
        let read = try #require(try store.order(sessionID: "cs_test_1"))
        #expect(read == saved)
        #expect(read.lines.count == 2 && read.lines[1].name == "Clear Improvement, \"charcoal\" mask")
        #expect(read.shippingOptions.map(\.amount) == [0, 1200, 990])
        #expect(try store.record(Sample.order(session: "cs_test_2")).number == 1002)
    }

    @Test func recordingTheSameSessionTwiceKeepsOneOrder() throws {
        let folder = TemporaryOrders()
        let store = try OrderStore(path: folder.path)
        let first = try store.record(Sample.order())
        let second = try store.record(Sample.order())
        #expect(first.number == second.number)
        #expect(try store.orders().count == 1)
    }

    @Test func aPaidEventIsAppliedOnceHoweverOftenItArrives() throws {
        let folder = TemporaryOrders()
        let store = try OrderStore(path: folder.path)
        _ = try store.record(Sample.order())
        guard case .applied(let paid) = try store.apply(Sample.completed(), at: Sample.now) else { Issue.record("not applied"); return }
        #expect(paid.status == .paid && paid.amountPaid == 9260 && paid.email == "ada@example.com" && paid.reviewReason == nil)
        #expect(paid.shippingService == "Standard (US)")
        #expect(try store.apply(Sample.completed(), at: Sample.now.addingTimeInterval(60)) == .duplicate)
        let read = try #require(try store.order(sessionID: "cs_test_1"))
        #expect(read.updatedAt == Sample.now && read.paidAt == Sample.now)
    }

    @Test func anEventForAnUnknownSessionKeepsAFlaggedOrder() throws {
        let folder = TemporaryOrders()
        let store = try OrderStore(path: folder.path)
        guard case .unmatched(let order) = try store.apply(Sample.completed(session: "cs_test_lost"), at: Sample.now) else {
            Issue.record("expected unmatched")
            return
        }
        #expect(order.status == .paid && order.amountPaid == 9260)
        #expect(order.reviewReason?.contains("no order was recorded") == true)
        #expect(try store.orders(needsReview: true).map(\.sessionID) == ["cs_test_lost"])
    }

    @Test func theFileSurvivesReopeningAndIsReadableWhileTheWriterHoldsIt() throws {
        let folder = TemporaryOrders()
        let writer = try OrderStore(path: folder.path)
        _ = try writer.record(Sample.order())
        let reader = try OrderStore(path: folder.path, readOnly: true)
        _ = try writer.apply(Sample.completed(), at: Sample.now)
        #expect(try reader.order(number: 1001)?.status == .paid)
        let reopened = try OrderStore(path: folder.path)
        #expect(try reopened.counts().byStatus[.paid] == 1)
    }

    @Test func aMissingFileIsNotCreatedByAReader() {
        let folder = TemporaryOrders()
        #expect(throws: SQLiteError.self) { try OrderStore(path: folder.path, readOnly: true) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aFileFromANewerSchemaIsRefused() throws {
        let folder = TemporaryOrders()
        _ = try OrderStore(path: folder.path)
        let raw = try SQLiteConnection(path: folder.path, readOnly: false)
        try raw.execute("PRAGMA user_version = 99")
        #expect(throws: SQLiteError.self) { try OrderStore(path: folder.path) }
    }

    @Test func ordersFilterByStatusNewestFirst() throws {
        let folder = TemporaryOrders()
        let store = try OrderStore(path: folder.path)
        for index in 1...3 { _ = try store.record(Sample.order(session: "cs_\(index)")) }
        _ = try store.apply(Sample.completed("evt_2", session: "cs_2"), at: Sample.now)
        #expect(try store.orders().map(\.number) == [1003, 1002, 1001])
        #expect(try store.orders(status: .paid).map(\.sessionID) == ["cs_2"])
        #expect(try store.orders(limit: 1, offset: 1).map(\.number) == [1002])
    }
}
