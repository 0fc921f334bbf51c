extension Money {
    /// The pieces `formatted(locale:)` is made of, for a script that must print amounts it adds up
    /// in the browser (the bag's total) exactly as the pages print prices.
    public struct FormatParts: Sendable, Hashable {
        public var symbol: String
        public var symbolFirst: Bool
        public var decimalSeparator: String
        public var groupingSeparator: String
        public var fractionDigits: Int
    }

    public static func formatParts(currency: Currency, locale: String) -> FormatParts {
        let style = LocaleStyle(locale)
        return FormatParts(
            symbol: currency.symbol, symbolFirst: style.symbolFirst, decimalSeparator: style.decimalSeparator,
            groupingSeparator: style.groupingSeparator, fractionDigits: currency.minorUnits)
    }
}
