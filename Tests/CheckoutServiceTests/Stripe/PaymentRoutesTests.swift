import CatalogModel
@testable import CheckoutService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Orders
import Testing
import VitrineTestSupport

/// The payment routes through the router, with a real orders file and Stripe's API out of reach
/// (the Python stand-in in scripts/e2e-payment.sh covers the sessions Stripe makes).
@Suite struct PaymentRoutesTests {
    let clock = TestClock()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("payments-\(UUID().uuidString)")
    var ordersPath: String { folder.appendingPathComponent("orders.sqlite").path }

    func withClient<Value: Sendable>(
        payments: Bool = true, _ body: @Sendable (any TestClientProtocol, OrderStore) async throws -> Value
    ) async throws -> Value {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = self.clock
        let store = try OrderStore(path: ordersPath)
        let configuration = CheckoutConfiguration(
            clock: { clock.now }, payments: payments ? Payments(settings: StripeFixture.settings, store: store) : nil,
            wallClock: { clock.now })
        let app = buildApplication(links: Fixtures.links(), configuration: configuration)
        return try await app.test(.router) { client in try await body(client, store) }
    }

    /// An order for `session` as the Pay button records it: a serum at 28.80 (the brand's 10 % off).
    static func recordOrder(_ store: OrderStore, session: String = "cs_test_abc") throws -> Order {
        try store.record(
            Order(
                sessionID: session, cartReference: "ref", currency: .usd,
                lines: [.init(sku: "SER-1", name: "serum", quantity: 1, unitAmount: 2880, discountAmount: 320, total: 2880)],
                shippingOptions: [.init(country: "US", service: "Standard", amount: 495)], subtotal: 3200, discount: 320,
                goodsTotal: 2880, code: nil, catalogVersion: "v", createdAt: Fixtures.now))
    }

