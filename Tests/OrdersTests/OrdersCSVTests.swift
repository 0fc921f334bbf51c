import CatalogModel
import Foundation
@testable import Orders
import Testing

@Suite struct OrdersCSVTests {
    @Test func oneRowPerLineWithTheOrderRepeatedAndDecimalAmounts() {
        var order = Sample.order().applying(Sample.completed(), at: Sample.now)
        order.number = 1001
        let rows = OrdersCSV.write([order]).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == 3)
        #expect(rows[0].hasPrefix("order,created_at,paid_at,status,"))
        #expect(rows[1].hasPrefix("1001,2025-12-01T12:00:00Z,2025-12-01T12:00:00Z,paid,,ada@example.com,US,USD,EST-ANR-50,"))
        #expect(rows[1].contains(",75.60,8.40,75.60,92.60,0.00,Standard (US),92.60,92.60,XMAS10,cs_test_1,pi_1"))
        #expect(rows[2].contains(",ORG-CIMK-100,\"Clear Improvement, \"\"charcoal\"\" mask\",2,8.50,0.00,17.00,"))
    }

    @Test func aFieldThatASpreadsheetWouldRunAsAFormulaIsDefused() {
        #expect(OrdersCSV.row(["=HYPERLINK(\"x\")", "-12.50", "@home"]) == "\"'=HYPERLINK(\"\"x\"\")\",-12.50,'@home\r\n")
    }

    @Test func anOrderWithoutLinesStillHasItsRow() {
        let bare = Order(
            number: 1005, sessionID: "cs_x", cartReference: "", currency: .usd, lines: [], shippingOptions: [], subtotal: 0,
            discount: 0, goodsTotal: 0, code: nil, catalogVersion: "", createdAt: Sample.now)
        #expect(OrdersCSV.write([bare]).components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 2)
    }
}
