/// What a SKU names: a product without variants, one variant, or a product's group id, which
/// is not buyable itself.
public enum SKUMatch: Sendable {
    case product(Product)
    case variant(Product, Variant)
    case group(Product)

    /// What the shopper buys under this SKU, nil for a group id.
    public var buyable: Product? {
        switch self {
        case .product(let product): product
        case .variant(let product, let variant): product.buyable(variant)
        case .group: nil
        }
    }
}

extension Catalog {
    /// The product or variant a bag, Buy link or signed cart names.
    public func match(sku: String) -> SKUMatch? {
        if let position = variantOwnerBySKU[sku] {
            let product = products[position]
            if let variant = product.variant(sku: sku) { return .variant(product, variant) }
        }
        guard let product = productBySKU[sku] else { return nil }
        return product.hasVariants ? .group(product) : .product(product)
    }
}
