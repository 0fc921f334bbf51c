import CatalogModel
import Foundation

/// Finds the catalog's product a review export's row is about. Review services name products the
/// way the shop system they ran on did: a Shopify handle (which Vitrine's Shopify import keeps as
/// the slug, `SlugMaker`), a SKU, the system's product id, the product page's address, or only
/// its title; each is tried in that order (a variant's SKU before all), and the first that names
/// a product wins.
struct ReviewProductMatcher {
    let catalog: Catalog
    /// Folded product name → slug; names two products share are left out, as they name neither.
    private let slugByName: [String: Slug]

    init(_ catalog: Catalog) {
        self.catalog = catalog
        var names: [String: Slug?] = [:]
        for product in catalog.products {
            let key = Self.nameKey(product.name)
            names[key] = names[key] == nil ? .some(product.slug) : .some(nil)
        }
        slugByName = names.compactMapValues { $0 }
    }

    /// What a review line's `product` may be, by the loader's rule: a product's slug, or a
    /// product's or variant's SKU.
    func resolve(_ named: String) -> Review.Target? {
        if let slug = Slug(named), catalog.productBySlug[slug] != nil { return Review.Target(product: slug, sku: nil) }
        switch catalog.match(sku: named) {
        case .product(let product)?, .group(let product)?, .variant(let product, _)?: return Review.Target(product: product.slug, sku: named)
        case nil: return nil
        }
    }

    /// What the line's `product` is to say: the slug, or a variant's SKU when the row named one,
    /// so the review keeps which shade or size it was about.
    func match(_ keys: ReviewRow.ProductKeys) -> String? {
        // A variant's SKU first: it says more than the handle the row also has.
        if !keys.sku.isEmpty, case .variant? = catalog.match(sku: keys.sku) { return keys.sku }
        if !keys.handle.isEmpty, let slug = slug(forHandle: keys.handle) { return slug }
        for named in [keys.sku, keys.id] where !named.isEmpty {
            switch catalog.match(sku: named) {
            case .variant?: return named
            case .product(let product)?, .group(let product)?: return product.slug.rawValue
            case nil: if let slug = Slug(named), catalog.productBySlug[slug] != nil { return slug.rawValue }
            }
        }
        if let handle = Self.handle(inURL: keys.url), let slug = slug(forHandle: handle) { return slug }
        if !keys.title.isEmpty, let slug = slugByName[Self.nameKey(keys.title)] { return slug.rawValue }
        return nil
    }

    /// How a row names its product, for a warning: the most telling of its keys.
    static func describe(_ keys: ReviewRow.ProductKeys) -> String {
        for named in [keys.handle, keys.sku, handle(inURL: keys.url) ?? "", keys.title, keys.id] where !named.isEmpty { return named }
        return "(none)"
    }

    /// A slug, SKU or product name near what the row named.
    func suggestion(for keys: ReviewRow.ProductKeys) -> String? {
        let named = Self.describe(keys)
        if named == keys.title, !keys.title.isEmpty {
            return Spelling.closest(to: named, among: catalog.products.map(\.name))
        }
        let slugs = catalog.products.map(\.slug.rawValue)
        let skus = catalog.products.flatMap { [$0.sku] + $0.variants.map(\.sku) }
        return Spelling.closest(to: named, among: slugs + skus)
    }

    private func slug(forHandle handle: String) -> String? {
        for candidate in [handle, Slug.suggestion(for: handle)] {
            if let slug = Slug(candidate), catalog.productBySlug[slug] != nil { return slug.rawValue }
        }
        return nil
    }

    /// `https://shop.example/products/night-serum?variant=1` → `night-serum`: Shopify's product
    /// pages end in the handle, most other systems' in the slug.
    static func handle(inURL url: String) -> String? {
        guard !url.isEmpty else { return nil }
        let path = URLComponents(string: url)?.path ?? url
        let parts = path.split(separator: "/").map(String.init)
        if let products = parts.lastIndex(of: "products"), products + 1 < parts.count { return parts[products + 1] }
        return parts.last
    }

    private static func nameKey(_ name: String) -> String {
        name.folded().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
