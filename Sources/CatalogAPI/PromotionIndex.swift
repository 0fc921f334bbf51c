import CatalogModel

/// Which promotions name each brand and product, built once per API so that 10,000 products
/// do not each scan every promotion. Lists keep the catalog's order (newest start first).
struct PromotionIndex: Sendable {
    private var byBrand: [Slug: [Int]] = [:]
    private var byProduct: [Slug: [Int]] = [:]
    private let promotions: [Promotion]

    init(_ promotions: [Promotion]) {
        self.promotions = promotions
        for (index, promotion) in promotions.enumerated() {
            for brand in Set(promotion.brands) { byBrand[brand, default: []].append(index) }
            for product in Set(promotion.products) { byProduct[product, default: []].append(index) }
        }
    }

    /// Promotions that apply to the product, directly or through its brand: `Catalog.promotions(for:)`.
    func promotions(for product: Product) -> [Promotion] {
        let direct = byProduct[product.slug, default: []]
        let viaBrand = byBrand[product.brand, default: []]
        if viaBrand.isEmpty { return direct.map { promotions[$0] } }
        if direct.isEmpty { return viaBrand.map { promotions[$0] } }
        return Set(direct + viaBrand).sorted().map { promotions[$0] }
    }
}
