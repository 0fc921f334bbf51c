import CatalogModel
@testable import CheckoutService
import Foundation
import Orders
import VitrineTestSupport

/// Stripe's published example objects (Tests/StripeFixtures, MIT), filled in as Stripe fills them
/// for one session: the bodies the service must read.
enum StripeFixture {
    static let webhookSecret = "whsec_test_0123456789abcdef"
    static let settings = StripeSettings(secretKey: "sk_test_123", webhookSecret: webhookSecret, apiBase: "http://127.0.0.1:1")

    static var resources: [String: Any] {
        let file = ShopFixture.repositoryRoot.appendingPathComponent("Tests/StripeFixtures/fixtures3-subset.json")
        let object = try! JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        return object["resources"] as! [String: Any]
    }

    /// `type` about a session whose fields are set from `fields` (dotted paths), as JSON bytes.
    static func event(id: String = "evt_test_1", type: String, session: String, fields: [String: Any] = [:]) -> [UInt8] {
        var object = resources["checkout.session"] as! [String: Any]
        object["id"] = session
        for (path, value) in fields { set(&object, path.split(separator: ".").map(String.init), value) }
        var event = resources["event"] as! [String: Any]
        event["id"] = id
        event["type"] = type
        event["data"] = ["object": object]
        return Array(try! JSONSerialization.data(withJSONObject: event, options: [.sortedKeys]))
    }

    /// A card payment completed for 92.60 with free US shipping.
    static func completed(id: String = "evt_test_1", session: String, total: Int64, shipping: Int64 = 0, country: String = "US") -> [UInt8] {
        event(
            id: id, type: "checkout.session.completed", session: session,
            fields: [
                "status": "complete", "payment_status": "paid", "currency": "usd", "amount_total": total,
                "shipping_cost.amount_total": shipping, "customer_details.email": "ada@example.com",
                "collected_information.shipping_details.address.country": country, "client_reference_id": "ref",
                "payment_intent": "pi_test_1",
            ])
    }

    static func signature(_ payload: [UInt8], secret: String = webhookSecret, at date: Date) -> String {
        StripeSignature.header(payload: payload, secret: secret, timestamp: Int64(date.timeIntervalSince1970))
    }

    private static func set(_ object: inout [String: Any], _ path: [String], _ value: Any) {
        guard let first = path.first else { return }
        if path.count == 1 {
            object[first] = value
        } else {
            var child = object[first] as? [String: Any] ?? [:]
            set(&child, Array(path.dropFirst()), value)
            object[first] = child
        }
    }
}
