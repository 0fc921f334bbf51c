extension Money {
    /// The price as a shopper reads it: `$ 3.50` in en_US, `¥ 1,200` for JPY, `3,50 €` in de_DE.
    /// Written here rather than with Foundation's NumberFormatter so every machine prints the same bytes.
    public func formatted(locale: String) -> String {
        let style = LocaleStyle(locale)
        let digits = currency.minorUnits
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let magnitude = minorUnits.magnitude
        let whole = magnitude / scale
        let fraction = magnitude % scale
        var wholeDigits = 1
        var rest = whole / 10
        while rest > 0 {
            wholeDigits += 1
            rest /= 10
        }
        let symbol = currency.symbol
        let group = style.groupingSeparator.utf8
        let decimal = style.decimalSeparator.utf8
        let length = symbol.utf8.count + 1 + (minorUnits < 0 ? 1 : 0) + wholeDigits + (wholeDigits - 1) / 3 * group.count
            + (digits > 0 ? decimal.count + digits : 0)
        // Written once, at its exact length: a price of up to 15 bytes is then a small string, with
        // no allocation at all. A page prints several prices, and filling a byte array to copy into
        // a string after was two fifths of formatting one.
        return String(unsafeUninitializedCapacity: length) { out in
            var at = 0
            func put(_ byte: UInt8) {
                out[at] = byte
                at += 1
            }
            func put(_ bytes: String.UTF8View) { for byte in bytes { put(byte) } }
            /// `count` digits of `value`, zeros in front.
            func put(digitsOf value: UInt64, count: Int, grouped: Bool) {
                var value = value
                var index = at + count + (grouped ? (count - 1) / 3 * group.count : 0) - 1
                let end = index + 1
                for position in 0..<count {
                    if grouped, position > 0, position % 3 == 0 {
                        for byte in group.reversed() {
                            out[index] = byte
                            index -= 1
                        }
                    }
                    out[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    index -= 1
                }
                at = end
            }
            if style.symbolFirst {
                put(symbol.utf8)
                put(UInt8(ascii: " "))
            }
            if minorUnits < 0 { put(UInt8(ascii: "-")) }
            put(digitsOf: whole, count: wholeDigits, grouped: true)
            if digits > 0 {
                put(decimal)
                put(digitsOf: fraction, count: digits, grouped: false)
            }
            if !style.symbolFirst {
                put(UInt8(ascii: " "))
                put(symbol.utf8)
            }
            return at
        }
    }

    /// `$ 3.50/ea`
    public func formatted(locale: String, per unit: String) -> String {
        formatted(locale: locale) + "/" + unit
    }
}

/// Number conventions per language; enough for the shops Vitrine serves, exact for en_US.
struct LocaleStyle {
    var decimalSeparator = "."
    var groupingSeparator = ","
    var symbolFirst = true

    init(_ locale: String) {
        // The language subtag, lowercased, as one number: every price a page prints asks, and
        // building it as a string a byte at a time was a quarter of formatting a price.
        var language: UInt32 = 0
        var length = 0
        for byte in locale.utf8 {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") { break }
            length += 1
            language = language << 8 | UInt32((65...90).contains(byte) ? byte + 32 : byte)
        }
        // A tag without a language is English; a language of more than three letters is none of
        // those below.
        if length == 0 { return }
        if length > 3 { language = 0 }
        if Self.commaAndDot.contains(language) {
            decimalSeparator = ","
            groupingSeparator = "."
            symbolFirst = false
        } else if Self.commaAndNarrowSpace.contains(language) {
            decimalSeparator = ","
            groupingSeparator = "\u{202F}"
            symbolFirst = false
        }
    }

    /// Languages that write 1.234,50 € (the others, English among them, write € 1,234.50).
    static let commaAndDot = codes("de", "es", "it", "pt", "nl", "id", "tr", "da", "el")
    /// Languages that write 1 234,50 € with a narrow no-break space.
    static let commaAndNarrowSpace = codes("fr", "sv", "nb", "no", "fi", "pl", "cs", "ru", "uk")

    private static func codes(_ languages: String...) -> [UInt32] {
        languages.map { $0.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
