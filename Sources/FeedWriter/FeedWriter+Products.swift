import BuildEngine
import CatalogModel
import Foundation
import ShopStrings

extension FeedWriter {
    /// Every product, none left out: merchant platforms delete the offers a feed omits.
    func productsFeed(_ dialect: MerchantItem.Dialect = .google) -> Data {
        let sink = OutputSink.memory()
        productsFeed(dialect, into: sink)
        return sink.data
    }

    /// The feed written into `sink` as it is made: at 100,000 products it is 125 MB. Google's
    /// (`feeds/products.xml`) and Meta's (`feeds/meta-products.xml`) hold the same items, made by
    /// `merchantItem`, each in its platform's spelling.
    func productsFeed(_ dialect: MerchantItem.Dialect = .google, into sink: OutputSink) {
        let path = dialect == .meta ? Routes.metaProductsFeed : Routes.productsFeed
        let channel = RSSChannel(
            title: strings("feedProductsTitle", ["shop": site.title]), link: site.baseURL,
            description: site.description ?? strings("feedProductsDescription", ["shop": site.title]),
            language: site.languageTag.lowercased(),
            lastBuildDate: now, selfURL: site.absoluteURL(path))
        // Formatted once per promotion rather than once per discounted product.
        var periods: [Slug: String] = [:]
        for promotion in catalog.promotions where promotion.discountPercent != nil && promotion.status(at: now) == .active {
            if let ends = promotion.ends {
                periods[promotion.slug] = promotion.starts.rfc3339 + "/" + ends.rfc3339
            }
        }
        channel.document(into: XMLWriter(streamingTo: sink), namespaces: ["g": MerchantItem.namespace]) { xml in
            for product in catalog.products {
                if product.hasVariants {
                    for variant in product.variants {
                        merchantItem(product, variant: variant, effectivePeriods: periods).write(to: xml, dialect: dialect)
                    }
                } else {
                    merchantItem(product, effectivePeriods: periods).write(to: xml, dialect: dialect)
                }
            }
        }
    }

    /// `effectivePeriods`: `g:sale_price_effective_date` by promotion, for those that end. With a
    /// `variant`, the item is that variant, grouped under the product's sku and linked to the
    /// product page with the variant chosen.
    func merchantItem(_ group: Product, variant: Variant? = nil, effectivePeriods: [Slug: String]) -> MerchantItem {
        let product = variant.map { group.buyable($0) } ?? group
        let detail = Self.trimmed(product.detail.plainText)
        let quote = catalog.quote(for: product, at: now)
        let link = productLink(group, variant: variant)
        let images = ([product.image ?? product.thumbnail] + product.images.map(Optional.some)).compactMap { $0 }
            .map { catalog.published($0, atLeast: Catalog.shareWidth) }.filter(\.isMerchantImage)
        var item = MerchantItem(
            id: product.sku,
            title: Self.clip(product.name, to: MerchantItem.titleLimit),
            // Google requires a description; a product without detail text is described by its name.
            description: Self.clip(detail.isEmpty ? product.name : detail, to: MerchantItem.descriptionLimit),
            link: link,
            imageLink: images.first?.absoluteURL(in: site),
            availability: product.availability,
            price: Self.merchantPrice(quote.list),
            brand: brandTitle(of: product),
            gtin: product.gtin, mpn: product.mpn)
        // The price without a code: the one the product page shows and the checkout charges.
        if let promotion = quote.promotion {
            item.salePrice = Self.merchantPrice(quote.price)
            item.salePriceEffectiveDate = effectivePeriods[promotion.slug]
        }
        if let variant {
            item.itemGroupID = group.sku
            for (name, value) in group.optionValues(of: variant) {
                if let attribute = Variant.standardAttribute(for: name) {
                    item.variantAttributes.append((attribute, value))
                } else {
                    item.productDetails.append((name, value))
                }
            }
        }
        var seen = Set(item.imageLink.map { [$0] } ?? [])
        item.additionalImageLinks = images.dropFirst().map { $0.absoluteURL(in: site) }.filter { seen.insert($0).inserted }
        if let unit = site.unitPrice(of: quote.price, netContent: product.netContent) {
            item.unitPricingMeasure = unit.measure.merchantText
            item.unitPricingBaseMeasure = unit.base.merchantText
        }
        if let category = catalog.primaryCategory(of: group) {
            let trail = catalog.path(to: category)
            item.productType = trail.map(\.title).joined(separator: " > ")
            // The nearest taxonomy up the trail: a sub-category inherits its parent's.
            item.googleProductCategory = trail.reversed().lazy.compactMap(\.googleCategory).first
        }
        item.shipping = site.shipping.map { rate in
            MerchantItem.Shipping(
                country: rate.country, service: rate.service, price: Self.merchantPrice(rate.cost(forItemPriced: quote.price)),
                minTransitDays: rate.minDays, maxTransitDays: rate.maxDays)
        }
        return item
    }

    /// The product's page, with the variant chosen when there is one: what a feed links an item to.
    func productLink(_ product: Product, variant: Variant? = nil) -> String {
        let page = site.absoluteURL(Routes.product(product.slug))
        guard let variant else { return page }
        return page + Self.variantQuery + ImageReference.percentEncoded(variant.sku)
    }

    static let variantQuery = "?variant="

    func brandTitle(of product: Product) -> String { catalog.brandBySlug[product.brand]?.title ?? product.brand.rawValue }

    /// Without Foundation's `trimmingCharacters`, which bridges through NSString on Linux and was
    /// a third of the product feed's time.
    static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }

    /// `32.00 USD`
    static func merchantPrice(_ money: Money) -> String { "\(money.decimalString) \(money.currency.code)" }

    /// At most `limit` Unicode scalars, cut at a word boundary with an ellipsis, never inside a
    /// character (an emoji or an accented letter stays whole).
    static func clip(_ text: String, to limit: Int) -> String {
        // A scalar takes at least one UTF-8 byte, and the byte count of a native string is free.
        guard text.utf8.count > limit, text.unicodeScalars.count > limit else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let size = character.unicodeScalars.count
            if used + size > limit - 1 { break }  // room for "…"
            kept.append(character)
            used += size
        }
        if let space = kept.lastIndex(where: { $0.isWhitespace }), kept.distance(from: space, to: kept.endIndex) < 200 {
            kept = String(kept[..<space])
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
    }
}
