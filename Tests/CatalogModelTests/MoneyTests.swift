@testable import CatalogModel
import Testing

@Suite struct MoneyTests {
    @Test func parsesDecimalsIntoMinorUnits() throws {
        #expect(try Money.parse("32.00", currency: .usd).get().minorUnits == 3200)
        #expect(try Money.parse("32.5", currency: .usd).get().minorUnits == 3250)
        #expect(try Money.parse("7", currency: .usd).get().minorUnits == 700)
        #expect(try Money.parse("0", currency: .usd).get().minorUnits == 0)
        let yen = Currency(code: "JPY")!
        #expect(try Money.parse("1200", currency: yen).get().minorUnits == 1200)
        let dinar = Currency(code: "KWD")!
        #expect(try Money.parse("1.125", currency: dinar).get().minorUnits == 1125)
    }

    /// Plain amounts are read on bytes and everything else by characters: the two must meet at
    /// the edges (leading zeros, the largest whole part, a point with nothing after it, spaces).
    @Test func plainAmountsAndTheRestAgreeAtTheEdges() throws {
        #expect(try Money.parse("007.50", currency: .usd).get().minorUnits == 750)
        #expect(try Money.parse(" 12.50 ", currency: .usd).get().minorUnits == 1250)
        #expect(try Money.parse("9999999999999.99", currency: .usd).get().minorUnits == 999_999_999_999_999)
        #expect(Money.parse("10000000000000", currency: .usd) == .failure(.tooLarge("10000000000000")))
        #expect(Money.parse(".5", currency: .usd) == .failure(.notDecimal(".5")))
        #expect(Money.parse("1.2.3", currency: .usd) == .failure(.notDecimal("1.2.3")))
        #expect(Money.parse("", currency: .usd) == .failure(.notDecimal("")))
        #expect(Money.parse("١٢", currency: .usd) == .failure(.notDecimal("١٢")), "Arabic-Indic digits are not ASCII digits")
    }

    @Test func rejectsWhatIsNotADecimalAmountWithAHint() {
        #expect(Money.parse("free", currency: .usd) == .failure(.notDecimal("free")))
        #expect(MoneyError.notDecimal("free").description == "\"free\" is not a decimal amount; write e.g. 12.50")
        #expect(Money.parse("1e3", currency: .usd) == .failure(.notDecimal("1e3")))
        #expect(Money.parse("12.", currency: .usd) == .failure(.notDecimal("12.")))
        #expect(Money.parse("-3", currency: .usd) == .failure(.negative("-3")))
    }

    @Test func rejectsMoreFractionDigitsThanTheCurrencyHas() {
        let yen = Currency(code: "JPY")!
        #expect(Money.parse("3.999", currency: .usd) == .failure(.tooManyFractionDigits("3.999", .usd)))
        #expect(Money.parse("100.5", currency: yen) == .failure(.tooManyFractionDigits("100.5", yen)))
        #expect(MoneyError.tooManyFractionDigits("100.5", yen).description.contains("write e.g. 1200"))
    }

    /// CLDR's formats as ICU prints them: the symbol's place and spacing, separators and digits
    /// are the locale's (U+00A0 no-break and U+202F narrow no-break spaces where CLDR has them).
    @Test func formatsByCLDRForTheLocale() {
        let eur = Currency(code: "EUR")!
        #expect(Money(minorUnits: 350, currency: .usd).formatted(locale: "en_US", per: "ea") == "$3.50/ea")
        #expect(Money(minorUnits: 123_456_789, currency: .usd).formatted(locale: "en_US") == "$1,234,567.89")
        #expect(Money(minorUnits: -5, currency: .usd).formatted(locale: "en_US") == "-$0.05")
        #expect(Money(minorUnits: 3_500, currency: Currency(code: "KRW")!).formatted(locale: "ko_KR") == "₩3,500")
        #expect(Money(minorUnits: 1_200, currency: Currency(code: "JPY")!).formatted(locale: "ja_JP") == "¥1,200")
        #expect(Money(minorUnits: 350, currency: eur).formatted(locale: "de_DE") == "3,50\u{A0}€")
        #expect(Money(minorUnits: 1_234_567, currency: eur).formatted(locale: "fr_FR") == "12\u{202F}345,67\u{A0}€")
        // India groups by two after the first three digits.
        #expect(Money(minorUnits: 123_456_750, currency: Currency(code: "INR")!).formatted(locale: "en_IN") == "₹12,34,567.50")
        // Spanish leaves a four-digit amount ungrouped.
        #expect(Money(minorUnits: 123_450, currency: eur).formatted(locale: "es_ES") == "1234,50\u{A0}€")
        #expect(Money(minorUnits: 1_234_550, currency: eur).formatted(locale: "es_ES") == "12.345,50\u{A0}€")
        // Three fraction digits for the Bahraini dinar, whatever the locale.
        #expect(Money(minorUnits: 1_000, currency: Currency(code: "BHD")!).formatted(locale: "en_US") == "BHD\u{A0}1.000")
        #expect(Money(minorUnits: Int64.max, currency: .usd).formatted(locale: "en_US") == "$92,233,720,368,547,758.07")
    }

