public import CatalogModel

/// A cart with every amount taken from the catalog's quote, in one currency.
public struct PricedCart: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var sku: String
        public var name: String
        public var quantity: Int
        /// One unit before any promotion.
        public var listPrice: Money
        /// One unit as quoted (`Catalog.quote`), the price the product page shows for this code.
        public var unitPrice: Money
        /// (listPrice − unitPrice) × quantity.
        public var discount: Money
        /// unitPrice × quantity: never rounded again, so three units cost exactly three times one.
        public var total: Money
        /// The promotion that gave the discount.
        public var promotion: Slug?

        /// Nil when an amount does not fit in 64 bits.
        public init?(sku: String, name: String, quantity: Int, quote: PriceQuote) {
            guard let total = quote.total(quantity: quantity), let discount = quote.saving(quantity: quantity),
                quote.list.multiplied(by: quantity) != nil
            else { return nil }
            self.sku = sku
            self.name = name
            self.quantity = quantity
            self.listPrice = quote.list
            self.unitPrice = quote.price
            self.discount = discount
            self.total = total
            self.promotion = quote.promotion?.slug
        }

        /// One unit's list price × quantity.
        public var gross: Money { Money(minorUnits: discount.minorUnits + total.minorUnits, currency: total.currency) }
    }

    public var currency: Currency
    public var lines: [Line]
    public var code: String?
    /// The storefront it was priced for (`ko-kr`); nil for the root.
    public var storefront: String?

    public init(currency: Currency, lines: [Line], code: String?, storefront: String? = nil) {
        self.currency = currency
        self.lines = lines
        self.code = code
        self.storefront = storefront
    }

    /// Sum of the lines' list amounts. `CartPricer` refuses carts whose sums do not fit.
    public var subtotal: Money { sum(\.gross) }
    public var discount: Money { sum(\.discount) }
    /// What to charge: the sum of the lines' totals.
    public var total: Money { sum(\.total) }

    private func sum(_ amount: (Line) -> Money) -> Money {
        Money(minorUnits: lines.reduce(0) { $0 + amount($1).minorUnits }, currency: currency)
    }

    /// Whether every sum can be added up without overflowing 64 bits.
    var fits: Bool {
        var sum: Int64 = 0
        for line in lines {
            let (next, overflow) = sum.addingReportingOverflow(line.gross.minorUnits)
            if overflow { return false }
            sum = next
        }
        return true
    }
}
