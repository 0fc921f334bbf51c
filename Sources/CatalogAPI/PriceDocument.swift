public import CatalogModel

/// A price as apps need it: exact minor units to compute with, the decimal string merchant
/// formats use, and the text to show.
public struct PriceDocument: Codable, Sendable, Equatable, JSONValueConvertible, JSONObjectWritable {
    /// `32.00`
    public var amount: String
    /// `3200` for $ 32.00; never a float.
    public var minorUnits: Int64
    public var currency: String
    /// `$ 32.00` in the site's locale.
    public var formatted: String
    /// What the price is for: `ea`, `ml`, `pack`.
    public var unit: String

    public init(_ money: Money, unit: String, locale: String) {
        amount = money.decimalString
        minorUnits = money.minorUnits
        currency = money.currency.code
        formatted = money.formatted(locale: locale)
        self.unit = unit
    }

    public var jsonValue: JSONValue {
        [
            "amount": .string(amount), "minorUnits": .int(minorUnits), "currency": .string(currency),
            "formatted": .string(formatted), "unit": .string(unit),
        ]
    }

    public func write(to writer: inout JSONObjectWriter) {
        writer.string("amount", amount)
        writer.string("currency", currency)
        writer.string("formatted", formatted)
        writer.int("minorUnits", minorUnits)
        writer.string("unit", unit)
    }
}