    /// The parts a page hands the bag's script, put together as the script does, give the same
    /// text as ICU for amounts of every length, in locales that differ in every part.
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "es_ES", "en_IN", "ja_JP", "ko_KR", "ar_EG", "de_CH"])
    func formatPartsReproduceICUForEveryLengthOfAmount(_ locale: String) {
        var amounts: [Int64] = [0, Int64.max, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0...18 {
            amounts += [power - 1, power, power + 1, -power]
            power = power.multipliedReportingOverflow(by: 10).overflow ? power : power * 10
        }
        for code in ["USD", "EUR", "JPY", "BHD", "INR"] {
            let currency = Currency(code: code)!
            let parts = Money.formatParts(currency: currency, locale: locale)
            for amount in amounts {
                #expect(
                    Self.assemble(amount, parts) == Money(minorUnits: amount, currency: currency).formatted(locale: locale),
                    "\(amount) \(code) in \(locale)")
            }
        }
    }

    /// bag.js's `format`, in Swift.
    static func assemble(_ minor: Int64, _ f: Money.FormatParts) -> String {
        var scale: UInt64 = 1
        for _ in 0..<f.fractionDigits { scale *= 10 }
        var rest = String(minor.magnitude / scale)
        var whole = ""
        if rest.count > f.primaryGrouping && (f.groupsFourDigits || rest.count > f.primaryGrouping + 1) {
            whole = f.groupingSeparator + rest.suffix(f.primaryGrouping)
            rest = String(rest.dropLast(f.primaryGrouping))
            while rest.count > f.secondaryGrouping {
                whole = f.groupingSeparator + rest.suffix(f.secondaryGrouping) + whole
                rest = String(rest.dropLast(f.secondaryGrouping))
            }
        }
        var amount = rest + whole
        if f.fractionDigits > 0 {
            let fraction = String(minor.magnitude % scale)
            amount += f.decimalSeparator + String(repeating: "0", count: f.fractionDigits - fraction.count) + fraction
        }
        let numerals = Array(f.numerals)
        amount = String(amount.map { $0.isASCII && $0.isNumber ? numerals[Int(String($0))!] : $0 })
        return minor < 0 ? f.negativePrefix + amount + f.negativeSuffix : f.prefix + amount + f.suffix
    }

    @Test func aPriceIsFormattedOncePerLocaleAndRemembered() {
        let price = Money(minorUnits: 4_321, currency: .usd)
        let first = price.formatted(locale: "en_US")
        // The same string comes back, not a new one made by ICU again.
        #expect(PriceFormatter.shared.string(for: price, locale: "en_US") == first)
        #expect(price.formatted(locale: "de_DE") != first)
    }

    @Test func negativeAmountsKeepEveryMinorDigit() {
        #expect(Money(minorUnits: -7, currency: .usd).decimalString == "-0.07")
        #expect(Money(minorUnits: -1200, currency: Currency(code: "JPY")!).decimalString == "-1200")
    }

    @Test func decimalStringKeepsEveryMinorDigit() {
        #expect(Money(minorUnits: 5, currency: .usd).decimalString == "0.05")
        #expect(Money(minorUnits: 3200, currency: .usd).decimalString == "32.00")
        #expect(Money(minorUnits: 1200, currency: Currency(code: "JPY")!).decimalString == "1200")
        #expect(Money(minorUnits: 0, currency: Currency(code: "JPY")!).decimalString == "0")
        #expect(Money(minorUnits: 12_345, currency: Currency(code: "BHD")!).decimalString == "12.345")
        #expect(Money(minorUnits: 1_234_567_890_123_456, currency: .usd).decimalString == "12345678901234.56")
        #expect(Money(minorUnits: .max, currency: .usd).decimalString == "92233720368547758.07")
        #expect(Money(minorUnits: .min, currency: .usd).decimalString == "-92233720368547758.08")
    }
}

@Suite struct CurrencyTests {
    @Test func knowsMinorUnitsOfISOCodes() {
        #expect(Currency(code: "USD")?.minorUnits == 2)
        #expect(Currency(code: "JPY")?.minorUnits == 0)
        #expect(Currency(code: "BHD")?.minorUnits == 3)
        #expect(Currency(code: "XYZ") == nil)
    }

    @Test func suggestsUpperCase() {
        #expect(Currency.problem(with: "usd")?.contains("write \"USD\"") == true)
        #expect(Currency.problem(with: "EUR") == nil)
    }
}

@Suite struct MoneyOrderingTests {
    let dollars = Money(minorUnits: 100, currency: .usd)
    let euros = Money(minorUnits: 100, currency: Currency(code: "EUR")!)

    @Test func ordersAmountsOfOneCurrency() {
        #expect(Money(minorUnits: 99, currency: .usd) < dollars)
        #expect(!(dollars < dollars))
        #expect([dollars, Money(minorUnits: 5, currency: .usd)].max() == dollars)
    }

    /// A dollar is not "less" than a euro: comparing them is a bug in the caller, stopped rather
    /// than answered by comparing minor units.
    @Test func refusesToOrderDifferentCurrencies() async {
        await #expect(processExitsWith: .failure) {
            _ = Money(minorUnits: 100, currency: .usd) < Money(minorUnits: 100, currency: Currency(code: "EUR")!)
        }
        #expect(dollars != euros)
    }

    @Test func multipliesWithinSixtyFourBits() {
        #expect(dollars.multiplied(by: 3) == Money(minorUnits: 300, currency: .usd))
        #expect(Money(minorUnits: .max / 2, currency: .usd).multiplied(by: 3) == nil)
    }

    @Test(arguments: [
        ("12.50", "12.50"), (" 12.50 ", "12.50"), ("\t2026-12-24\n", "2026-12-24"), ("\u{00A0}5\u{2003}", "5"), ("a", "a"),
        ("", ""), ("   ", ""), ("x\r\n", "x"), ("e\u{301}", "e\u{301}"), ("a b", "a b"),
    ])
    func trimmingRemovesWhitespaceAtBothEndsOnly(text: String, expected: String) {
        #expect(text.trimmingWhitespace() == expected)
        #expect(text[...].trimmingWhitespace() == expected)
    }
}
