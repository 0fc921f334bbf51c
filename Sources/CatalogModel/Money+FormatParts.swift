extension Money {
    /// What a script needs to print amounts it adds up in the browser (the bag's total) exactly as
    /// the pages print prices: read off ICU's own output for sample amounts, so the two agree on
    /// every locale's symbol, spacing, separators, grouping and digits.
    public struct FormatParts: Sendable, Hashable {
        /// Around the number of a positive amount (`$` and nothing in en_US; nothing and ` €` in de_DE).
        public var prefix: String
        public var suffix: String
        public var negativePrefix: String
        public var negativeSuffix: String
        public var decimalSeparator: String
        public var groupingSeparator: String
        /// Digits in the first group left of the decimal separator, and in each group after it
        /// (3 and 2 for India's 12,34,567).
        public var primaryGrouping: Int
        public var secondaryGrouping: Int
        /// Whether a four-digit amount is grouped (CLDR's minimum grouping digits: Spanish writes
        /// 1234,50 € but 12.345,50 €).
        public var groupsFourDigits: Bool
        public var fractionDigits: Int
        /// The locale's digits, zero to nine.
        public var numerals: String
    }

    public static func formatParts(currency: Currency, locale: String) -> FormatParts {
        let digits = currency.minorUnits
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        // 1,234,567,890 and a fraction of 1, 12 or 123…: every digit, group and separator appears.
        let fractionDigits = String("1234".prefix(digits))
        let sample = 1_234_567_890 * scale + (Int64(fractionDigits) ?? 0)
        let printed = Array(Money(minorUnits: sample, currency: currency).formatted(locale: locale))
        let negative = Array(Money(minorUnits: -sample, currency: currency).formatted(locale: locale))
        // The locale's numerals, read off the same number.
        var numerals = Array("0123456789")
        let isDigit = { (c: Character) in c.isNumber }
        let found = printed.filter(isDigit)
        let expected = Array("1234567890" + fractionDigits)
        if found.count == expected.count {
            for (value, shown) in zip(expected, found) { numerals[Int(String(value))!] = shown }
        }
        func outside(_ text: [Character]) -> (String, String, ArraySlice<Character>) {
            guard let first = text.firstIndex(where: isDigit), let last = text.lastIndex(where: isDigit) else {
                return ("", "", [])
            }
            return (String(text[..<first]), String(text[(last + 1)...]), text[first...last])
        }
        let (prefix, suffix, number) = outside(printed)
        let (negativePrefix, negativeSuffix, _) = outside(negative)
        // The number is digits with separators between: the last separator is the decimal one
        // when the currency has a fraction; the others are the grouping separator.
        var runs: [String] = []
        var separators: [String] = []
        var current = ""
        var separator = ""
        for character in number {
            if isDigit(character) {
                if !separator.isEmpty {
                    separators.append(separator)
                    runs.append(current)
                    current = ""
                    separator = ""
                }
                current.append(character)
            } else {
                separator.append(character)
            }
        }
        runs.append(current)
        let decimalSeparator = digits > 0 ? (separators.popLast() ?? ".") : "."
        let wholeRuns = digits > 0 ? Array(runs.dropLast()) : runs
        let groupingSeparator = separators.first ?? ","
        let primary = wholeRuns.count > 1 ? wholeRuns[wholeRuns.count - 1].count : 3
        let secondary = wholeRuns.count > 2 ? wholeRuns[wholeRuns.count - 2].count : primary
        let four = Money(minorUnits: 1_234 * scale, currency: currency).formatted(locale: locale)
        return FormatParts(
            prefix: prefix, suffix: suffix, negativePrefix: negativePrefix, negativeSuffix: negativeSuffix,
            decimalSeparator: decimalSeparator, groupingSeparator: groupingSeparator, primaryGrouping: primary,
            secondaryGrouping: secondary, groupsFourDigits: four.contains(groupingSeparator), fractionDigits: digits,
            numerals: String(numerals))
    }
}
