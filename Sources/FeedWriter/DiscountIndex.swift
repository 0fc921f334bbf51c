import CatalogModel

/// The active discounting promotions by the brand or product they name, so pricing 10,000 products
/// looks at the few promotions that can apply to each instead of all of them. Which one wins is
/// still decided by `Catalog.bestDiscount(for:amongActive:)`, the checkout's rule.
struct DiscountIndex {
    private let promotions: [Promotion]
    private var byBrand: [Slug: [Int]] = [:]
    private var byProduct: [Slug: [Int]] = [:]

    init(_ promotions: [Promotion]) {
        self.promotions = promotions
        for (index, promotion) in promotions.enumerated() {
            for brand in promotion.brands { byBrand[brand, default: []].append(index) }
            for product in promotion.products { byProduct[product, default: []].append(index) }
        }
    }

    /// The promotions naming the product or its brand, in the order they were given.
    func candidates(for product: Product) -> [Promotion] {
        let brand = byBrand[product.brand, default: []]
        let direct = byProduct[product.slug, default: []]
        if direct.isEmpty { return brand.map { promotions[$0] } }
        return Set(brand + direct).sorted().map { promotions[$0] }
    }
}
