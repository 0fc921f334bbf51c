/// What a Stripe Checkout event says about one session, read from its webhook body by the
/// checkout service: only the fields an order keeps.
public struct PaymentEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case completed = "checkout.session.completed"
        case asyncPaymentSucceeded = "checkout.session.async_payment_succeeded"
        case asyncPaymentFailed = "checkout.session.async_payment_failed"
        case expired = "checkout.session.expired"
    }

    /// `evt_…`: each is applied once, however often Stripe delivers it.
    public var id: String
    public var kind: Kind
    public var sessionID: String
    /// `client_reference_id`: the cart reference the service sent.
    public var cartReference: String?
    /// `paid`, `unpaid` or `no_payment_required`.
    public var paymentStatus: String?
    /// Lowercase, as Stripe writes it.
    public var currency: String?
    public var amountTotal: Int64?
    public var shippingAmount: Int64?
    public var email: String?
    /// Where the parcel goes, else the billing country.
    public var country: String?
    public var paymentIntent: String?

    public init(
        id: String, kind: Kind, sessionID: String, cartReference: String? = nil, paymentStatus: String? = nil,
        currency: String? = nil, amountTotal: Int64? = nil, shippingAmount: Int64? = nil, email: String? = nil,
        country: String? = nil, paymentIntent: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.sessionID = sessionID
        self.cartReference = cartReference
        self.paymentStatus = paymentStatus
        self.currency = currency
        self.amountTotal = amountTotal
        self.shippingAmount = shippingAmount
        self.email = email
        self.country = country
        self.paymentIntent = paymentIntent
    }

    /// Whether the money has arrived: a completed checkout paid by card, or a delayed payment settled.
    var isPaid: Bool {
        switch kind {
        case .completed: paymentStatus == "paid" || paymentStatus == "no_payment_required"
        case .asyncPaymentSucceeded: true
        case .asyncPaymentFailed, .expired: false
        }
    }
}
