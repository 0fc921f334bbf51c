public import Foundation

/// What one pack holds (`50 ml`, `1.5 kg`, `30 ct`): with the site's `unitPriceBase` it gives the
/// unit price that EU price rules ask for next to the price of goods sold by volume or weight.
public struct NetContent: Sendable, Hashable {
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case ml, l, g, kg, oz
        case flOz = "fl oz"
        case ct

        /// Units that convert into each other share a family, named by its smallest unit: a
        /// litre bottle's unit price can be quoted per 100 ml.
        public var family: Unit {
            switch self {
            case .ml, .l: .ml
            case .g, .kg: .g
            default: self
            }
        }

        /// How many of the family's unit one of this is.
        var factor: Decimal { self == .l || self == .kg ? 1000 : 1 }

        /// The unit's name in Google's `unit_pricing_measure`.
        public var merchantName: String { self == .flOz ? "floz" : rawValue }
    }

    public var amount: Decimal
    public var unit: Unit

    public init(amount: Decimal, unit: Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// `50 ml`, as content writes it.
    public var text: String { "\(amount) \(unit.rawValue)" }

    /// `50ml`, `1.5floz`: the form of `g:unit_pricing_measure`.
    public var merchantText: String { "\(amount)\(unit.merchantName)" }

    /// The amount in the family's smallest unit.
    var amountInFamily: Decimal { amount * unit.factor }

    /// Amounts: a positive number with at most six fraction digits and nine whole ones.
    static let amountPattern = #"^[0-9]{1,9}(\.[0-9]{1,6})?$"#

    /// Parses `<number> <unit>`; the message says what would be right.
    public static func parse(_ text: String) -> Result<NetContent, FieldError> {
        let trimmed = text.trimmingWhitespace()
        let units = Unit.allCases.map(\.rawValue).joined(separator: ", ")
        guard let space = trimmed.firstIndex(of: " ") else {
            return .failure(FieldError("\"\(text)\" is not a quantity and unit; write e.g. 50 ml (units: \(units))"))
        }
        let number = String(trimmed[..<space])
        let unitText = trimmed[space...].trimmingWhitespace()
        guard let unit = Unit(rawValue: unitText) else {
            var message = "\"\(unitText)\" is not a unit of net content; write one of \(units)"
            if let close = Spelling.closest(to: unitText.lowercased(), among: Unit.allCases.map(\.rawValue)) {
                message += "; did you mean `\(close)`?"
            }
            return .failure(FieldError(message))
        }
        guard number.range(of: amountPattern, options: .regularExpression) != nil,
            let amount = Decimal(string: number, locale: Locale(identifier: "en_US_POSIX")), amount > 0
        else {
            return .failure(FieldError("\"\(number)\" is not a positive amount; write e.g. 50 \(unit.rawValue)"))
        }
        return .success(NetContent(amount: amount, unit: unit))
    }

    /// The price of `base` worth of this pack at `price`, rounded half-even to the minor unit;
    /// nil when the two are of different families.
    public func unitPrice(of price: Money, per base: NetContent) -> UnitPrice? {
        guard base.unit.family == unit.family, amountInFamily > 0 else { return nil }
        var exact = Decimal(price.minorUnits) * base.amountInFamily / amountInFamily
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .bankers)
        let units = NSDecimalNumber(decimal: rounded).int64Value
        return UnitPrice(price: Money(minorUnits: units, currency: price.currency), measure: self, base: base)
    }

    /// The unit price under the site's bases: the base given for this unit, else the one given
    /// for another unit of its family (a `1 l` bottle under `{"ml": "100 ml"}`).
    public func unitPrice(of price: Money, bases: [Unit: NetContent]) -> UnitPrice? {
        if let base = bases[unit] { return unitPrice(of: price, per: base) }
        for other in Unit.allCases where other.family == unit.family {
            if let base = bases[other] { return unitPrice(of: price, per: base) }
        }
        return nil
    }
}

/// A price per base quantity, `$ 168.00 / 100 ml`.
public struct UnitPrice: Sendable, Hashable {
    public var price: Money
    /// What the pack holds.
    public var measure: NetContent
    /// The quantity `price` is for.
    public var base: NetContent

    public func formatted(locale: String) -> String {
        price.formatted(locale: locale) + " / " + base.text
    }
}
