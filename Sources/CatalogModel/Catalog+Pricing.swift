public import Foundation

/// What a listing may quote: the price every shopper pays, with no promotion code. The merchant
/// feed prints it as `g:sale_price`; the checkout charges it to a shopper who gives no code.
extension Catalog {
    /// The checkout's rule (`activeDiscount(for:at:code:)`) with no code given: a promotion that
    /// needs a code is not a price everyone gets, and a feed quoting it would advertise a price
    /// the checkout refuses (merchant platforms disapprove offers whose landing price differs).
    public func publicDiscount(for product: Product, at now: Date) -> (percent: Decimal, promotion: Promotion)? {
        activeDiscount(for: product, at: now, code: nil)
    }

    /// The price of one unit under the public discount, or nil when none applies or it takes
    /// nothing off (a discount that rounds to zero).
    public func salePrice(for product: Product, at now: Date) -> (price: Money, promotion: Promotion)? {
        guard let discount = publicDiscount(for: product, at: now) else { return nil }
        let sale = product.price.discounted(byPercent: discount.percent)
        return sale < product.price ? (sale, discount.promotion) : nil
    }
}
