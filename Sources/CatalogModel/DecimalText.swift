public import Foundation
import Synchronization

/// `Decimal.description`, remembered by value. Every product document and sale in the JSON API
/// writes its promotion's percentage, and swift-foundation's conversion of a `Decimal` to text was
/// two thirds of writing a product's promotion links. Equal values have one description (`12.50`
/// and `12.5` both print `12.5`), so what is remembered does not depend on which came first.
public enum DecimalText {
    private static let known = Mutex<[Decimal: String]>([:])
    /// A shop has a few distinct percentages; the bound only keeps hostile content from growing it.
    private static let limit = 4_096

    public static func text(of value: Decimal) -> String {
        if let text = known.withLock({ $0[value] }) { return text }
        let text = value.description
        known.withLock { if $0.count < limit { $0[value] = text } }
        return text
    }
}
