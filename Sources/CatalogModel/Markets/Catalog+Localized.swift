import Foundation

/// A record of some kind, by its slug.
public struct RecordRef: Sendable, Hashable {
    public var kind: RecordKind
    public var slug: Slug

    public init(_ kind: RecordKind, _ slug: Slug) {
        self.kind = kind
        self.slug = slug
    }
}

/// What a storefront's catalog shows in the default language for want of a translation: the
/// page marks those texts with that language (`lang`), so a screen reader reads them right.
public struct FallbackTexts: Sendable, Hashable {
    /// The content's own language (`en`).
    public var language: String
    /// Records whose name or title is the default one.
    public var titles: Set<RecordRef> = []
    /// Records whose body is the default one.
    public var bodies: Set<RecordRef> = []
}

/// Where a storefront's catalog came from: the storefront, and the records' own slugs where
/// the storefront's differ, so a page can name the same record in the other storefronts.
public struct Localization: Sendable {
    public var storefront: Storefront
    public var fallback: FallbackTexts
    /// Storefront slug → the record's own slug, for translated slugs only.
    public var ownSlugs: [RecordRef: Slug]
}

extension Catalog {
    /// The shop as one storefront sees it: a one-market catalog in the market's currency and the
    /// storefront's language, which every renderer then writes as it writes a shop without
    /// markets.
    ///
    /// - Prices are the market's (`price(of:in:)`): listed, or converted and rounded. A product
    ///   or variant the market cannot price is left out; so are promotions limited to other markets.
    /// - Texts are the translation's where there is one, else the default's, noted in
    ///   `localization.fallback`; a language with `fallback: omit` leaves untranslated products,
    ///   promotions and pages out (brands and categories stay while they have products).
    /// - Translated slugs replace the records' own, and every reference to them follows.
    /// - Shipping is the market's rates in its currency; the locale is the storefront's.
    public func localized(for storefront: Storefront) -> Catalog {
        let market = storefront.market
        let language = storefront.language.tag
        let omit = storefront.language.fallback == .omit && language != site.contentLanguage.tag
        var fallback = FallbackTexts(language: site.contentLanguage.tag)
        var ownSlugs: [RecordRef: Slug] = [:]

        func translation(_ kind: RecordKind, _ slug: Slug) -> Translation? {
            language == site.contentLanguage.tag ? nil : translations[Translation.Key(kind: kind, slug: slug, language: language)]
        }
        /// Each kind's new slug for every record renamed in this language.
        var renamed: [RecordKind: [Slug: Slug]] = [:]
        for (key, value) in translations where key.language == language {
            if let slug = value.translatedSlug { renamed[key.kind, default: [:]][key.slug] = slug }
        }
        func name(_ kind: RecordKind, _ slug: Slug) -> Slug {
            guard let new = renamed[kind]?[slug] else { return slug }
            ownSlugs[RecordRef(kind, new)] = slug
            return new
        }
        func translate(_ kind: RecordKind, _ slug: Slug, title: inout String, body: inout RenderedMarkdown) -> Bool {
            let ref = RecordRef(kind, name(kind, slug))
            guard let t = translation(kind, slug) else {
                if language != site.contentLanguage.tag {
                    fallback.titles.insert(ref)
                    if !body.html.isEmpty { fallback.bodies.insert(ref) }
                }
                return false
            }
            if let text = t.title { title = text } else { fallback.titles.insert(ref) }
            if let text = t.body { body = text } else if !body.html.isEmpty { fallback.bodies.insert(ref) }
            return true
        }

        var localSite = site
        localSite.currency = market.currency
        localSite.locale = storefront.locale
        localSite.baseURL = site.baseURL + storefront.pathPrefix
        if !storefront.isRoot { localSite.assetBaseURL = site.assetBaseURL ?? site.baseURL }
        localSite.shipping = site.markets.isEmpty ? site.shipping : site.shippingRates(for: market)
        localSite.markets = site.markets.isEmpty ? [] : [market]
        localSite.languages = [storefront.language]
        localSite.exchangeRates = [:]

        var keptProducts = Set<Slug>()
        var products: [Product] = []
        products.reserveCapacity(self.products.count)
        for product in self.products {
            var local = product
            if !site.markets.isEmpty {
                let variants = product.variants.compactMap { variant -> Variant? in
                    guard let price = price(of: product, variant: variant, in: market) else { return nil }
                    var v = variant
                    v.price = price
                    v.prices = []
                    return v
                }
                if product.hasVariants, variants.isEmpty { continue }
                guard let own = price(of: product, in: market) ?? variants.compactMap(\.price).min() else { continue }
                local.price = own
                local.prices = []
                local.variants = variants
            }
            var title = product.name
            var body = product.detail
            let translated = translate(.product, product.slug, title: &title, body: &body)
            if omit, !translated { continue }
            local.name = title
            local.detail = body
            if let t = translation(.product, product.slug) {
                if let tags = t.tags { local.tags = tags }
                let values = Dictionary(t.values.map { ($0.original, $0.text) }, uniquingKeysWith: { a, _ in a })
                if !values.isEmpty {
                    local.variants = local.variants.map { variant in
                        var v = variant
                        v.values = v.values.map { values[$0] ?? $0 }
                        return v
                    }
                }
                for term in t.options { local.optionLabels[term.original] = term.text }
            }
            local.slug = name(.product, product.slug)
            local.brand = name(.brand, product.brand)
            local.categories = product.categories.map { name(.category, $0) }
            keptProducts.insert(product.slug)
            products.append(local)
        }

        let brandsInUse = Set(products.map(\.brand))
        let brands = self.brands.compactMap { brand -> Brand? in
            var local = brand
            let translated = translate(.brand, brand.slug, title: &local.title, body: &local.description)
            local.slug = name(.brand, brand.slug)
            if omit, !translated, !brandsInUse.contains(local.slug) { return nil }
            return local
        }
        let categoriesInUse = Set(products.flatMap(\.categories))
        let categories = self.categories.compactMap { category -> Category? in
            var local = category
            let translated = translate(.category, category.slug, title: &local.title, body: &local.description)
            local.slug = name(.category, category.slug)
            local.parent = category.parent.map { name(.category, $0) }
            if omit, !translated, !categoriesInUse.contains(local.slug) { return nil }
            return local
        }
        // A category kept for a product keeps its parents too.
        let categorySlugs = Set(categories.map(\.slug))
        let rootedCategories = categories.map { category -> Category in
            var local = category
            if let parent = local.parent, !categorySlugs.contains(parent) { local.parent = nil }
            return local
        }
        let promotions = self.promotions.compactMap { promotion -> Promotion? in
            guard promotion.runs(inMarket: site.markets.isEmpty ? nil : market.id) else { return nil }
            var local = promotion
            var title = promotion.title
            var body = promotion.content
            let translated = translate(.promotion, promotion.slug, title: &title, body: &body)
            if omit, !translated { return nil }
            local.title = title
            local.content = body
            if let t = translation(.promotion, promotion.slug), !t.stores.isEmpty {
                let names = Dictionary(t.stores.map { ($0.original, $0.text) }, uniquingKeysWith: { a, _ in a })
                local.stores = promotion.stores.map { store in
                    var s = store
                    s.name = names[store.name] ?? store.name
                    return s
                }
            }
            local.slug = name(.promotion, promotion.slug)
            local.products = promotion.products.filter(keptProducts.contains).map { name(.product, $0) }
            local.brands = promotion.brands.map { name(.brand, $0) }
            local.markets = []
            return local
        }
        let pages = self.pages.compactMap { page -> Page? in
            var local = page
            let translated = translate(.page, page.slug, title: &local.title, body: &local.body)
            if omit, !translated { return nil }
            local.slug = name(.page, page.slug)
            return local
        }

        var catalog = Catalog(
            site: localSite, brands: brands, products: products, promotions: promotions, pages: pages, categories: rootedCategories)
        catalog.pixelSizes = pixelSizes
        catalog.pictures = pictures
        catalog.imageUses = imageUses
        let productNames = renamed[.product] ?? [:]
        catalog.reviews = reviews.renamed(productNames, kept: keptProducts)
        var stock: [Slug: UInt64] = [:]
        for (slug, digest) in self.stock where keptProducts.contains(slug) { stock[productNames[slug] ?? slug] = digest }
        catalog.stock = stock
        catalog.localization = Localization(storefront: storefront, fallback: fallback, ownSlugs: ownSlugs)
        return catalog
    }
}
