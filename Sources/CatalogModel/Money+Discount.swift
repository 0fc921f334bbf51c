public import Foundation

extension Money {
    /// The amount after taking `percent` off, rounded half-even to the currency's minor unit, so a
    /// sale price printed in a feed and the one the checkout charges can never differ by a cent.
    /// Percentages outside 0…100 are clamped: a discount never raises a price or makes it negative.
    public func discounted(byPercent percent: Decimal) -> Money {
        let clamped = Swift.min(Swift.max(percent, 0), 100)
        var exact = Decimal(minorUnits) * (100 - clamped) / 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .bankers)
        return Money(minorUnits: NSDecimalNumber(decimal: rounded).int64Value, currency: currency)
    }
}
