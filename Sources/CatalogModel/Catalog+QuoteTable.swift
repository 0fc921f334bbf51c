public import Foundation

/// Every product's quote without a code at one moment, made once for a build: a build asks for the
/// same quote up to ten times a product (its page, the cards of related products and of its brand,
/// search, the merchant feed, the API), and the Decimal arithmetic of those answers was 4 % of it.
struct QuoteTable: Sendable {
    let now: Date
    /// The records priced, sharing the catalog's array: a product replaced since then is not the
    /// same record, and is priced afresh.
    let products: [Product]
    let promotions: [Promotion]
    /// By position in `products`. Sixteen bytes a product rather than a whole `PriceQuote`, which
    /// holds a copy of its promotion: at a million products that was 300 MB.
    let entries: [PriceEntry]
}

/// One product's price in a `QuoteTable`: what a unit costs, in its list price's currency, and
/// the position of the promotion that takes something off (`none`), or `unknown` when a hand-made
/// catalog has two promotions of that slug and the product is priced afresh.
public struct PriceEntry: Sendable {
    let minorUnits: Int64
    let promotion: Int32

    static let none: Int32 = -1
    static let unknown: Int32 = -2
}

extension Catalog {
    /// This catalog with every product's quote at `now` worked out, for callers that ask
    /// `quote(for:at:)` of the same moment many times. The answers do not change: a product
    /// record the table does not hold (a variant's, or one replaced since) is priced as before.
    /// `map` runs `price` for each position in `0..<count`, results in order, serially unless the
    /// caller spreads it over cores (a million products take seconds).
    public func priced(
        at now: Date,
        map: (_ count: Int, _ price: @escaping @Sendable (Int) -> PriceEntry) -> [PriceEntry] = { count, price in
            (0..<count).map(price)
        }
    ) -> Catalog {
        if quoteTable?.now == now { return self }
        var unpriced = self
        unpriced.quoteTable = nil
        let catalog = unpriced
        let promotionPosition = Dictionary(promotions.enumerated().map { ($1.slug, Int32($0)) }) { _, _ in PriceEntry.unknown }
        let entries = map(products.count) { position in
            let quote = catalog.quote(for: catalog.products[position], at: now)
            let promotion = quote.promotion.map { promotionPosition[$0.slug] ?? PriceEntry.unknown } ?? PriceEntry.none
            return PriceEntry(minorUnits: quote.price.minorUnits, promotion: promotion)
        }
        precondition(entries.count == products.count, "a price for every product")
        unpriced.quoteTable = QuoteTable(now: now, products: products, promotions: promotions, entries: entries)
        return unpriced
    }

    /// The table's answer for `product` at `now`, when it has one.
    func tabledQuote(for product: Product, at now: Date) -> PriceQuote? {
        guard let table = quoteTable, table.now == now, let position = position(of: product),
            position < table.products.count, table.products[position].isSameRecord(as: product)
        else { return nil }
        let entry = table.entries[position]
        guard entry.promotion != PriceEntry.unknown else { return nil }
        let list = product.price
        return PriceQuote(
            list: list, price: Money(minorUnits: entry.minorUnits, currency: list.currency),
            promotion: entry.promotion == PriceEntry.none ? nil : table.promotions[Int(entry.promotion)])
    }
}
