public import CatalogModel
public import Foundation

/// An order as the shop keeps it: what the signed cart said when the shopper went to pay, and
/// what Stripe later reported about the payment. Amounts are minor units of `currency`.
public struct Order: Sendable, Hashable {
    /// Where the payment stands. Only moves forward (`rank`), whatever order Stripe's events
    /// arrive in: a late `completed` never turns a paid order back into a processing one.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// The Checkout Session exists; nothing has been paid.
        case open
        /// The shopper finished checkout with a payment that settles later (a bank debit).
        case processing
        case paid
        case failed
        /// The session ran out before the shopper paid.
        case expired

        var rank: Int {
            switch self {
            case .open: 0
            case .expired: 1
            case .processing: 2
            case .paid, .failed: 3
            }
        }
    }

    public struct Line: Sendable, Hashable {
        public var sku: String
        public var name: String
        public var quantity: Int
        /// One unit as charged, after the sale or code discount.
        public var unitAmount: Int64
        /// The whole line's saving against the list price.
        public var discountAmount: Int64
        public var total: Int64

        public init(sku: String, name: String, quantity: Int, unitAmount: Int64, discountAmount: Int64, total: Int64) {
            self.sku = sku
            self.name = name
            self.quantity = quantity
            self.unitAmount = unitAmount
            self.discountAmount = discountAmount
            self.total = total
        }
    }

    /// A shipping rate offered with the session, its amount already free where the cart reached
    /// the rate's threshold: what a paid shipping amount is checked against.
    public struct ShippingOption: Sendable, Hashable {
        public var country: String
        public var service: String
        public var amount: Int64

        public init(country: String, service: String, amount: Int64) {
            self.country = country
            self.service = service
            self.amount = amount
        }
    }

    public var number: Int64
    /// Stripe's Checkout Session id (`cs_…`): the key Stripe's events and the success page use.
    public var sessionID: String
    /// The digest of the signed cart token, also sent to Stripe as `client_reference_id`.
    public var cartReference: String
    public var status: Status
    /// Set when something did not add up (an amount, a currency, a shipping rate): the order is
    /// kept, and staff decide. Never cleared by a later event.
    public var reviewReason: String?
    public var currency: Currency
    public var lines: [Line]
    public var shippingOptions: [ShippingOption]
    /// Lines at list price, the discounts, and what the lines cost after them.
    public var subtotal: Int64
    public var discount: Int64
    public var goodsTotal: Int64
    public var code: String?
    public var catalogVersion: String
    /// Known once Stripe reports the completed checkout.
    public var shippingAmount: Int64?
    public var shippingService: String?
    public var amountPaid: Int64?
    public var email: String?
    public var country: String?
    public var paymentIntent: String?
    public var createdAt: Date
    public var updatedAt: Date
    public var paidAt: Date?

    public init(
        number: Int64 = 0, sessionID: String, cartReference: String, status: Status = .open, reviewReason: String? = nil,
        currency: Currency, lines: [Line], shippingOptions: [ShippingOption], subtotal: Int64, discount: Int64, goodsTotal: Int64,
        code: String?, catalogVersion: String, createdAt: Date
    ) {
        self.number = number
        self.sessionID = sessionID
        self.cartReference = cartReference
        self.status = status
        self.reviewReason = reviewReason
        self.currency = currency
        self.lines = lines
        self.shippingOptions = shippingOptions
        self.subtotal = subtotal
        self.discount = discount
        self.goodsTotal = goodsTotal
        self.code = code
        self.catalogVersion = catalogVersion
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }

    /// What the shopper owes in all: the lines, and shipping once chosen.
    public var total: Int64 { goodsTotal + (shippingAmount ?? 0) }

    public func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }
}
