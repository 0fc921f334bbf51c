import CatalogModel
@testable import CheckoutService
import Foundation
import Testing

@Suite struct CheckoutLinkBodyTests {
    /// The link as the one writer writes it must be byte for byte what JSONEncoder writes with sorted keys.
    @Test func writesExactlyWhatJSONEncoderWrites() throws {
        let names = [
            "Plain", "Quote \" and backslash \\", "Slash / stays", "Tab\tNew\nLine\rFeed\u{0C}Back\u{08}",
            "Control \u{01}\u{1F}\u{7F}", "Crème brûlée ✨ 日本", "",
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (index, name) in names.enumerated() {
            let body = CheckoutLinkBody(
                url: "https://checkout.example/checkout/a.b", token: "a.b", expiresAt: "2026-12-01T12:30:00Z",
                currency: "USD",
                lines: [
                    .init(sku: "SKU-\(index)", name: name, unitAmount: 8400, quantity: 2, discountAmount: 1680,
                        lineAmount: 15120, promotion: index % 2 == 0 ? "xmas-10-off" : nil),
                    .init(sku: "B.2_x", name: "Second", unitAmount: 0, quantity: 99, discountAmount: 0, lineAmount: 0,
                        promotion: nil),
                ],
                subtotal: Int64.max, discount: 0, total: -1)
            let expected = try encoder.encode(body)
            #expect(String(decoding: body.json.encodedBytes(), as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(name)")
        }
    }
}
