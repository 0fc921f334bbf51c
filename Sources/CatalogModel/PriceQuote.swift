/// What one unit of a product costs at a moment, with or without a promotion code: the one answer
/// the product page, its structured data, cards, search, the merchant feed, the API and the checkout
/// all print. Merchant platforms disapprove offers whose landing page shows another price than the
/// feed, so no reader computes a discount of its own.
public struct PriceQuote: Sendable, Hashable {
    /// The product's own price, before any promotion.
    public var list: Money
    /// What one unit costs under this quote: `list` less the winning promotion's discount.
    public var price: Money
    /// The promotion that takes something off, nil when `price` is `list`.
    public var promotion: Promotion?

    public init(list: Money, price: Money, promotion: Promotion?) {
        self.list = list
        self.price = price
        self.promotion = promotion
    }

    /// Whether the shopper pays less than the list price: what makes a page strike the list price
    /// through and a feed print `g:sale_price`.
    public var isReduced: Bool { promotion != nil }

    /// The winning promotion's end, when there is one and it ends: the sale is over then.
    public var ends: Timestamp? { promotion?.ends }

    /// What `quantity` units cost: quantity × the quoted unit price, so a line of the checkout is
    /// always a whole multiple of the price every page shows. Nil when it would overflow.
    public func total(quantity: Int) -> Money? {
        price.multiplied(by: quantity)
    }

    /// What `quantity` units save against the list price: (list − price) × quantity.
    public func saving(quantity: Int) -> Money? {
        Money(minorUnits: list.minorUnits - price.minorUnits, currency: list.currency).multiplied(by: quantity)
    }
}
