import CatalogModel
public import Foundation
import Logging
public import Orders

/// The payment step: a signed cart becomes a Stripe Checkout Session and an order, and Stripe's
/// events settle the order. Present only when the service has Stripe keys and an orders file.
public struct Payments: Sendable {
    public let settings: StripeSettings
    public let store: OrderStore
    let client: StripeClient
    /// How long the review links of a paid order stay valid, from when it was paid.
    public let reviewLinkLifetime: TimeInterval
    /// SQLite calls block; they run here, one at a time, off Swift's cooperative threads.
    private let queue = DispatchQueue(label: "vitrine.orders")

    public init(settings: StripeSettings, store: OrderStore, reviewLinkLifetime: TimeInterval = ReviewLinks.defaultLifetime) {
        self.settings = settings
        self.store = store
        self.client = StripeClient(settings: settings)
        self.reviewLinkLifetime = reviewLinkLifetime
    }

    /// The session for `link`, and its order, recorded only once Stripe has made the session: a
    /// refused or failed request leaves nothing behind. The same link again gives the same
    /// session (Stripe's idempotency key) and the same order.
    func startCheckout(_ link: CheckoutLinks.Link, links: CheckoutLinks, now: Date, logger: Logger) async throws -> (url: String, order: Order) {
        let request = CheckoutSessionRequest(link: link, catalog: links.catalog, catalogVersion: links.version)
        let session: StripeClient.CreatedSession
        do {
            session = try await client.createCheckoutSession(request)
        } catch {
            switch error {
            case .refused(let status, let message):
                logger.error("Stripe refused the Checkout Session", metadata: ["status": "\(status)", "stripe": "\(message)"])
                throw CheckoutError.paymentUnavailable(retryable: false)
            case .unavailable(let status, let message):
                logger.warning("Stripe failed to create the Checkout Session", metadata: ["status": "\(status)", "stripe": "\(message)"])
                throw CheckoutError.paymentUnavailable(retryable: true)
            case .unreachable(let message):
                logger.warning("Stripe is unreachable", metadata: ["error": "\(message)"])
                throw CheckoutError.paymentUnavailable(retryable: true)
            }
        }
        let cart = link.cart
        let order = Order(
            sessionID: session.id, cartReference: request.cartReference, currency: cart.currency,
            lines: cart.lines.map {
                Order.Line(
                    sku: $0.sku, name: $0.name, quantity: $0.quantity, unitAmount: $0.unitPrice.minorUnits,
                    discountAmount: $0.discount.minorUnits, total: $0.total.minorUnits)
            },
            shippingOptions: request.shippingOptions, subtotal: cart.subtotal.minorUnits, discount: cart.discount.minorUnits,
            goodsTotal: cart.total.minorUnits, code: cart.code, catalogVersion: links.version, createdAt: now)
        let saved = try await onQueue { [store] in try store.record(order) }
        return (session.url, saved)
    }

    /// Checks the signature before reading a byte of the body, then applies the event once. The
    /// answer is sent only after the transaction committed: an acknowledged event is never lost.
    func receive(payload: [UInt8], signature: String?, now: Date) async throws -> JSONValue {
        try StripeSignature.verify(header: signature, payload: payload, secret: settings.webhookSecret, now: now)
        let event = try StripeEvent.decode(payload)
        guard let payment = event.payment else { return ["received": true, "ignored": .string(event.type)] }
        let outcome = try await onQueue { [store] in try store.apply(payment, at: now) }
        switch outcome {
        case .applied(let order): return ["received": true, "order": .int(order.number), "status": .string(order.status.rawValue)]
        case .duplicate: return ["received": true, "duplicate": true]
        case .unmatched(let order): return ["received": true, "order": .int(order.number), "unmatched": true]
        }
    }

    func order(sessionID: String) async throws -> Order? {
        try await onQueue { [store] in try store.order(sessionID: sessionID) }
    }

    func onQueue<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
