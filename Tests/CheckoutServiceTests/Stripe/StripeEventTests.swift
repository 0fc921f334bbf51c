@testable import CheckoutService
import Foundation
import Orders
import Testing

@Suite struct StripeEventTests {
    @Test func aCompletedSessionShapedLikeStripesFixtureGivesTheOrdersFields() throws {
        let body = StripeFixture.completed(id: "evt_9", session: "cs_test_9", total: 10250, shipping: 990, country: "de")
        let payment = try #require(try StripeEvent.decode(body).payment)
        #expect(payment.id == "evt_9" && payment.kind == .completed && payment.sessionID == "cs_test_9")
        #expect(payment.amountTotal == 10250 && payment.shippingAmount == 990 && payment.currency == "usd")
        #expect(payment.country == "DE" && payment.email == "ada@example.com" && payment.paymentIntent == "pi_test_1")
        #expect(payment.paymentStatus == "paid" && payment.cartReference == "ref")
    }

    @Test func anOlderAPIVersionsShippingDetailsAndAnExpandedPaymentIntentAreRead() throws {
        let body = StripeFixture.event(
            type: "checkout.session.async_payment_succeeded", session: "cs_1",
            fields: [
                "collected_information": NSNull(), "shipping_details.address.country": "US", "payment_intent": ["id": "pi_x", "object": "payment_intent"],
            ])
        let payment = try #require(try StripeEvent.decode(body).payment)
        #expect(payment.kind == .asyncPaymentSucceeded && payment.country == "US" && payment.paymentIntent == "pi_x")
    }

    @Test func otherEventTypesAreNotPayments() throws {
        #expect(try StripeEvent.decode(StripeFixture.event(type: "charge.refunded", session: "ch_1")).payment == nil)
        #expect(throws: CheckoutError.self) { try StripeEvent.decode(Array("[]".utf8)) }
    }
}
