public import Foundation

extension Catalog {
    /// The promotion whose discount a product gets at `now`: the largest active `discountPercent`
    /// among promotions naming the product or its brand. A promotion with a `code` counts only when
    /// that code is given (compared ignoring case, since shoppers type codes by hand). On a tie the
    /// newest promotion wins, because `promotions` is ordered newest start first.
    ///
    /// One discount per product, never stacked: the rule the checkout service prices by and that
    /// feeds can quote, so both always agree.
    public func activeDiscount(for product: Product, at now: Date, code: String?) -> (percent: Decimal, promotion: Promotion)? {
        // Only the promotions naming the product or its brand, through the catalog's index.
        // A promotion limited to other markets does not lower the root storefront's price.
        let root = site.markets.first?.id
        return Self.largestDiscount(for: product, among: promotions(for: product).lazy.filter { $0.runs(inMarket: root) }, at: now, code: code)
    }

    /// The same rule over part of the catalog's promotions, kept in catalog order: for a caller
    /// that indexed which promotions can name a product, so that pricing a line does not walk
    /// every promotion of a large catalog. Candidates that do not name the product are skipped.
    public static func largestDiscount(
        for product: Product, among candidates: some Sequence<Promotion>, at now: Date, code: String?
    ) -> (percent: Decimal, promotion: Promotion)? {
        let givenCode = code.map { $0.uppercased() }
        var best: (percent: Decimal, promotion: Promotion)?
        for promotion in candidates {
            guard let percent = promotion.discountPercent, percent > 0, promotion.applies(to: product),
                promotion.status(at: now) == .active
            else { continue }
            // Content codes are upper case already (`[A-Z0-9-]`).
            if let required = promotion.code, required != givenCode { continue }
            if let current = best, current.percent >= percent { continue }
            best = (percent, promotion)
        }
        return best
    }

    /// The active promotion that has this code (ignoring case), if any: a code no running
    /// promotion has is a shopper's typo or a stale link, worth telling them about.
    public func activePromotion(withCode code: String, at now: Date) -> Promotion? {
        let wanted = code.uppercased()
        return promotions.first { $0.code == wanted && $0.status(at: now) == .active }
    }
}
