public import Foundation
import Synchronization

/// `Decimal.description`, remembered. Every product document and sale in the JSON API
/// writes its promotion's percentage, and swift-foundation's conversion of a `Decimal` to text was
/// two thirds of writing a product's promotion links. Equal values have one description (`12.50`
/// and `12.5` both print `12.5`), so what is remembered does not depend on which came first.
public enum DecimalText {
    /// By the value's representation, not the value: `Decimal`'s own hash was four fifths of
    /// looking a text up. Equal representations are equal values, and every value's text is its
    /// description, so an equal value written otherwise only takes an entry of its own.
    private static let known = Mutex<[Representation: String]>([:])
    /// A shop has a few distinct percentages; the bound only keeps hostile content from growing it.
    private static let limit = 4_096

    public static func text(of value: Decimal) -> String {
        guard Representation.holdsEveryByte else { return value.description }
        let key = Representation(value)
        if let text = known.withLock({ $0[key] }) { return text }
        let text = value.description
        known.withLock { if $0.count < limit { $0[key] = text } }
        return text
    }

    /// A `Decimal`'s bytes (its exponent, sign, length and mantissa) as three words; its fields
    /// are not public.
    private struct Representation: Hashable {
        let words: (UInt64, UInt64, UInt64)

        static let holdsEveryByte = MemoryLayout<Decimal>.size <= MemoryLayout<(UInt64, UInt64, UInt64)>.size

        init(_ value: Decimal) {
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &words) { target in
                withUnsafeBytes(of: value) { target.copyMemory(from: $0) }
            }
            self.words = words
        }

        static func == (a: Representation, b: Representation) -> Bool { a.words == b.words }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
        }
    }
}
