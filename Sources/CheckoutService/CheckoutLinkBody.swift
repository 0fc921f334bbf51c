import CatalogModel

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
    /// Absent for the root storefront, so a shop without markets answers as before.
    var storefront: String?
    var lines: [Line]
    var subtotal: Int64
    var discount: Int64
    var total: Int64
}

extension CheckoutLinkBody {
    init(_ link: CheckoutLinks.Link, url: String) {
        self.url = url
        self.token = link.token
        self.expiresAt = Timestamp.rfc3339(link.expiresAt)
        self.currency = link.cart.currency.code
        self.storefront = link.cart.storefront
        self.lines = link.cart.lines.map {
            Line(
                sku: $0.sku, name: $0.name, unitAmount: $0.listPrice.minorUnits, quantity: $0.quantity,
                discountAmount: $0.discount.minorUnits, lineAmount: $0.total.minorUnits, promotion: $0.promotion?.rawValue)
        }
        self.subtotal = link.cart.subtotal.minorUnits
        self.discount = link.cart.discount.minorUnits
        self.total = link.cart.total.minorUnits
    }

    /// Built as a value rather than encoded through `Encodable`, which took a quarter of the time
    /// spent answering `POST /api/checkout-links`. Written, it is JSONEncoder's bytes for this
    /// struct with sorted keys (a test holds them equal).
    var json: JSONValue {
        var body: [String: JSONValue] = [
            "url": .string(url), "token": .string(token), "expiresAt": .string(expiresAt), "currency": .string(currency),
            "lines": .array(lines.map(\.json)), "subtotal": .int(subtotal), "discount": .int(discount), "total": .int(total),
        ]
        if let storefront { body["storefront"] = .string(storefront) }
        return .object(body)
    }
}

extension CheckoutLinkBody.Line {
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "sku": .string(sku), "name": .string(name), "unitAmount": .int(unitAmount), "quantity": .int(quantity),
            "discountAmount": .int(discountAmount), "lineAmount": .int(lineAmount),
        ]
        if let promotion { members["promotion"] = .string(promotion) }
        return .object(members)
    }
}
