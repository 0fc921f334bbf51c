public import Foundation

extension Catalog {
    /// One unit of `product` (a buyable variant included) in a market at `now`: the market's
    /// price (`price(of:in:)`) less the largest discount of the promotions running in that market,
    /// rounded as `quote(for:at:code:)` rounds. Nil where the market does not sell the product.
    /// Pages, feeds, the API and checkout of a storefront all price through this, so they agree.
    public func quote(for product: Product, in market: Market, at now: Date, code: String? = nil) -> PriceQuote? {
        guard let list = price(of: product, in: market) else { return nil }
        let running = promotions(for: product).lazy.filter { $0.runs(inMarket: market.id) }
        guard let discount = Self.largestDiscount(for: product, among: running, at: now, code: code) else {
            return PriceQuote(list: list, price: list, promotion: nil)
        }
        let sale = list.discounted(byPercent: discount.percent)
        guard sale < list else { return PriceQuote(list: list, price: list, promotion: nil) }
        return PriceQuote(list: list, price: sale, promotion: discount.promotion)
    }
}
