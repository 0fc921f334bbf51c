import TextHash

/// An exact amount in a currency's minor units (cents for USD). Never a float: the old app's
/// Double prices rounded 0.1 + 0.2 differently on every device.
public struct Money: Sendable, Hashable, Codable, Comparable {
    public var minorUnits: Int64
    public var currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Digits before the decimal point a price may have: keeps minor units well inside Int64.
    public static let maxWholeDigits = 13

    /// Parses a decimal such as `32`, `32.5` or `32.50`; rejects signs, exponents and more
    /// fraction digits than the currency has.
    public static func parse(_ text: String, currency: Currency) -> Result<Money, MoneyError> {
        if let money = parsePlain(text, currency: currency) { return .success(money) }
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        let isDigits: (Substring) -> Bool = { $0.allSatisfy { ("0"..."9").contains($0) } }
        if trimmed.hasPrefix("-") { return .failure(.negative(text)) }
        guard !whole.isEmpty, isDigits(whole), isDigits(fraction), !(parts.count > 1 && fraction.isEmpty) else {
            return .failure(.notDecimal(text))
        }
        if fraction.count > currency.minorUnits { return .failure(.tooManyFractionDigits(text, currency)) }
        guard whole.count <= maxWholeDigits else { return .failure(.tooLarge(text)) }
        var units = Int64(whole)!
        for _ in 0..<currency.minorUnits { units *= 10 }
        var fractionUnits: Int64 = 0
        if !fraction.isEmpty {
            fractionUnits = Int64(fraction)!
            for _ in 0..<(currency.minorUnits - fraction.count) { fractionUnits *= 10 }
        }
        return .success(Money(minorUnits: units + fractionUnits, currency: currency))
    }

    /// `12.50` as nearly every price is written: ASCII digits with at most one point and digits on
    /// both sides of it, within the currency's fraction digits and `maxWholeDigits`, read on bytes.
    /// Anything else is nil and goes the general way, which explains what is wrong; the general
    /// way, by characters, was 0.6 % of a 10,000-product build.
    static func parsePlain(_ text: String, currency: Currency) -> Money? {
        return text.withUTF8Bytes { bytes -> Money? in
            var whole: Int64 = 0
            var fraction: Int64 = 0
            var wholeDigits = 0
            var fractionDigits = 0
            var point = false
            for byte in bytes {
                if byte == UInt8(ascii: ".") {
                    if point { return nil }
                    point = true
                    continue
                }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let digit = Int64(byte - UInt8(ascii: "0"))
                if point {
                    fraction = fraction * 10 + digit
                    fractionDigits += 1
                    if fractionDigits > currency.minorUnits { return nil }
                } else {
                    whole = whole * 10 + digit
                    wholeDigits += 1
                    if wholeDigits > maxWholeDigits { return nil }
                }
            }
            guard wholeDigits > 0, !point || fractionDigits > 0 else { return nil }
            for _ in 0..<currency.minorUnits { whole *= 10 }
            for _ in 0..<(currency.minorUnits - fractionDigits) { fraction *= 10 }
            return Money(minorUnits: whole + fraction, currency: currency)
        }
    }

    /// `32.00` for 3200 USD cents, `1200` for 1200 JPY: the form merchant feeds and JSON-LD expect.
    public var decimalString: String {
        let digits = currency.minorUnits
        let magnitude = minorUnits.magnitude
        var wholeDigits = 1
        var rest = magnitude
        for _ in 0..<digits { rest /= 10 }
        while rest >= 10 {
            wholeDigits += 1
            rest /= 10
        }
        let length = (minorUnits < 0 ? 1 : 0) + wholeDigits + (digits > 0 ? 1 + digits : 0)
        // Written backwards at its exact length: every product page, document, feed item and
        // structured-data block prints one, and building it from three strings and an
        // interpolation was most of the 0.7 % of a build these took.
        return String(unsafeUninitializedCapacity: length) { out in
            var value = magnitude
            var index = length - 1
            for _ in 0..<digits {
                out[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                index -= 1
            }
            if digits > 0 {
                out[index] = UInt8(ascii: ".")
                index -= 1
            }
            for _ in 0..<wholeDigits {
                out[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                index -= 1
            }
            if minorUnits < 0 { out[0] = UInt8(ascii: "-") }
            return length
        }
    }

    /// Amounts in different currencies have no order: comparing them is a programming error
    /// (a sort or a price filter that forgot the currency), stopped here rather than answered wrong.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        precondition(lhs.currency == rhs.currency, "comparing \(lhs.currency.code) with \(rhs.currency.code)")
        return lhs.minorUnits < rhs.minorUnits
    }

    /// `quantity` times this amount; nil when it would not fit in 64 bits.
    public func multiplied(by quantity: Int) -> Money? {
        let (units, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(quantity))
        return overflow ? nil : Money(minorUnits: units, currency: currency)
    }
}

public enum MoneyError: Error, Sendable, Equatable, CustomStringConvertible {
    case notDecimal(String)
    case negative(String)
    case tooManyFractionDigits(String, Currency)
    case tooLarge(String)

    public var description: String {
        switch self {
        case .notDecimal(let text):
            return "\"\(text)\" is not a decimal amount; write e.g. 12.50"
        case .negative(let text):
            return "\"\(text)\" is negative; a price is 0 or more"
        case .tooManyFractionDigits(let text, let currency):
            let example = currency.minorUnits == 0 ? "1200" : "12." + String(repeating: "5", count: currency.minorUnits)
            if currency.minorUnits == 0 {
                return "\"\(text)\" has fraction digits, which \(currency.code) does not allow; write e.g. \(example)"
            }
            return "\"\(text)\" has more than \(currency.minorUnits) fraction digit\(currency.minorUnits == 1 ? "" : "s"), "
                + "which \(currency.code) allows; write e.g. \(example)"
        case .tooLarge(let text):
            return "\"\(text)\" is too large for a price"
        }
    }
}

extension StringProtocol {
    /// Without Foundation, so the model trims alike on every platform.
    public func trimmingWhitespace() -> String {
        // Most values (every date, price and SKU) start and end with a printable ASCII byte:
        // neither end is then whitespace, and the text is returned without breaking it into
        // characters, which was half the time of reading a date.
        var s = Substring(self)
        if let first = s.utf8.first, let last = s.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return String(s)
        }
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
