extension Product {
    public var hasVariants: Bool { !variants.isEmpty }

    /// The variant as a product of its own: this product with the variant's SKU, a name that says
    /// which one (`Serum (50 ml)`, as a bag, a checkout line and a feed item print it) and
    /// whatever the variant overrides. Slug and brand stay, so promotions naming the product apply to all its
    /// variants and one quote (`Catalog.quote`) prices both.
    public func buyable(_ variant: Variant) -> Product {
        var item = self
        item.sku = variant.sku
        item.name = name(of: variant)
        if let price = variant.price {
            item.price = price
            item.prices = variant.prices
        } else if !variant.prices.isEmpty {
            let own = Set(variant.prices.map(\.currency))
            item.prices = (variant.prices + prices.filter { !own.contains($0.currency) }).sorted { $0.currency.code < $1.currency.code }
        }
        if let availability = variant.availability { item.availability = availability }
        if let gtin = variant.gtin { item.gtin = gtin }
        if let mpn = variant.mpn { item.mpn = mpn }
        if let image = variant.image { item.image = image }
        if let netContent = variant.netContent { item.netContent = netContent }
        item.options = []
        item.variants = []
        return item
    }

    /// What a shopper can put in a bag: the variants, or the product itself when it has none.
    public var buyables: [Product] { hasVariants ? variants.map(buyable) : [self] }

    /// `1N Neutral`, `50 ml / Rose`: the variant's option values as a shopper reads them.
    public func label(of variant: Variant) -> String { variant.values.joined(separator: " / ") }

    /// `Serum (50 ml)`: the name a bag, a checkout line or a feed item gives the variant.
    public func name(of variant: Variant) -> String { "\(name) (\(label(of: variant)))" }

    /// `shade: 1N Neutral`, pairs of option name and value.
    public func optionValues(of variant: Variant) -> [(name: String, value: String)] {
        Array(zip(options, variant.values)).map { (name: $0.0, value: $0.1) }
    }

    public func variant(sku: String) -> Variant? { variants.first { $0.sku == sku } }

    /// The variant a page, the API and a feed reader see first: the first that can be bought,
    /// else the first; nil without variants.
    public var shownVariant: Variant? {
        variants.first { ($0.availability ?? availability).isPurchasable } ?? variants.first
    }

    /// What the product page shows at the top: the shown variant as a product, or the product.
    public var shown: Product { shownVariant.map(buyable) ?? self }
}
