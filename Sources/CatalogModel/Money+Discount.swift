public import Foundation

extension Money {
    /// The amount after taking `percent` off: this amount less `discountAmount(percent:)`, the
    /// discount the checkout charges, so a sale price printed in a feed and the price the checkout
    /// charges for one unit are the same. Percentages outside 0…100 are clamped: a discount never
    /// raises a price or makes it negative.
    public func discounted(byPercent percent: Decimal) -> Money {
        Money(minorUnits: minorUnits - discountAmount(percent: percent).minorUnits, currency: currency)
    }
}
