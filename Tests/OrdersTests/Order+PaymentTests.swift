import CatalogModel
import Foundation
@testable import Orders
import Testing

@Suite struct OrderPaymentTests {
    let order = Sample.order()

    @Test func aCardPaymentMarksTheOrderPaidWithTheShoppersDetails() {
        let paid = order.applying(Sample.completed(shipping: 1200, country: "US", status: "paid").with(amount: 10460), at: Sample.now)
        #expect(paid.status == .paid && paid.paidAt == Sample.now)
        #expect(paid.shippingAmount == 1200 && paid.shippingService == "Express (US)" && paid.total == 10460)
        #expect(paid.reviewReason == nil)
    }

    @Test func anAmountThatDiffersFromTheCartFlagsTheOrder() {
        let short = order.applying(Sample.completed(paid: 100), at: Sample.now)
        #expect(short.status == .paid)
        #expect(short.reviewReason == "paid 1.00 USD, but the cart came to 92.60 plus 0.00 shipping")
    }

    @Test func aShippingRateOfAnotherCountryFlagsTheOrder() {
        // The US Standard rate (free here) chosen for a parcel to Germany.
        let wrong = order.applying(Sample.completed(shipping: 0, country: "DE"), at: Sample.now)
        #expect(wrong.reviewReason == "shipping 0.00 to DE is not one of the rates offered (9.90)")
        let right = order.applying(Sample.completed(paid: 10250, shipping: 990, country: "DE"), at: Sample.now)
        #expect(right.reviewReason == nil && right.shippingService == "DHL Paket (DE)")
    }

    @Test func anotherCurrencyFlagsTheOrder() {
        var event = Sample.completed()
        event.currency = "eur"
        #expect(order.applying(event, at: Sample.now).reviewReason == "paid in EUR, but the cart was priced in USD")
    }

    @Test func aDelayedPaymentIsProcessingUntilItSucceedsOrFails() {
        let processing = order.applying(Sample.completed(status: "unpaid"), at: Sample.now)
        #expect(processing.status == .processing && processing.paidAt == nil)
        let settled = processing.applying(PaymentEvent(id: "evt_2", kind: .asyncPaymentSucceeded, sessionID: "cs_test_1"), at: Sample.now)
        #expect(settled.status == .paid)
        let failed = processing.applying(PaymentEvent(id: "evt_3", kind: .asyncPaymentFailed, sessionID: "cs_test_1"), at: Sample.now)
        #expect(failed.status == .failed)
    }

    @Test func eventsOutOfOrderNeverMoveTheStatusBack() {
        // The settlement overtakes the completion; the completion then says "unpaid".
        let settled = order.applying(
            PaymentEvent(id: "evt_2", kind: .asyncPaymentSucceeded, sessionID: "cs_test_1", currency: "usd", amountTotal: 9260, shippingAmount: 0),
            at: Sample.now)
        let late = settled.applying(Sample.completed(status: "unpaid"), at: Sample.now.addingTimeInterval(5))
        #expect(late.status == .paid && late.paidAt == Sample.now)
        // An expiry after payment changes nothing; before it, the order expires.
        #expect(late.applying(PaymentEvent(id: "evt_4", kind: .expired, sessionID: "cs_test_1"), at: Sample.now).status == .paid)
        #expect(order.applying(PaymentEvent(id: "evt_5", kind: .expired, sessionID: "cs_test_1"), at: Sample.now).status == .expired)
    }

    @Test func reviewReasonsAccumulateWithoutRepeating() {
        var flagged = order
        flagged.flag("a")
        flagged.flag("b")
        flagged.flag("a")
        #expect(flagged.reviewReason == "a; b")
    }
}

extension PaymentEvent {
    func with(amount: Int64) -> PaymentEvent {
        var event = self
        event.amountTotal = amount
        return event
    }
}
