extension Money {
    /// The price as a shopper reads it: `$ 3.50` in en_US, `¥ 1,200` for JPY, `3,50 €` in de_DE.
    /// Written here rather than with Foundation's NumberFormatter so every machine prints the same bytes.
    public func formatted(locale: String) -> String {
        let style = LocaleStyle(locale)
        let digits = currency.minorUnits
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let magnitude = minorUnits.magnitude
        // Written as bytes, digits grouped from the integer itself: a page prints several prices,
        // and appending to a String piece by piece cost as much as the rest of a product card.
        var out: [UInt8] = []
        out.reserveCapacity(40)
        if style.symbolFirst {
            out.append(contentsOf: currency.symbol.utf8)
            out.append(UInt8(ascii: " "))
        }
        if minorUnits < 0 { out.append(UInt8(ascii: "-")) }
        var whole = String(magnitude / scale)
        whole.withUTF8 { whole in
            for (index, digit) in whole.enumerated() {
                if index > 0, (whole.count - index) % 3 == 0 { out.append(contentsOf: style.groupingSeparator.utf8) }
                out.append(digit)
            }
        }
        if digits > 0 {
            let fraction = String(magnitude % scale)
            out.append(contentsOf: style.decimalSeparator.utf8)
            for _ in fraction.utf8.count..<digits { out.append(UInt8(ascii: "0")) }
            out.append(contentsOf: fraction.utf8)
        }
        if !style.symbolFirst {
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: currency.symbol.utf8)
        }
        return String(decoding: out, as: UTF8.self)
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
