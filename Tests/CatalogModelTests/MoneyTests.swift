import CatalogModel
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

    @Test func formatsForTheLocale() {
        let price = Money(minorUnits: 350, currency: .usd)
        #expect(price.formatted(locale: "en_US", per: "ea") == "$ 3.50/ea")
        #expect(Money(minorUnits: 123_456_789, currency: .usd).formatted(locale: "en_US") == "$ 1,234,567.89")
        #expect(Money(minorUnits: 1200, currency: Currency(code: "JPY")!).formatted(locale: "ja_JP") == "¥ 1,200")
        #expect(Money(minorUnits: 350, currency: Currency(code: "EUR")!).formatted(locale: "de_DE") == "3,50 €")
    }

    @Test func formatsSmallNegativeAndGroupedAmountsInEveryStyle() {
        let eur = Currency(code: "EUR")!
        #expect(Money(minorUnits: 5, currency: .usd).formatted(locale: "en_US") == "$ 0.05")
        #expect(Money(minorUnits: -123_456, currency: .usd).formatted(locale: "en-GB") == "$ -1,234.56")
        #expect(Money(minorUnits: 100_000, currency: eur).formatted(locale: "DE_at") == "1.000,00 €")
        #expect(Money(minorUnits: 1_234_567, currency: eur).formatted(locale: "fr_FR") == "12\u{202F}345,67 €")
        #expect(Money(minorUnits: 1_000, currency: Currency(code: "BHD")!).formatted(locale: "") == "BHD 1.000")
    }

    /// Around every power of ten up to the largest amount, in each style and with 0, 2 and 3
    /// fraction digits: the digits are the amount's, grouped in threes from the right.
    @Test(arguments: ["en_US", "de_DE", "fr_FR"])
    func groupsEveryLengthOfAmount(_ locale: String) {
        var amounts: [Int64] = [0, Int64.max, Int64.min, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0...18 {
            amounts += [power - 1, power, power + 1, -power]
            power = power.multipliedReportingOverflow(by: 10).overflow ? power : power * 10
        }
        let (group, decimal, symbolFirst) = locale == "en_US" ? (",", ".", true) : locale == "de_DE" ? (".", ",", false) : ("\u{202F}", ",", false)
        for code in ["USD", "JPY", "BHD"] {
            let currency = Currency(code: code)!
            for amount in amounts {
                let digits = String(amount.magnitude).reversed().map(String.init)
                var fraction = ""
                var whole = digits
                if currency.minorUnits > 0 {
                    let padded = digits + Array(repeating: "0", count: max(0, currency.minorUnits + 1 - digits.count))
                    fraction = padded.prefix(currency.minorUnits).reversed().joined()
                    whole = Array(padded.dropFirst(currency.minorUnits))
                }
                var grouped = ""
                for (index, digit) in whole.enumerated() { grouped = digit + (index > 0 && index % 3 == 0 ? group : "") + grouped }
                let number = (amount < 0 ? "-" : "") + grouped + (fraction.isEmpty ? "" : decimal + fraction)
                let expected = symbolFirst ? currency.symbol + " " + number : number + " " + currency.symbol
                #expect(Money(minorUnits: amount, currency: currency).formatted(locale: locale) == expected, "\(amount) \(code)")
            }
        }
    }

    /// The language is the tag's first subtag, whole: a longer one that begins like a known
    /// language, or that language in other letters, is not it.
    @Test func onlyTheWholeLanguageSubtagChoosesTheStyle() {
        let eur = Currency(code: "EUR")!
        let amount = Money(minorUnits: 100_000, currency: eur)
        #expect(amount.formatted(locale: "de") == "1.000,00 €")
        #expect(amount.formatted(locale: "deu_DE") == "€ 1,000.00")
        #expect(amount.formatted(locale: "dede-DE") == "€ 1,000.00")
        #expect(amount.formatted(locale: "d_DE") == "€ 1,000.00")
        #expect(amount.formatted(locale: "Fr") == "1\u{202F}000,00 €")
        #expect(amount.formatted(locale: "dé") == "€ 1,000.00")
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
