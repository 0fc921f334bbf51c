import CatalogModel
public import Foundation

extension Order {
    /// The order after `event`: the status moves forward only, the shopper's details are filled in
    /// where the event has them, and any amount that differs from the signed cart flags the order
    /// for review. Pure, so every ordering of Stripe's events can be tested without a database.
    public func applying(_ event: PaymentEvent, at now: Date) -> Order {
        var order = self
        order.updatedAt = now
        if let email = event.email { order.email = email }
        if let country = event.country { order.country = country }
        if let intent = event.paymentIntent { order.paymentIntent = intent }

        let next: Status
        switch event.kind {
        case .completed: next = event.isPaid ? .paid : .processing
        case .asyncPaymentSucceeded: next = .paid
        case .asyncPaymentFailed: next = .failed
        // An expired session can only have been an open one.
        case .expired: next = status == .open ? .expired : status
        }
        if next.rank > status.rank { order.status = next }

        if event.kind == .completed || event.kind == .asyncPaymentSucceeded {
            if let shipping = event.shippingAmount {
                order.shippingAmount = shipping
                order.shippingService = order.shippingService(amount: shipping, country: order.country)
            }
            if let paid = event.amountTotal { order.amountPaid = paid }
            if let problem = order.paymentProblem(event) { order.flag(problem) }
        }
        if order.status == .paid, status != .paid { order.paidAt = now }
        return order
    }

    /// What does not add up between the event and the signed cart, in words staff can act on.
    func paymentProblem(_ event: PaymentEvent) -> String? {
        if let currency = event.currency, currency.uppercased() != self.currency.code {
            return "paid in \(currency.uppercased()), but the cart was priced in \(self.currency.code)"
        }
        let shipping = event.shippingAmount ?? 0
        if !shippingOptions.isEmpty || shipping != 0 {
            let allowed = shippingOptions.filter { country == nil || $0.country == country }
            if !allowed.contains(where: { $0.amount == shipping }) {
                let rates = allowed.map { money($0.amount).decimalString }.joined(separator: ", ")
                return "shipping \(money(shipping).decimalString) to \(country ?? "an unknown country") is not one of the rates offered"
                    + (rates.isEmpty ? " (none for that country)" : " (\(rates))")
            }
        }
        if let paid = event.amountTotal, paid != goodsTotal + shipping {
            return "paid \(money(paid).decimalString) \(currency.code), but the cart came to \(money(goodsTotal).decimalString)"
                + " plus \(money(shipping).decimalString) shipping"
        }
        return nil
    }

    /// The service whose rate matches what was paid, preferring the shopper's country.
    func shippingService(amount: Int64, country: String?) -> String? {
        let matching = shippingOptions.filter { $0.amount == amount }
        return (matching.first { $0.country == country } ?? matching.first).map { "\($0.service) (\($0.country))" }
    }

    /// Keeps the first reason and adds later ones: staff see everything that went wrong.
    mutating func flag(_ reason: String) {
        guard reviewReason?.contains(reason) != true else { return }
        reviewReason = reviewReason.map { "\($0); \(reason)" } ?? reason
    }
}
