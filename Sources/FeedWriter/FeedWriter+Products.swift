import CatalogModel
import Foundation

extension FeedWriter {
    /// Every product, none left out: merchant platforms delete the offers a feed omits.
    func productsFeed() -> Data {
        let channel = RSSChannel(
            title: "Products · \(site.title)", link: site.baseURL,
            description: site.description ?? "Every product at \(site.title).", language: site.languageTag.lowercased(),
            lastBuildDate: now, selfURL: site.absoluteURL(routes.productsFeed))
        // Filtered once: thousands of products are priced against the same few promotions.
        let discounts = catalog.promotions.filter { $0.discountPercent != nil && $0.status(at: now) == .active }
        return channel.document(namespaces: ["g": MerchantItem.namespace]) { xml in
            for product in catalog.products {
                merchantItem(product, activeDiscounts: discounts).write(to: xml)
            }
        }
    }

    func merchantItem(_ product: Product, activeDiscounts: [Promotion]) -> MerchantItem {
        let detail = product.detail.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
        var item = MerchantItem(
            id: product.sku,
            title: Self.clip(product.name, to: MerchantItem.titleLimit),
            // Google requires a description; a product without detail text is described by its name.
            description: Self.clip(detail.isEmpty ? product.name : detail, to: MerchantItem.descriptionLimit),
            link: site.absoluteURL(routes.product(product.slug)),
            imageLink: (product.image ?? product.thumbnail)?.absoluteURL(in: site),
            availability: product.availability.rawValue,
            price: Self.merchantPrice(product.price),
            brand: catalog.brandBySlug[product.brand]?.title ?? product.brand.rawValue,
            gtin: product.gtin, mpn: product.mpn)
        if let promotion = Catalog.bestDiscount(for: product, amongActive: activeDiscounts),
            let sale = Catalog.salePrice(of: product, under: promotion)
        {
            item.salePrice = Self.merchantPrice(sale)
            if let ends = promotion.ends {
                item.salePriceEffectiveDate = Timestamp.rfc3339(promotion.starts.date) + "/" + Timestamp.rfc3339(ends.date)
            }
        }
        return item
    }

    /// `32.00 USD`
    static func merchantPrice(_ money: Money) -> String { "\(money.decimalString) \(money.currency.code)" }

    /// At most `limit` Unicode scalars, cut at a word boundary with an ellipsis, never inside a
    /// character (an emoji or an accented letter stays whole).
    static func clip(_ text: String, to limit: Int) -> String {
        guard text.unicodeScalars.count > limit else { return text }
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
