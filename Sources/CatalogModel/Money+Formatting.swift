extension Money {
    /// The price as a shopper reads it: `$ 3.50` in en_US, `¥ 1,200` for JPY, `3,50 €` in de_DE.
    /// Written here rather than with Foundation's NumberFormatter so every machine prints the same bytes.
    public func formatted(locale: String) -> String {
        let style = LocaleStyle(locale)
        let plain = decimalString
        let negative = plain.hasPrefix("-")
        let body = negative ? String(plain.dropFirst()) : plain
        let parts = body.split(separator: ".", maxSplits: 1)
        var whole = ""
        let digits = Array(parts[0])
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { whole += style.groupingSeparator }
            whole.append(c)
        }
        var amount = whole
        if parts.count > 1 { amount += style.decimalSeparator + parts[1] }
        if negative { amount = "-" + amount }
        return style.symbolFirst ? "\(currency.symbol) \(amount)" : "\(amount) \(currency.symbol)"
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
        let language = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map { $0.lowercased() } ?? "en"
        switch language {
        case "en", "ja", "ko", "zh", "he", "th", "ms", "hi":
            break
        case "de", "es", "it", "pt", "nl", "id", "tr", "da", "el":
            decimalSeparator = ","
            groupingSeparator = "."
            symbolFirst = false
        case "fr", "sv", "nb", "no", "fi", "pl", "cs", "ru", "uk":
            decimalSeparator = ","
            groupingSeparator = "\u{202F}"
            symbolFirst = false
        default:
            break
        }
    }
}
