public import CatalogModel

extension Catalog {
    /// What `quote(for:at:)` reads, for an output that prints it: the product and every promotion
    /// naming it or its brand. A promotion added later names it in the new catalog, so the
    /// output's dependencies then include that new record and an incremental build renders it.
    /// Status changes with the clock are reported as changes of the promotion itself.
    public func quoteDependencies(for product: Product) -> Set<Dependency> {
        var uses: Set<Dependency> = [.record(.product, product.slug)]
        for promotion in promotions(for: product) { uses.insert(.record(.promotion, promotion.slug)) }
        return uses
    }
}
