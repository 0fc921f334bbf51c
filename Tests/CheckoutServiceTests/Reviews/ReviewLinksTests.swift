import CatalogModel
@testable import CheckoutService
import Foundation
import Orders
import Testing
import VitrineTestSupport

@Suite struct ReviewLinksTests {
    static let links = ReviewLinks(checkoutSigner: Fixtures.signer, publicURL: "https://checkout.shop.example")

    static func paidOrder(paidAt: Date = Fixtures.now) -> Order {
        var order = Order(
            number: 1001, sessionID: "cs_test_1", cartReference: "r", status: .paid, currency: .usd,
            lines: [
                .init(sku: "SER-1", name: "serum", quantity: 1, unitAmount: 2880, discountAmount: 320, total: 2880),
                .init(sku: "LIP-RED", name: "lipstick, Red", quantity: 2, unitAmount: 2000, discountAmount: 0, total: 4000),
            ],
            shippingOptions: [], subtotal: 7200, discount: 320, goodsTotal: 6880, code: nil, catalogVersion: "v", createdAt: paidAt)
        order.paidAt = paidAt
        return order
    }

    static func token(of link: ReviewLinks.Link) -> Substring {
        link.url.split(separator: "/").last!
    }

    @Test func aPaidOrderHasALinkPerLineThatReadsBackAsItsLine() throws {
        let made = Self.links.links(for: Self.paidOrder())
        #expect(made.map(\.sku) == ["SER-1", "LIP-RED"] && made.map(\.name) == ["serum", "lipstick, Red"])
        #expect(made.allSatisfy { $0.url.hasPrefix("https://checkout.shop.example/reviews/") })
        let read = try Self.links.verify(Self.token(of: made[1]), at: Fixtures.now)
        #expect(read == ReviewToken(order: 1001, line: 1, sku: "LIP-RED", expiresAt: Int64(Fixtures.now.timeIntervalSince1970) + 90 * 86_400))
        // The same order read twice gives the same links: they are made from the payment time.
        #expect(Self.links.links(for: Self.paidOrder()) == made)
    }

    @Test func anOrderNotPaidHasNoLinks() {
        var order = Self.paidOrder()
        for status in [Order.Status.open, .processing, .failed, .expired] {
            order.status = status
            #expect(Self.links.links(for: order).isEmpty)
        }
    }

    @Test func anAlteredOrTruncatedLinkIsInvalid() throws {
        let token = String(Self.token(of: Self.links.links(for: Self.paidOrder())[0]))
        let dot = token.firstIndex(of: ".")!
        // Another line of the same order, with the first line's signature.
        let forged = ReviewToken(order: 1001, line: 1, sku: "SER-1", expiresAt: 4_102_444_800)
        let forgedPayload = Base64URL.encode(Array(forged.payload.utf8))
        var flipped = Array(token.utf8)
        flipped[flipped.count - 3] = flipped[flipped.count - 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        for bad in [
            forgedPayload + token[dot...], String(token.dropLast(2)), String(decoding: flipped, as: UTF8.self), "", ".", "abc",
            token + "x", String(repeating: "A", count: 5000) + "." + "B",
        ] {
            #expect(throws: CheckoutError.reviewLinkInvalid, "\(bad.prefix(40))") { try Self.links.verify(bad[...], at: Fixtures.now) }
        }
    }

    @Test func anotherShopsKeyOrACheckoutTokenIsNeverAReviewToken() throws {
        let token = Self.token(of: Self.links.links(for: Self.paidOrder())[0])
        let other = ReviewLinks(checkoutSigner: TokenSigner(secret: "another-secret-0123456789-abcdefghijkl"), publicURL: "https://x")
        #expect(throws: CheckoutError.reviewLinkInvalid) { try other.verify(token, at: Fixtures.now) }
        // A checkout link's token, signed with the checkout key itself.
        let checkout = try Fixtures.links().link(for: CartRequest(items: [.init(sku: "SER-1", quantity: 1)]), at: Fixtures.now).token
        #expect(throws: CheckoutError.reviewLinkInvalid) { try Self.links.verify(checkout[...], at: Fixtures.now) }
        // A review payload signed with the checkout key, not the derived one.
        let underived = Fixtures.signer.sign(payload: ReviewToken(order: 1001, line: 0, sku: "SER-1", expiresAt: 4_102_444_800).payload)
        #expect(throws: CheckoutError.reviewLinkInvalid) { try Self.links.verify(underived[...], at: Fixtures.now) }
        // And a review token is no checkout token.
        #expect(throws: CheckoutError.invalidToken) { try Fixtures.signer.verify(token) }
    }

    @Test func aLinkExpiresAtItsTimeAnd410SaysWhen() throws {
        let token = Self.token(of: Self.links.links(for: Self.paidOrder())[0])
        let expiry = Fixtures.now.addingTimeInterval(ReviewLinks.defaultLifetime)
        #expect(throws: Never.self) { try Self.links.verify(token, at: expiry.addingTimeInterval(-1)) }
        #expect(throws: CheckoutError.reviewLinkExpired(at: Timestamp.rfc3339(expiry))) { try Self.links.verify(token, at: expiry) }
    }

    @Test func theSKUCannotShiftTheOtherFields() {
        let token = ReviewToken(order: 7, line: 3, sku: "odd;sku;9", expiresAt: 100)
        #expect(ReviewToken(payload: token.payload[...]) == token)
        #expect(ReviewToken(payload: "vr1;0;0;100;X") == nil && ReviewToken(payload: "vr1;1;-1;100;X") == nil)
        #expect(ReviewToken(payload: "vc1;1;0;100;X") == nil && ReviewToken(payload: "vr1;1;0;100;") == nil)
    }
}
