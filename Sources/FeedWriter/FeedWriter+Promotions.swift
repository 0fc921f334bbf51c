import CatalogModel
import Foundation
import ShopStrings

extension FeedWriter {
    /// Active and upcoming promotions, newest start first: a reader learns of a deal before it begins
    /// and drops it once it has ended.
    var listedPromotions: [Promotion] {
        catalog.promotions.filter { $0.status(at: now) != .expired }
    }

    func listedPromotions(for brand: Brand) -> [Promotion] {
        catalog.promotions(for: brand).filter { $0.status(at: now) != .expired }
    }

    func promotionsFeed() -> Data {
        let channel = RSSChannel(
            title: strings("feedPromotionsTitle", ["shop": site.title]), link: site.absoluteURL(Routes.promotions),
            description: strings("promotionsDescription", ["shop": site.title]), language: site.languageTag.lowercased(),
            lastBuildDate: now, selfURL: site.absoluteURL(Routes.promotionsFeed))
        let items = listedPromotions.map(rssItem)
        return channel.document { xml in items.forEach { $0.write(to: xml) } }
    }

    /// Every brand has one, empty or not, so a reader can subscribe before the brand's first deal.
    func brandFeed(_ brand: Brand) -> Data {
        let channel = RSSChannel(
            title: strings("feedBrandPromotionsTitle", ["brand": brand.title, "shop": site.title]),
            link: site.absoluteURL(Routes.brand(brand.slug)),
            description: strings("feedBrandPromotionsDescription", ["brand": brand.title, "shop": site.title]),
            language: site.languageTag.lowercased(),
            lastBuildDate: now, selfURL: site.absoluteURL(Routes.brandFeed(brand.slug)))
        let items = listedPromotions(for: brand).map(rssItem)
        return channel.document { xml in items.forEach { $0.write(to: xml) } }
    }

    /// Promotions on any product of the category or below it; every category has one, like brands.
    func categoryFeed(_ category: CatalogModel.Category) -> Data {
        let channel = RSSChannel(
            title: strings("feedCategoryPromotionsTitle", ["category": category.title, "shop": site.title]),
            link: site.absoluteURL(Routes.category(category.slug)),
            description: strings("feedCategoryPromotionsDescription", ["category": category.title, "shop": site.title]),
            language: site.languageTag.lowercased(),
            lastBuildDate: now, selfURL: site.absoluteURL(Routes.categoryFeed(category.slug)))
        let items = catalog.promotions(for: category).filter { $0.status(at: now) != .expired }.map(rssItem)
        return channel.document { xml in items.forEach { $0.write(to: xml) } }
    }

    func promotionsJSONFeed() -> Data {
        let items = listedPromotions.map { promotion in
            let url = site.absoluteURL(Routes.promotion(promotion.slug))
            let tags = brandTitles(of: promotion)
            return JSONFeed.Item(
                id: url, url: url, title: promotion.title, contentHTML: promotion.content.html,
                image: promotion.image?.absoluteURL(in: site), datePublished: promotion.starts.rfc3339,
                tags: tags.isEmpty ? nil : tags)
        }
        return JSONFeed(
            title: strings("feedPromotionsTitle", ["shop": site.title]), homePageURL: site.absoluteURL(Routes.promotions),
            feedURL: site.absoluteURL(Routes.promotionsJSONFeed), description: strings("promotionsDescription", ["shop": site.title]),
            language: site.languageTag, items: items
        ).data()
    }

    func rssItem(_ promotion: Promotion) -> RSSItem {
        let url = site.absoluteURL(Routes.promotion(promotion.slug))
        let enclosure = promotion.image.map { image in
            RSSItem.Enclosure(
                url: image.absoluteURL(in: site), length: image.isLocal ? imageSizes[image.sitePath] ?? 0 : 0,
                type: image.mediaType)
        }
        return RSSItem(
            title: promotion.title, link: url, guid: url, pubDate: promotion.starts.date,
            descriptionHTML: promotion.content.html, categories: brandTitles(of: promotion), enclosure: enclosure)
    }

    /// The brands a promotion names, directly or through its products, in the catalog's brand order.
    /// From the brands' positions, not a scan of every brand for every item of every feed: that grew
    /// with brands × items, 2.7 % of a 100,000-product build.
    func brandTitles(of promotion: Promotion) -> [String] {
        let brands = catalog.brandBySlug
        var positions = Set(promotion.brands.compactMap { brands.position(of: $0) })
        for slug in promotion.products {
            if let product = catalog.productBySlug[slug], let brand = brands.position(of: product.brand) { positions.insert(brand) }
        }
        return positions.sorted().map { catalog.brands[$0].title }
    }
}
