import CatalogModel
import Foundation

/// The JSON of a checkout link (`POST /api/checkout-links`, `GET /api/checkout/<token>`), as the
/// OpenAPI document's `CheckoutLink` schema states it. Amounts are integer minor units.
struct CheckoutLinkBody: Encodable {
    struct Line: Encodable {
        var sku: String
        var name: String
        var unitAmount: Int64
        var quantity: Int
        var discountAmount: Int64
        var lineAmount: Int64
        var promotion: String?
    }

    var url: String
    var token: String
    var expiresAt: String
    var currency: String
    var lines: [Line]
    var subtotal: Int64
    var discount: Int64
    var total: Int64

    init(_ link: CheckoutLinks.Link, url: String) {
        self.url = url
        self.token = link.token
        self.expiresAt = Timestamp(date: link.expiresAt).iso8601
        self.currency = link.cart.currency.code
        self.lines = link.cart.lines.map {
            Line(
                sku: $0.sku, name: $0.name, unitAmount: $0.unitAmount, quantity: $0.quantity,
                discountAmount: $0.discountAmount, lineAmount: $0.lineAmount, promotion: $0.promotion?.rawValue)
        }
        self.subtotal = link.cart.subtotal
        self.discount = link.cart.discount
        self.total = link.cart.total
    }
}

/// `{error, message, details}`: every refusal has this shape.
struct ErrorBody: Encodable {
    var error: String
    var message: String
    var details: JSONValue
}

struct HealthBody: Encodable {
    var status: String
    var catalogVersion: String
    var products: Int
}
