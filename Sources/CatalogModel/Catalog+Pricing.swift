public import Foundation

/// The one pricing rule shared by the merchant feed and the checkout service: while several
/// active promotions discount a product, the largest percentage wins (promotions do not stack).
extension Catalog {
    /// The active promotion with the largest `discountPercent` that applies to `product`, or nil.
    /// Equal percentages go to the promotion listed first (newest start, then slug).
    public func bestActiveDiscount(for product: Product, at now: Date) -> Promotion? {
        Catalog.bestDiscount(for: product, amongActive: promotions.lazy.filter { $0.status(at: now) == .active })
    }

    /// The same rule over promotions the caller already knows to be active, so a producer pricing
    /// thousands of products filters the promotions once.
    public static func bestDiscount(for product: Product, amongActive candidates: some Sequence<Promotion>) -> Promotion? {
        var best: Promotion?
        for promotion in candidates {
            guard let percent = promotion.discountPercent, percent > 0, promotion.applies(to: product) else { continue }
            if let current = best?.discountPercent, current >= percent { continue }
            best = promotion
        }
        return best
    }

    /// The product's price under its best active discount, or nil when nothing makes it cheaper.
    public func salePrice(for product: Product, at now: Date) -> Money? {
        guard let promotion = bestActiveDiscount(for: product, at: now) else { return nil }
        return Catalog.salePrice(of: product, under: promotion)
    }

    /// The price `promotion` gives `product`, or nil when it is not lower than the list price.
    public static func salePrice(of product: Product, under promotion: Promotion) -> Money? {
        guard let percent = promotion.discountPercent else { return nil }
        let sale = product.price.discounted(byPercent: percent)
        return sale < product.price ? sale : nil
    }
}
