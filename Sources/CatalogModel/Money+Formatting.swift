import Foundation
import Synchronization

extension Money {
    /// The price as a shopper in `locale` reads it, by CLDR's rules through ICU (Foundation's
    /// currency format style): `$3.50` in en_US, `₩3,500` in ko_KR, `¥1,200` in ja_JP, `3,50 €`
    /// in de_DE. Each distinct price is formatted once per locale and remembered, so a catalog of
    /// 100,000 products asks ICU a few thousand times, not a few hundred thousand.
    public func formatted(locale: String) -> String {
        PriceFormatter.shared.string(for: self, locale: locale)
    }

    /// `$3.50/ea`
    public func formatted(locale: String, per unit: String) -> String {
        formatted(locale: locale) + "/" + unit
    }
}

/// ICU's currency formats, made once per locale and currency, and the strings they printed.
final class PriceFormatter: Sendable {
    static let shared = PriceFormatter()

    struct StyleKey: Hashable {
        var locale: String
        var currency: Currency
    }

    struct ValueKey: Hashable {
        var minorUnits: Int64
        var style: StyleKey
    }

    private let memo = Mutex<(styles: [StyleKey: Decimal.FormatStyle.Currency], strings: [ValueKey: String])>(([:], [:]))

    func string(for money: Money, locale: String) -> String {
        let key = ValueKey(minorUnits: money.minorUnits, style: StyleKey(locale: locale, currency: money.currency))
        if let known = memo.withLock({ $0.strings[key] }) { return known }
        let text = style(for: key.style).format(Self.decimal(money))
        memo.withLock { $0.strings[key] = text }
        return text
    }

    func style(for key: StyleKey) -> Decimal.FormatStyle.Currency {
        if let known = memo.withLock({ $0.styles[key] }) { return known }
        // The currency's own number of digits (ISO 4217), which ICU's data agrees with for
        // prices but not always for cash.
        let style = Decimal.FormatStyle.Currency(code: key.currency.code, locale: Locale(identifier: key.locale))
            .precision(.fractionLength(key.currency.minorUnits))
        memo.withLock { $0.styles[key] = style }
        return style
    }

    static func decimal(_ money: Money) -> Decimal {
        Decimal(sign: money.minorUnits < 0 ? .minus : .plus, exponent: -money.currency.minorUnits,
            significand: Decimal(money.minorUnits.magnitude))
    }
}
