import CatalogModel
import Orders

/// What the site's `checkout/success/` page may know of an order, by its session id: the lines and
/// amounts, formatted as the shop's pages format them. No email, address or payment ids: the
/// session id is all it takes to ask. A paid order brings a review link per line, for the success
/// page or a mailer to offer.
struct OrderBody {
    var order: Order
    var locale: String
    var reviewLinks: [ReviewLinks.Link] = []

    var json: JSONValue {
        let text = { (amount: Int64) in JSONValue.string(order.money(amount).formatted(locale: locale)) }
        return [
            "number": .int(order.number),
            "status": .string(order.status.rawValue),
            "currency": .string(order.currency.code),
            "lines": .array(
                order.lines.map {
                    [
                        "sku": .string($0.sku), "name": .string($0.name), "quantity": .int($0.quantity),
                        "unitAmount": .int($0.unitAmount), "unitText": text($0.unitAmount), "total": .int($0.total),
                        "totalText": text($0.total),
                    ]
                }),
            "subtotal": .int(order.subtotal), "subtotalText": text(order.subtotal),
            "discount": .int(order.discount), "discountText": text(order.discount),
            "shipping": order.shippingAmount.map { .int($0) } ?? .null,
            "shippingText": order.shippingAmount.map(text) ?? .null,
            "total": .int(order.total), "totalText": text(order.total),
            "reviewLinks": .array(reviewLinks.map { ["sku": .string($0.sku), "name": .string($0.name), "url": .string($0.url)] }),
        ]
    }
}
