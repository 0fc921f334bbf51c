extension Catalog {
    /// The catalog with one product's record replaced, when the product keeps its place in every
    /// list (same name, same brand) and its SKU stays unique; nil otherwise. The preview's quick
    /// path uses it instead of sorting ten thousand products again after one edit.
    public func replacing(_ product: Product) -> Catalog? {
        guard let old = productBySlug[product.slug], old.name == product.name, old.brand == product.brand,
            productBySKU[product.sku].map({ $0.slug == product.slug }) ?? true,
            let index = productPositionBySlug[product.slug],
            // Variant SKUs are indexed too; a product with variants takes the full path.
            !old.hasVariants, !product.hasVariants,
            // Category listings hold positions too.
            old.categories == product.categories, old.tags == product.tags
        else { return nil }
        // Same name and brand: the same place in every list, so only the record and its SKU change.
        var copy = self
        copy.products[index] = product
        copy.productPositionBySKU[old.sku] = nil
        copy.productPositionBySKU[product.sku] = index
        copy.productIsBuyable[index] = product.isBuyable
        return copy
    }

    /// The catalog with one brand's record replaced, when its title (its place in the list) is
    /// unchanged; nil otherwise.
    public func replacing(_ brand: Brand) -> Catalog? {
        guard let index = brandPositionBySlug[brand.slug], brands[index].title == brand.title else { return nil }
        var copy = self
        copy.brands[index] = brand
        return copy
    }
}
