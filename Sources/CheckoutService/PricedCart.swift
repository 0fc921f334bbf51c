public import CatalogModel

/// A cart with every amount taken from the catalog, in integer minor units of one currency.
public struct PricedCart: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var sku: String
        public var name: String
        public var quantity: Int
        public var unitAmount: Int64
        /// The whole line's discount, rounded once per line.
        public var discountAmount: Int64
        public var lineAmount: Int64
        /// The promotion that gave the discount.
        public var promotion: Slug?

        public init(sku: String, name: String, quantity: Int, unitAmount: Int64, discountAmount: Int64, promotion: Slug?) {
            self.sku = sku
            self.name = name
            self.quantity = quantity
            self.unitAmount = unitAmount
            self.discountAmount = discountAmount
            self.lineAmount = unitAmount * Int64(quantity) - discountAmount
            self.promotion = promotion
        }
    }

    public var currency: Currency
    public var lines: [Line]
    public var code: String?

    public var subtotal: Int64 { lines.reduce(0) { $0 + $1.unitAmount * Int64($1.quantity) } }
    public var discount: Int64 { lines.reduce(0) { $0 + $1.discountAmount } }
    public var total: Int64 { subtotal - discount }
}