    func post(_ client: any TestClientProtocol, _ payload: [UInt8], signature: String?) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let signature { headers[.stripeSignature] = signature }
        return try await client.execute(
            uri: "/" + CheckoutRoute.stripeWebhook.pattern, method: .post, headers: headers, body: ByteBuffer(bytes: payload))
    }

    @Test func aSignedCompletedEventPaysTheOrderOnceHoweverOftenItIsDelivered() async throws {
        let now = clock.now
        try await withClient { client, store in
            _ = try Self.recordOrder(store)
            let event = StripeFixture.completed(session: "cs_test_abc", total: 3375, shipping: 495)
            let first = try await post(client, event, signature: StripeFixture.signature(event, at: now))
            #expect(first.status == .ok)
            #expect(String(buffer: first.body).contains(#""status":"paid""#))
            let again = try await post(client, event, signature: StripeFixture.signature(event, at: now))
            #expect(again.status == .ok)
            #expect(String(buffer: again.body).contains(#""duplicate":true"#))
            let order = try #require(try store.order(sessionID: "cs_test_abc"))
            #expect(order.status == .paid && order.amountPaid == 3375 && order.email == "ada@example.com" && order.country == "US")
            #expect(order.reviewReason == nil && order.paymentIntent == "pi_test_1")
            #expect(try store.orders().count == 1)
        }
    }

    @Test func aPaymentThatDiffersFromTheCartIsKeptAndFlagged() async throws {
        let now = clock.now
        try await withClient { client, store in
            _ = try Self.recordOrder(store)
            let event = StripeFixture.completed(session: "cs_test_abc", total: 100, shipping: 495)
            #expect(try await post(client, event, signature: StripeFixture.signature(event, at: now)).status == .ok)
            let order = try #require(try store.order(sessionID: "cs_test_abc"))
            #expect(order.status == .paid)
            #expect(order.reviewReason == "paid 1.00 USD, but the cart came to 28.80 plus 4.95 shipping")
        }
    }

    @Test func badStaleOrMissingSignaturesAre400AndChangeNothing() async throws {
        let now = clock.now
        try await withClient { client, store in
            _ = try Self.recordOrder(store)
            let event = StripeFixture.completed(session: "cs_test_abc", total: 3375, shipping: 495)
            let wrong = try await post(client, event, signature: StripeFixture.signature(event, secret: "whsec_other", at: now))
            _ = try RouterTests.expectError(wrong, .badRequest, "signature_invalid")
            let stale = try await post(client, event, signature: StripeFixture.signature(event, at: now.addingTimeInterval(-600)))
            _ = try RouterTests.expectError(stale, .badRequest, "signature_stale")
            _ = try RouterTests.expectError(try await post(client, event, signature: nil), .badRequest, "signature_missing")
            let junk = Array("not json".utf8)
            _ = try RouterTests.expectError(
                try await post(client, junk, signature: StripeFixture.signature(junk, at: now)), .badRequest, "malformed_event")
            #expect(try store.order(sessionID: "cs_test_abc")?.status == .open)
        }
    }

    @Test func eventsOrdersDoNotFollowAreAcknowledged() async throws {
        let now = clock.now
        try await withClient { client, store in
            let event = StripeFixture.event(type: "customer.created", session: "cus_1")
            let response = try await post(client, event, signature: StripeFixture.signature(event, at: now))
            #expect(response.status == .ok)
            #expect(String(buffer: response.body).contains(#""ignored":"customer.created""#))
            #expect(try store.orders().isEmpty)
        }
    }

    @Test func theSuccessPageReadsTheOrderFromTheSitesOriginOnly() async throws {
        try await withClient { client, store in
            _ = try Self.recordOrder(store)
            try await client.execute(uri: "/" + CheckoutRoute.order.path("cs_test_abc"), method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == "https://shop.example")
                let body = try RouterTests.json(response)
                #expect(body["number"] as? Int == 1001 && body["status"] as? String == "open")
                #expect(body["totalText"] as? String == "$28.80")
                #expect(body["email"] == nil && body["sessionID"] == nil)
                #expect((body["lines"] as? [[String: Any]])?.first?["sku"] as? String == "SER-1")
            }
            for unknown in ["cs_test_nope", "pi_123", "cs_<script>"] {
                let response = try await client.execute(uri: "/api/orders/" + unknown, method: .get)
                _ = try RouterTests.expectError(response, .notFound, "unknown_order")
            }
        }
    }

    @Test func payingWhileStripeIsUnreachableIsA502PageAndKeepsNoOrder() async throws {
        try await withClient { client, store in
            let link = try await client.execute(uri: "/cart/SER-1:1", method: .get)
            let token = try RouterTests.token(fromLocation: link)
            let response = try await client.execute(
                uri: "/" + CheckoutRoute.pay.path(token), method: .post, headers: [.accept: "text/html"])
            #expect(response.status == .badGateway)
            #expect(String(buffer: response.body).contains("Nothing was charged"))
            #expect(try store.orders().isEmpty)
        }
    }

    @Test func theSummaryPageOffersPayOnlyWithPayments() async throws {
        for enabled in [true, false] {
            try await withClient(payments: enabled) { client, _ in
                let link = try await client.execute(uri: "/cart/SER-1:1", method: .get)
                let token = try RouterTests.token(fromLocation: link)
                let page = try await client.execute(uri: "/" + CheckoutRoute.summary.path(token), method: .get)
                let html = String(buffer: page.body)
                #expect(html.contains(#"action="../checkout/\#(token)/pay""#) == enabled)
                #expect(html.contains(#"id="no-payment""#) == !enabled)
                let policy = page.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains(enabled ? "form-action 'self' https://checkout.stripe.com http://127.0.0.1:1" : "form-action 'none'"))
            }
        }
    }

    @Test func withoutPaymentsThePaymentRoutesSayWhy() async throws {
        try await withClient(payments: false) { client, _ in
            for (uri, method) in [("/webhooks/stripe", HTTPRequest.Method.post), ("/api/orders/cs_test_1", .get), ("/checkout/abc.def/pay", .post)] {
                _ = try RouterTests.expectError(try await client.execute(uri: uri, method: method), .notFound, "payments_not_configured")
            }
        }
    }
}
