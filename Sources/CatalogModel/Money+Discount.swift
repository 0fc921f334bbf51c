public import Foundation

extension Money {
    /// The amount after taking `percent` off: this amount less `discountAmount(percent:)`. The
    /// price of one unit under a promotion (`Catalog.quote`). Percentages outside 0…100 are
    /// clamped: a discount never raises a price or makes it negative.
    public func discounted(byPercent percent: Decimal) -> Money {
        Money(minorUnits: minorUnits - discountAmount(percent: percent).minorUnits, currency: currency)
    }
}
