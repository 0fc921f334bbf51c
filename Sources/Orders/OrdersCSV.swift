import CatalogModel
import Foundation

/// `vitrine orders export --format csv`: one row per order line, the order's columns repeated on
/// each, as shop platforms export them for accounting and spreadsheets. Amounts are decimals in
/// the order's currency (`12.50`), times RFC 3339 in UTC.
///
/// Written here rather than with a library: the package mirror's CSV libraries are readers
/// (SwiftCSV) or write through a stream API heavier than RFC 4180's one quoting rule.
public enum OrdersCSV {
    public static let header = [
        "order", "created_at", "paid_at", "status", "review_reason", "email", "country", "currency", "sku", "name", "quantity",
        "unit_price", "line_discount", "line_total", "goods_total", "shipping", "shipping_service", "order_total", "amount_paid",
        "code", "stripe_session", "payment_intent",
    ]

    public static func write(_ orders: [Order]) -> String {
        var text = row(header)
        for order in orders {
            let amount = { (value: Int64?) in value.map { order.money($0).decimalString } ?? "" }
            let common = { (line: Order.Line?) -> [String] in
                [
                    String(order.number), Timestamp.rfc3339(order.createdAt), order.paidAt.map { Timestamp.rfc3339($0) } ?? "",
                    order.status.rawValue, order.reviewReason ?? "", order.email ?? "", order.country ?? "", order.currency.code,
                    line?.sku ?? "", line?.name ?? "", line.map { String($0.quantity) } ?? "", amount(line?.unitAmount),
                    amount(line?.discountAmount), amount(line?.total), amount(order.goodsTotal), amount(order.shippingAmount),
                    order.shippingService ?? "", amount(order.total), amount(order.amountPaid), order.code ?? "", order.sessionID,
                    order.paymentIntent ?? "",
                ]
            }
            if order.lines.isEmpty {
                text += row(common(nil))
            } else {
                for line in order.lines { text += row(common(line)) }
            }
        }
        return text
    }

    /// RFC 4180: a field holding a comma, quote or line break is quoted, quotes doubled; lines end
    /// in CRLF. A field starting with `=`, `+`, `-` or `@` gets a leading apostrophe, so a
    /// spreadsheet does not run a shopper's email as a formula.
    public static func row(_ fields: [String]) -> String {
        fields.map { field -> String in
            var value = field
            if let first = value.first, "=+-@".contains(first), Double(value) == nil { value = "'" + value }
            guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",") + "\r\n"
    }
}
