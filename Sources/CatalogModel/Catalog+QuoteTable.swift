public import Foundation

/// Every product's quote without a code at one moment, made once for a build: a build asks for the
/// same quote up to ten times a product (its page, the cards of related products and of its brand,
/// search, the merchant feed, the API), and the Decimal arithmetic of those answers was 4 % of it.
struct QuoteTable: Sendable {
    let now: Date
    /// The records priced, sharing the catalog's array: a product replaced since then is not the
    /// same record, and is priced afresh.
    let products: [Product]
    let quotes: [PriceQuote]
}

extension Catalog {
    /// This catalog with every product's quote at `now` worked out, for callers that ask
    /// `quote(for:at:)` of the same moment many times. The answers do not change: a product
    /// record the table does not hold (a variant's, or one replaced since) is priced as before.
    /// `map` runs `quote` for each position in `0..<count`, in order, serially unless the caller
    /// spreads it over cores (a million products take seconds).
    public func priced(
        at now: Date,
        map: (_ count: Int, _ quote: @escaping @Sendable (Int) -> PriceQuote) -> [PriceQuote] = { count, quote in (0..<count).map(quote) }
    ) -> Catalog {
        if quoteTable?.now == now { return self }
        var unpriced = self
        unpriced.quoteTable = nil
        let catalog = unpriced
        let quotes = map(products.count) { catalog.quote(for: catalog.products[$0], at: now) }
        precondition(quotes.count == products.count, "a quote for every product")
        unpriced.quoteTable = QuoteTable(now: now, products: products, quotes: quotes)
        return unpriced
    }

    /// The table's answer for `product` at `now`, when it has one.
    func tabledQuote(for product: Product, at now: Date) -> PriceQuote? {
        guard let table = quoteTable, table.now == now, let position = productPositionBySlug[product.slug],
            position < table.products.count, table.products[position].isSameRecord(as: product)
        else { return nil }
        return table.quotes[position]
    }
}
