import Foundation
import Orders

/// A webhook body read as far as orders need it. Every field but the event's id, type and
/// session id is optional: Stripe adds fields between API versions, and moved the shipping
/// address from `shipping_details` to `collected_information.shipping_details`.
struct StripeEvent: Decodable, Sendable {
    var id: String
    var type: String
    var data: EventData

    struct EventData: Decodable, Sendable {
        var object: Session
    }

    struct Session: Decodable, Sendable {
        var id: String
        var object: String?
        var client_reference_id: String?
        var payment_status: String?
        var currency: String?
        var amount_total: Int64?
        var payment_intent: Reference?
        var customer_details: Customer?
        var shipping_details: Shipping?
        var collected_information: Collected?
        var shipping_cost: ShippingCost?
        var total_details: TotalDetails?
    }

    struct Customer: Decodable, Sendable {
        var email: String?
        var address: Address?
    }

    struct Address: Decodable, Sendable {
        var country: String?
    }

    struct Shipping: Decodable, Sendable {
        var address: Address?
    }

    struct Collected: Decodable, Sendable {
        var shipping_details: Shipping?
    }

    struct ShippingCost: Decodable, Sendable {
        var amount_total: Int64?
    }

    struct TotalDetails: Decodable, Sendable {
        var amount_shipping: Int64?
    }

    /// An id, or the expanded object whose id it is.
    struct Reference: Decodable, Sendable {
        var id: String?

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                id = text
            } else {
                struct Object: Decodable { var id: String? }
                id = try? Object(from: decoder).id
            }
        }
    }

    /// Reads a body whose signature has been checked; a body that is not an event is the sender's mistake.
    static func decode(_ bytes: [UInt8]) throws(CheckoutError) -> StripeEvent {
        do {
            return try JSONDecoder().decode(StripeEvent.self, from: Data(bytes))
        } catch {
            throw .malformedEvent
        }
    }

    /// The order's view of the event; nil for the event types orders do not follow.
    var payment: PaymentEvent? {
        guard let kind = PaymentEvent.Kind(rawValue: type), data.object.object == nil || data.object.object == "checkout.session"
        else { return nil }
        let session = data.object
        let address = session.collected_information?.shipping_details?.address ?? session.shipping_details?.address
        return PaymentEvent(
            id: id, kind: kind, sessionID: session.id, cartReference: session.client_reference_id,
            paymentStatus: session.payment_status, currency: session.currency, amountTotal: session.amount_total,
            shippingAmount: session.shipping_cost?.amount_total ?? session.total_details?.amount_shipping,
            email: session.customer_details?.email, country: (address?.country ?? session.customer_details?.address?.country)?.uppercased(),
            paymentIntent: session.payment_intent?.id)
    }
}
