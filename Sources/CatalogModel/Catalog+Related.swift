extension Catalog {
    /// Up to `limit` other products to show beside `product`: those sharing its tags, categories
    /// and brand, scored 4 for each shared tag, 2 for each shared category and 1 for the brand,
    /// then by name. Never the product itself; one that cannot be bought only when too few can.
    /// The same catalog always gives the same answer.
    public func related(to product: Product, limit: Int = 4) -> [Product] {
        guard let own = productPositionBySlug[product.slug] else { return [] }
        var scores: [Int: Int] = [:]
        func add(_ positions: [Int]?, _ weight: Int) {
            for position in positions ?? [] where position != own { scores[position, default: 0] += weight }
        }
        for tag in Set(product.tags) { add(productPositionsByTag[tag], 4) }
        for category in Set(product.categories) { add(productPositionsInCategory[category], 2) }
        add(productPositionsByBrand[product.brand], 1)
        let ranked = scores.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { products[$0.key] }
        let buyable = ranked.filter(\.isBuyable)
        if buyable.count >= limit { return Array(buyable.prefix(limit)) }
        return Array((buyable + ranked.filter { !$0.isBuyable }).prefix(limit))
    }
}

extension Product {
    /// Whether a shopper can buy it now: it, or one of its variants, is not out of stock.
    public var isBuyable: Bool { buyables.contains { $0.availability.isPurchasable } }
}
