import CatalogModel
import Foundation
import Testing

@Suite struct MoneyDiscountTests {
    func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .usd) }

    /// The discount is rounded (half-even), then taken off, as the checkout does.
    @Test(arguments: [
        (3200, 10, 2880),
        (850, 15, 722),  // discount 127.5 → 128: a tie goes to the even cent
        (1015, 50, 507),  // 507.5 → 508 off
        (1005, 50, 503),  // 502.5 → 502 off
        (4750, 15, 4038),  // 712.5 → 712 off
        (999, 33, 669),  // 329.67 → 330 off
        (1, 50, 1),  // 0.5 → 0 off
        (3, 50, 1),  // 1.5 → 2 off
        (5000, 100, 0),
    ] as [(Int64, Int, Int64)])
    func roundsTheDiscountHalfEvenToTheMinorUnit(cents: Int64, percent: Int, expected: Int64) {
        #expect(usd(cents).discounted(byPercent: Decimal(percent)) == usd(expected))
    }

    @Test func acceptsFractionalPercentages() {
        #expect(usd(1000).discounted(byPercent: Decimal(string: "12.5")!) == usd(875))
        #expect(usd(1999).discounted(byPercent: Decimal(string: "33.3")!) == usd(1333))  // 1333.333
    }

    @Test func keepsTheCurrencyAndItsMinorUnits() {
        let yen = Money(minorUnits: 999, currency: Currency(code: "JPY")!)
        #expect(yen.discounted(byPercent: 15) == Money(minorUnits: 849, currency: Currency(code: "JPY")!))  // 849.15
        let dinar = Money(minorUnits: 12_345, currency: Currency(code: "KWD")!)
        #expect(dinar.discounted(byPercent: 10).minorUnits == 11_111)  // 1234.5 → 1234 off
    }

    @Test func clampsPercentagesOutsideZeroToHundred() {
        #expect(usd(1000).discounted(byPercent: 150) == usd(0))
        #expect(usd(1000).discounted(byPercent: -5) == usd(1000))
    }

    @Test func largeAmountsStayExact() {
        let big: Int64 = 9_999_999_999_999_99  // the largest price the parser accepts
        #expect(usd(big).discounted(byPercent: 10).minorUnits == 899_999_999_999_999)  // …991 × 0.9 = …991.1
    }
}

@Suite struct MoneyDiscountReferenceTests {
    /// The rule stated with Foundation's Decimal, independently of how `discounted` computes it:
    /// the discount rounded half-even, taken off the amount.
    static func reference(_ cents: Int64, _ percent: Decimal) -> Int64 {
        var exact = Decimal(cents) * percent / 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .bankers)
        return cents - NSDecimalNumber(decimal: rounded).int64Value
    }

    @Test func agreesWithDecimalArithmeticEverywhere() {
        var generator = SystemRandomNumberGenerator()
        var cases: [(Int64, Decimal)] = [
            (999_999_999_999_999, Decimal(string: "12.5")!),  // too large for the 64-bit path
            (123_456_789, Decimal(string: "0.0000001")!),  // too many fraction digits for it
            (-1005, 50),
        ]
        for _ in 0..<2_000 {
            let cents = Int64.random(in: 0...10_000_000, using: &generator)
            let digits = Int.random(in: 0...3, using: &generator)
            let raw = Int.random(in: 1...(100 * Int(pow(10, Double(digits)))), using: &generator)
            cases.append((cents, Decimal(raw) / Decimal(sign: .plus, exponent: digits, significand: 1)))
        }
        for (cents, percent) in cases {
            let money = Money(minorUnits: cents, currency: .usd)
            #expect(money.discounted(byPercent: percent).minorUnits == Self.reference(cents, percent), "\(cents) − \(percent)%")
        }
    }
}
