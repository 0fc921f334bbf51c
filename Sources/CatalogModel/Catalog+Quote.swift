public import Foundation

extension Catalog {
    /// The price of one unit of `product` at `now`: the list price less the discount of the
    /// promotion `activeDiscount(for:at:code:)` picks, rounded half-even to the minor unit once per
    /// unit. Without a code, this is the price everyone pays (pages, feed, API); with one, what the
    /// checkout charges the shopper who typed it. A discount that rounds to nothing is no sale.
    public func quote(for product: Product, at now: Date, code: String? = nil) -> PriceQuote {
        if code == nil, let tabled = tabledQuote(for: product, at: now) { return tabled }
        let list = product.price
        guard let discount = activeDiscount(for: product, at: now, code: code) else {
            return PriceQuote(list: list, price: list, promotion: nil)
        }
        let sale = list.discounted(byPercent: discount.percent)
        guard sale < list else { return PriceQuote(list: list, price: list, promotion: nil) }
        return PriceQuote(list: list, price: sale, promotion: discount.promotion)
    }
}
