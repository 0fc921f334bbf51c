extension Catalog {
    /// Up to `limit` other products to show beside `product`: those sharing its tags, categories
    /// and brand, scored 4 for each shared tag, 2 for each shared category and 1 for the brand,
    /// then by name. Never the product itself; one that cannot be bought only when too few can.
    /// The same catalog always gives the same answer.
    public func related(to product: Product, limit: Int = 4) -> [Product] {
        relatedPositions(to: product, limit: limit).map { products[$0] }
    }

    /// `related(to:limit:)` as positions in `products`, for a caller that keeps the answer.
    public func relatedPositions(to product: Product, limit: Int = 4) -> [Int] {
        guard let own = position(of: product), limit > 0 else { return [] }
        var sources: [(positions: [Int], weight: Int)] = []
        for tag in Set(product.tags) { if let positions = productPositionsByTag[tag] { sources.append((positions, 4)) } }
        for category in Set(product.categories) {
            if let positions = productPositionsInCategory[category] { sources.append((positions, 2)) }
        }
        if let positions = productPositionsByBrand[product.brand] { sources.append((positions, 1)) }
        // The best few by (score, then name), kept while scanning: every product page asks this of
        // a hundred or more candidates, and sorting them all was a fifth of a build.
        var buyable: [(score: Int, position: Int)] = []
        var soldOut: [(score: Int, position: Int)] = []
        func keep(_ candidate: (score: Int, position: Int), in best: inout [(score: Int, position: Int)]) {
            let at = best.firstIndex { candidate.score > $0.score || (candidate.score == $0.score && candidate.position < $0.position) }
                ?? best.count
            guard at < limit else { return }
            best.insert(candidate, at: at)
            if best.count > limit { best.removeLast() }
        }
        if sources.count == 1 {
            // A product sharing only its brand (most of a large catalog): every candidate scores
            // the same and comes in name order, so the first buyable ones are the answer, found
            // without a table of scores, which was 2 % of a build.
            for position in sources[0].positions where position != own {
                if productIsBuyable[position] {
                    keep((sources[0].weight, position), in: &buyable)
                    if buyable.count == limit { break }
                } else if soldOut.count < limit {
                    keep((sources[0].weight, position), in: &soldOut)
                }
            }
        } else {
            var scores: [Int: Int] = [:]
            scores.reserveCapacity(sources.reduce(0) { $0 + $1.positions.count })
            for source in sources {
                for position in source.positions where position != own { scores[position, default: 0] += source.weight }
            }
            for (position, score) in scores {
                if productIsBuyable[position] { keep((score, position), in: &buyable) } else { keep((score, position), in: &soldOut) }
            }
        }
        return (buyable + soldOut).prefix(limit).map(\.position)
    }
}

extension Product {
    /// Whether a shopper can buy it now: it, or one of its variants, is not out of stock.
    public var isBuyable: Bool {
        hasVariants ? variants.contains { ($0.availability ?? availability).isPurchasable } : availability.isPurchasable
    }
}

extension Product {
    /// The names of the groups `Catalog.related(to:limit:)` chooses a product's related products
    /// from: one per brand, category and tag. A page showing related products depends on its own
    /// product's groups; a change to any product in one of them may change what it shows.
    public static func relatedGroup(brand: String) -> String { "brand:" + brand }
    public static func relatedGroup(category: String) -> String { "category:" + category }
    public static func relatedGroup(tag: String) -> String { "tag:" + tag }

    public var relatedGroups: [String] {
        [Self.relatedGroup(brand: brand.rawValue)] + Set(categories).map { Self.relatedGroup(category: $0.rawValue) }
            + Set(tags).map { Self.relatedGroup(tag: $0) }
    }
}
