import CatalogModel
import Foundation
import Testing

@Suite struct MoneyDiscountAmountTests {
    let usd = Currency.usd

    func discount(_ units: Int64, _ percent: Decimal, currency: Currency = .usd) -> Int64 {
        Money(minorUnits: units, currency: currency).discountAmount(percent: percent).minorUnits
    }

    @Test func exactPercentagesNeedNoRounding() {
        #expect(discount(8400, 10) == 840)
        #expect(discount(3600, 15) == 540)
        #expect(discount(1999, 100) == 1999)
    }

    @Test func halvesRoundToTheEvenMinorUnit() {
        // 25 ¢ × 10% = 2.5 ¢ → 2 ¢; 35 ¢ × 10% = 3.5 ¢ → 4 ¢; 850 ¢ × 15% = 127.5 ¢ → 128 ¢.
        #expect(discount(25, 10) == 2)
        #expect(discount(35, 10) == 4)
        #expect(discount(850, 15) == 128)
        #expect(discount(1050, 15) == 158)  // 157.5 → 158
        #expect(discount(1150, 15) == 172)  // 172.5 → 172
    }

    @Test func nonHalvesRoundToTheNearest() {
        #expect(discount(999, 15) == 150)  // 149.85
        #expect(discount(999, 12.5) == 125)  // 124.875
        #expect(discount(1, 33) == 0)  // 0.33
    }

    @Test func fractionalPercentsAreExact() {
        // 0.1 + 0.2 style amounts that binary floats get wrong: 10 ¢ × 45% = 4.5 → 4.
        #expect(discount(10, Decimal(string: "45")!) == 4)
        #expect(discount(30, Decimal(string: "15")!) == 4)  // 4.5 → 4
        #expect(discount(1_000_000, Decimal(string: "12.345")!) == 123_450)
    }

    @Test func currenciesWithoutMinorUnitsRoundToWholeUnits() {
        let jpy = Currency(code: "JPY")!
        #expect(discount(1250, 10, currency: jpy) == 125)
        #expect(discount(1225, 10, currency: jpy) == 122)  // 122.5 → 122
        #expect(Money(minorUnits: 1225, currency: jpy).discountAmount(percent: 10).currency == jpy)
    }

    @Test func percentIsClampedToTheAmount() {
        #expect(discount(500, 150) == 500)
        #expect(discount(500, -5) == 0)
    }

    @Test func largeAmountsStayExact() {
        let huge: Int64 = 999_999_999_999_999
        #expect(discount(huge, 50) == 500_000_000_000_000)  // 499,999,999,999,999.5 → even
        #expect(discount(huge, 10) == 100_000_000_000_000)  // 99,999,999,999,999.9
    }

    @Test func percentsWrittenWithTrailingZerosOrManyDigitsAgreeWithDecimalArithmetic() throws {
        // "12.50" keeps its trailing zero in the mantissa; "33.3333333" has more fraction digits
        // than the integer path takes. Both must match rounding the exact decimal product.
        for text in ["12.50", "12.5", "7.000", "33.3333333", "0.000001", "99.999999", "100.0"] {
            let percent = try #require(Decimal(string: text))
            for units: Int64 in [1, 25, 999, 8400, 123_457, 10_000_001] {
                var exact = Decimal(units) * percent / 100
                var rounded = Decimal()
                NSDecimalRound(&rounded, &exact, 0, .bankers)
                #expect(discount(units, percent) == NSDecimalNumber(decimal: rounded).int64Value, "\(units) × \(text)%")
            }
        }
    }
}
