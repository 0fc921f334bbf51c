import CatalogModel
public import Foundation
public import Orders

/// Signs review links, one per line of a paid order, and reads them back. The key is derived from
/// the checkout key (HKDF, label `review-link`), so one secret serves both and neither kind of
/// token passes for the other. Like checkout links, the token is the whole state: any instance
/// with the same secret, and `vitrine reviews links`, make and read the same links.
public struct ReviewLinks: Sendable {
    /// How long a link made when an order is paid stays valid: long enough to use the product.
    public static let defaultLifetime: TimeInterval = 90 * 86_400
    /// A review token is about 120 bytes; anything far longer is refused before decoding.
    static let maximumTokenLength = 1024
    static let keyLabel = "review-link"

    let signer: TokenSigner
    /// Where the service is reached from outside, ending in `/`.
    public let publicURL: String
    public let lifetime: TimeInterval

    /// `checkoutSigner` is the service's own (`VITRINE_CHECKOUT_SECRET`); the review key comes from it.
    public init(checkoutSigner: TokenSigner, publicURL: String, lifetime: TimeInterval = defaultLifetime) {
        self.signer = checkoutSigner.derived(label: Self.keyLabel)
        self.publicURL = publicURL.hasSuffix("/") ? publicURL : publicURL + "/"
        self.lifetime = lifetime
    }

    /// One line's link, as the success page, a mailer or a spreadsheet uses it.
    public struct Link: Sendable, Hashable {
        public var order: Int64
        public var line: Int
        public var sku: String
        public var name: String
        public var url: String
        public var expiresAt: Date
    }

    public func token(_ token: ReviewToken) -> String { signer.sign(payload: token.payload) }

    public func url(forToken token: String) -> String { publicURL + CheckoutRoute.reviewForm.path(token) }

    /// A link for every line of `order` expiring at `expiry`; none unless the order is paid.
    public func links(for order: Order, expiringAt expiry: Date) -> [Link] {
        guard order.status == .paid else { return [] }
        let expires = Int64(expiry.timeIntervalSince1970.rounded(.down))
        return order.lines.enumerated().map { index, line in
            let signed = token(ReviewToken(order: order.number, line: index, sku: line.sku, expiresAt: expires))
            return Link(
                order: order.number, line: index, sku: line.sku, name: line.name, url: url(forToken: signed),
                expiresAt: Date(timeIntervalSince1970: TimeInterval(expires)))
        }
    }

    /// The links the service hands out for a paid order: `lifetime` from when it was paid, so the
    /// order's JSON gives the same links however often it is read.
    public func links(for order: Order) -> [Link] {
        links(for: order, expiringAt: (order.paidAt ?? order.updatedAt).addingTimeInterval(lifetime))
    }

    /// The line a link names: 404 when it is not one this shop signed (altered, cut short, a
    /// checkout token), 410 once expired.
    public func verify(_ text: Substring, at now: Date) throws(CheckoutError) -> ReviewToken {
        guard let payload = signer.verifiedPayload(text, maximumLength: Self.maximumTokenLength),
            let token = ReviewToken(payload: payload[...])
        else { throw .reviewLinkInvalid }
        guard now < token.expiryDate else { throw .reviewLinkExpired(at: Timestamp.rfc3339(token.expiryDate)) }
        return token
    }
}
