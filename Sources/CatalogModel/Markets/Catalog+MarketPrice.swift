extension Catalog {
    /// What a product (or one of its variants) costs in a market, before promotions: the price
    /// listed for the market's currency, else the site-currency price converted by
    /// `exchangeRates` and rounded half-even to the market's step; nil where neither exists,
    /// which means the market does not sell it. A variant with its own `price` but no listed
    /// price in the currency is converted from its own price, not given the product's listing.
    public func price(of product: Product, variant: Variant? = nil, in market: Market) -> Money? {
        let base = variant?.price ?? product.price
        if base.currency == market.currency { return base }
        if let listed = variant?.prices.first(where: { $0.currency == market.currency }) { return listed }
        if variant?.price == nil, let listed = product.prices.first(where: { $0.currency == market.currency }) { return listed }
        guard let amount = site.converted(base, to: market.currency) else { return nil }
        return Money(minorUnits: market.rounded(minorUnits: amount), currency: market.currency)
    }

    /// Whether a market sells the product: it has a price there, for a product with variants
    /// in at least one variant.
    public func sells(_ product: Product, in market: Market) -> Bool {
        if product.variants.isEmpty { return hasPrice(product, variant: nil, in: market) }
        return product.variants.contains { hasPrice(product, variant: $0, in: market) }
    }

    /// `price(of:variant:in:) != nil`, without converting: checked for every product of every
    /// market on each load.
    private func hasPrice(_ product: Product, variant: Variant?, in market: Market) -> Bool {
        let base = variant?.price ?? product.price
        if base.currency == market.currency || variant?.prices.contains(where: { $0.currency == market.currency }) == true {
            return true
        }
        if variant?.price == nil, product.prices.contains(where: { $0.currency == market.currency }) { return true }
        return site.exchangeRate(base.currency.code) != nil && site.exchangeRate(market.currency.code) != nil
    }
}
