public import Foundation

extension Money {
    /// `percent` of this amount, rounded half-even to the minor unit (banker's rounding: 2.5 ¢ → 2 ¢,
    /// 3.5 ¢ → 4 ¢), so that over many lines the rounding does not lean towards the shop or the
    /// shopper. Exact: integer arithmetic where it fits, decimal arithmetic otherwise; a float
    /// would misround amounts such as 0.1 + 0.2. `percent` is clamped to 0…100, so a discount
    /// never exceeds the amount.
    ///
    /// This is the one rounding rule, applied once to one unit's price by `Catalog.quote`: every
    /// page, feed and checkout line is a multiple of that quoted unit price, so none of them can
    /// differ by a cent, even on half-cent ties.
    public func discountAmount(percent: Decimal) -> Money {
        let clamped = min(max(percent, 0), 100)
        if let units = integerDiscount(clamped) { return Money(minorUnits: units, currency: currency) }
        let product = Decimal(minorUnits) * clamped
        // Dividing by 100 by moving the exponent: exact, and ten times faster than Decimal division.
        var exact = Decimal(sign: product.sign, exponent: product.exponent - 2, significand: product.significand)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .bankers)
        return Money(minorUnits: NSDecimalNumber(decimal: rounded).int64Value, currency: currency)
    }

    /// The same result in 64-bit integers, for percentages with at most 6 fraction digits and
    /// amounts whose product fits (every real price): Foundation's Decimal arithmetic took most of
    /// the time of pricing a 10,000-product feed. Nil sends the caller to the Decimal path.
    private func integerDiscount(_ percent: Decimal) -> Int64? {
        // The decimal's own significand and exponent: its `description`, parsed back, cost more
        // than the rest of a price quote. After clamping, an exponent of -12 or more leaves a
        // significand under 2⁵³, which converts exactly.
        guard !percent.isNaN, percent.exponent >= -12 else { return nil }
        let significand = (percent.significand as NSDecimalNumber).int64Value
        guard significand >= 0 else { return nil }
        var mantissa = UInt64(significand)
        var exponent = percent.exponent
        while exponent < 0, mantissa % 10 == 0, mantissa > 0 { mantissa /= 10; exponent += 1 }
        guard exponent >= -6, exponent <= 2 else { return mantissa == 0 ? 0 : nil }
        // At most 100 × 10⁶ here, since the percentage is clamped to 100.
        for _ in 0..<max(exponent, 0) { mantissa *= 10 }
        var scale: UInt64 = 1
        for _ in 0..<max(-exponent, 0) { scale *= 10 }
        let denominator = 100 * scale
        let (product, overflow) = minorUnits.magnitude.multipliedReportingOverflow(by: mantissa)
        guard !overflow else { return nil }
        var quotient = product / denominator
        let remainder = product % denominator
        if 2 * remainder > denominator || (2 * remainder == denominator && quotient % 2 == 1) {
            quotient += 1
        }
        guard let magnitude = Int64(exactly: quotient) else { return nil }
        return minorUnits < 0 ? -magnitude : magnitude
    }
}
