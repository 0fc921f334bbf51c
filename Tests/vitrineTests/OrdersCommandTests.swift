import ArgumentParser
import CatalogModel
import Foundation
import Orders
import Testing

@testable import vitrine

/// `vitrine orders export` and `serve --orders`, with the real binary on an orders file the
/// checkout service's store wrote: 1001 paid (two lines), 1002 open, 1003 paid but flagged.
@Suite struct OrdersCommandTests {
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-orders-\(UUID().uuidString)")
        var orders: String { url.appendingPathComponent("orders.sqlite").path }

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let store = try OrderStore(path: orders)
            let created = Date(timeIntervalSince1970: 1_764_590_400)  // 2025-12-01T12:00:00Z
            for session in ["cs_1", "cs_2", "cs_3"] {
                _ = try store.record(Order(
                    sessionID: session, cartReference: "ref-\(session)", currency: .usd,
                    lines: [
                        .init(sku: "EST-ANR-50", name: "Advanced Night Repair 50 ml", quantity: 1, unitAmount: 7560, discountAmount: 840, total: 7560),
                        .init(sku: "ORG-CIMK-100", name: "Clear Improvement, \"charcoal\" mask", quantity: 2, unitAmount: 850, discountAmount: 0, total: 1700),
                    ],
                    shippingOptions: [.init(country: "US", service: "Standard", amount: 0)],
                    subtotal: 10100, discount: 840, goodsTotal: 9260, code: "XMAS10", catalogVersion: "abc123", createdAt: created))
            }
            for (index, (session, paid)) in [("cs_1", Int64(9260)), ("cs_3", Int64(100))].enumerated() {
                _ = try store.apply(
                    PaymentEvent(
                        id: "evt_\(index)", kind: .completed, sessionID: session, cartReference: "ref-\(session)", paymentStatus: "paid",
                        currency: "usd", amountTotal: paid, shippingAmount: 0, email: "=ada@example.com", country: "US",
                        paymentIntent: "pi_\(session)"),
                    at: created.addingTimeInterval(60))
            }
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static let header = "order,created_at,paid_at,status,review_reason,email,country,currency,sku,name,quantity,unit_price,line_discount,line_total,goods_total,shipping,shipping_service,order_total,amount_paid,code,stripe_session,payment_intent\r\n"

    func rows(_ csv: String) -> [String] {
        csv.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    }

    @Test func exportWritesEveryOrderLineAsCSVToStandardOutput() throws {
        let folder = try Folder()
        let run = try vitrine(["orders", "export", "--orders", folder.orders, "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix(Self.header))
        let rows = rows(run.stdout)
        #expect(rows.count == 6)
        #expect(rows.map { $0.prefix(4) } == ["1003", "1003", "1002", "1002", "1001", "1001"])
        #expect(rows[4] == "1001,2025-12-01T12:00:00Z,2025-12-01T12:01:00Z,paid,,'=ada@example.com,US,USD,EST-ANR-50,Advanced Night Repair 50 ml,1,75.60,8.40,75.60,92.60,0.00,Standard (US),92.60,92.60,XMAS10,cs_1,pi_cs_1")
        #expect(rows[5].contains(",ORG-CIMK-100,\"Clear Improvement, \"\"charcoal\"\" mask\",2,8.50,0.00,17.00,"))
        #expect(rows[0].contains(",paid,\"paid 1.00 USD, but the cart came to 92.60 plus 0.00 shipping\","), "\(rows[0])")
    }

    @Test func statusAndNeedsReviewNarrowTheExport() throws {
        let folder = try Folder()
        let paid = try vitrine(["orders", "export", "--orders", folder.orders, "--format", "csv", "--status", "paid"])
        #expect(paid.status == 0, "\(paid.stderr)")
        #expect(Set(rows(paid.stdout).map { $0.prefix(4) }) == ["1001", "1003"])
        let flagged = try vitrine(["orders", "export", "--orders", folder.orders, "--format", "csv", "--needs-review"])
        #expect(Set(rows(flagged.stdout).map { $0.prefix(4) }) == ["1003"])
        let open = try vitrine(["orders", "export", "--orders", folder.orders, "--format", "csv", "--status", "open", "--needs-review"])
        #expect(open.status == 0 && open.stdout == Self.header)
        let unknown = try vitrine(["orders", "export", "--orders", folder.orders, "--format", "csv", "--status", "refunded"])
        #expect(unknown.status != 0 && unknown.stderr.contains("\"refunded\" is not an order status"), "\(unknown.stderr)")
    }

    @Test func outputGoesToAFileThroughARename() throws {
        let folder = try Folder()
        let target = folder.url.appendingPathComponent("orders.csv")
        try Data("old".utf8).write(to: target)
        let run = try vitrine(["orders", "export", "--orders", folder.orders, "--format", "csv", "--output", target.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let written = try String(contentsOf: target, encoding: .utf8)
        #expect(written.hasPrefix(Self.header) && rows(written).count == 6)
        // Nothing is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { !$0.hasPrefix("orders.sqlite") }
        #expect(names == ["orders.csv"])
        // A folder that does not exist is an error, not a crash.
        let nowhere = try vitrine([
            "orders", "export", "--orders", folder.orders, "--format", "csv", "--output", folder.url.path + "/missing/orders.csv",
        ])
        #expect(nowhere.status == 1 && nowhere.stderr.hasPrefix("error: cannot write "), "\(nowhere.stderr)")
    }

    @Test func aMissingOrdersFileIsAnErrorAndIsNotCreated() throws {
        let folder = try Folder()
        let missing = folder.url.appendingPathComponent("typo.sqlite").path
        let run = try vitrine(["orders", "export", "--orders", missing, "--format", "csv"])
        #expect(run.status == 1)
        #expect(run.stderr == "error: \(missing): no such orders file; the checkout service creates it with --orders\n")
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing))
        // The editor refuses it the same way, before building anything.
        let serve = try vitrine(["serve", "--edit", "--orders", missing], in: folder.url)
        #expect(serve.status == 1)
        #expect(serve.stderr.contains("error: \(missing): no such orders file; the checkout service creates it with --orders"), "\(serve.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Output").path))
    }

    @Test func theFormatIsRequiredAndCSVIsTheOneThereIs() throws {
        #expect(try Vitrine.Orders.Export.parse(["--orders", "o.sqlite", "--format", "csv"]).format == .csv)
        #expect(throws: (any Error).self) { try Vitrine.Orders.Export.parse(["--orders", "o.sqlite"]) }
        #expect(throws: (any Error).self) { try Vitrine.Orders.Export.parse(["--orders", "o.sqlite", "--format", "xlsx"]) }
        #expect(throws: (any Error).self) { try Vitrine.Orders.Export.parse(["--format", "csv"]) }
        let help = Vitrine.Orders.Export.helpMessage()
        #expect(help.contains("Examples:") && help.contains("--needs-review"))
    }

    @Test func serveTakesOrdersOnlyWithTheEditor() throws {
        #expect(try Vitrine.Serve.parse(["--edit", "--orders", "orders.sqlite"]).orders == "orders.sqlite")
        #expect(throws: (any Error).self) { try Vitrine.Serve.parse(["--orders", "orders.sqlite"]) }
    }
}
