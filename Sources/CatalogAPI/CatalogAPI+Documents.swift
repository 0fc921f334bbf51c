import BuildEngine
public import CatalogModel
import Foundation

/// The documents, one function per file kind. Each is plain values; `jobs()` encodes them.
extension CatalogAPI {
    public func siteDocument() -> SiteDocument {
        SiteDocument(
            title: site.title, description: site.description, baseURL: site.baseURL, currency: site.currency.code,
            locale: site.locale,
            counts: .init(
                brands: catalog.brands.count, products: catalog.products.count, promotions: catalog.promotions.count,
                pages: catalog.pages.count),
            version: CatalogFingerprint.sha256(of: catalog),
            links: .init(
                home: absolute(Routes.home), brands: absolute(APIRoutes.brands), promotions: absolute(APIRoutes.promotions),
                deals: absolute(Routes.deals), schemas: absolute(APIRoutes.schemaIndex)))
    }

    public func schemaIndex() -> SchemaIndexDocument {
        SchemaIndexDocument(
            schemas: SchemaFiles.all().map { file in
                SchemaIndexDocument.Entry(
                    name: file.name, title: file.schema["title"]?.stringValue ?? file.name,
                    url: absolute(APIRoutes.schema(file.name)))
            })
    }

    public func brandList() -> BrandListDocument {
        BrandListDocument(
            total: catalog.brands.count,
            brands: catalog.brands.map { brand in
                BrandListDocument.Entry(
                    slug: brand.slug.rawValue, title: brand.title, country: brand.country,
                    logo: brand.logo.map { site.assetURL($0.sitePath) }, url: absolute(Routes.brand(brand.slug)),
                    productCount: catalog.productsByBrand.count(of: brand.slug),
                    products: absolute(APIRoutes.brandProducts(brand.slug, page: 1)))
            })
    }

    /// Page `page` (from 1) of a brand's products by name.
    public func brandProducts(_ brand: Brand, page: Int) -> BrandProductsDocument {
        let total = catalog.productsByBrand.count(of: brand.slug)
        let pageCount = Self.pageCount(forProducts: total)
        return BrandProductsDocument(
            brand: brandLink(brand), page: page, pageCount: pageCount, perPage: Self.productsPerPage,
            total: total,
            next: page < pageCount ? absolute(APIRoutes.brandProducts(brand.slug, page: page + 1)) : nil,
            previous: page > 1 ? absolute(APIRoutes.brandProducts(brand.slug, page: page - 1)) : nil,
            products: products(of: brand, page: page).map(productSummary))
    }

    public func productDocument(_ product: Product) -> ProductDocument {
        // The brand's link made once per build, not once for each of its products.
        let brand = catalog.brandBySlug.position(of: product.brand).map { brandLinks.value[$0] }
        // With variants, the top-level price and availability are those of the variant the page shows first.
        let shown = product.shown
        let quote = catalog.quote(for: shown, at: now)
        var document = ProductDocument(
            slug: product.slug.rawValue, sku: product.sku, name: product.name,
            brand: brand
                ?? BrandLink(
                    slug: product.brand.rawValue, title: product.brand.rawValue, url: absolute(Routes.brand(product.brand)),
                    products: absolute(APIRoutes.brandProducts(product.brand, page: 1))),
            price: price(quote.price, unit: product.priceUnit),
            listPrice: quote.isReduced ? price(quote.list, unit: product.priceUnit) : nil, sale: SaleDocument(quote),
            availability: shown.availability.rawValue,
            thumbnail: product.thumbnail.map { site.assetURL($0.sitePath) }, image: product.image.map { site.assetURL($0.sitePath) },
            gtin: product.gtin, mpn: product.mpn, tags: product.tags, date: product.date?.rfc3339,
            detail: TextDocument(html: product.detail.html, text: product.detail.plainText),
            url: absolute(Routes.product(product.slug)), api: absolute(APIRoutes.product(product.slug)),
            buyURL: shown.availability.isPurchasable ? site.buyURL(sku: shown.sku) : nil,
            // A closure, not `promotionLink` itself: a method used as a value captured a copy of the API.
            promotions: catalog.promotions(for: product).filter { $0.status(at: now) == .active }.map { promotionLink($0) })
        if !product.images.isEmpty { document.images = product.images.map { site.assetURL($0.sitePath) } }
        document.rating = rating(of: product.slug)
        document.netContent = product.netContent?.text
        document.unitPrice = unitPrice(quote.price, of: shown)
        if product.hasVariants {
            document.options = product.options
            document.variants = product.variants.map { variant in
                let item = product.buyable(variant)
                let quote = catalog.quote(for: item, at: now)
                return VariantDocument(
                    sku: variant.sku,
                    options: Dictionary(uniqueKeysWithValues: product.optionValues(of: variant).map { ($0.name, $0.value) }),
                    price: price(quote.price, unit: item.priceUnit),
                    listPrice: quote.isReduced ? price(quote.list, unit: item.priceUnit) : nil,
                    availability: item.availability.rawValue, gtin: item.gtin, mpn: item.mpn,
                    image: variant.image.map { site.assetURL($0.sitePath) }, netContent: item.netContent?.text,
                    unitPrice: unitPrice(quote.price, of: item),
                    buyURL: item.availability.isPurchasable ? site.buyURL(sku: variant.sku) : nil,
                    url: absolute(Routes.product(product.slug)) + "?variant=" + variant.sku)
            }
        }
        let categories = product.categories.compactMap { catalog.categoryBySlug[$0] }
        if !categories.isEmpty {
            document.categories = categories.map { category in
                CategoryLink(
                    slug: category.slug.rawValue, title: category.title, url: absolute(Routes.category(category.slug)),
                    path: catalog.path(to: category).map(\.title))
            }
        }
        if !site.shipping.isEmpty {
            document.shipping = site.shipping.map { rate in
                ShippingDocument(
                    country: rate.country, service: rate.service,
                    price: price(rate.cost(forItemPriced: quote.price), unit: "order"),
                    freeOver: rate.freeOver.map { price($0, unit: "ea") }, minDays: rate.minDays, maxDays: rate.maxDays)
            }
        }
        return document
    }

    func unitPrice(_ money: Money, of item: Product) -> UnitPriceDocument? {
        guard let unit = site.unitPrice(of: money, netContent: item.netContent) else { return nil }
        return UnitPriceDocument(
            price: price(unit.price, unit: unit.base.text), measure: unit.measure.text, base: unit.base.text,
            formatted: unit.formatted(locale: site.locale))
    }

    public func promotionList() -> PromotionListDocument {
        let listed = catalog.promotions(withStatus: .active, at: now) + catalog.promotions(withStatus: .upcoming, at: now)
        return PromotionListDocument(
            asOf: Timestamp.rfc3339(now),
            promotions: listed.map { promotion in
                PromotionListDocument.Entry(
                    slug: promotion.slug.rawValue, title: promotion.title, status: promotion.status(at: now).rawValue,
                    starts: promotion.starts.rfc3339, ends: promotion.ends?.rfc3339,
                    discountPercent: promotion.discountPercent, code: promotion.code,
                    image: promotion.image.map { site.assetURL($0.sitePath) }, url: absolute(Routes.promotion(promotion.slug)),
                    content: TextDocument(html: promotion.content.html, text: promotion.content.plainText),
                    appliesTo: .init(
                        brands: promotion.brands.compactMap { catalog.brandBySlug[$0] }.map { brandLink($0) },
                        products: promotion.products.compactMap { catalog.productBySlug[$0] }.map { productLink($0) }),
                    stores: promotion.stores.map {
                        StoreDocument(name: $0.name, address: $0.address, latitude: $0.latitude, longitude: $0.longitude)
                    })
            })
    }

    // MARK: Parts

    func brandLink(_ brand: Brand) -> BrandLink { Self.link(to: brand, site: site) }

    static func link(to brand: Brand, site: Site) -> BrandLink {
        BrandLink(
            slug: brand.slug.rawValue, title: brand.title, url: site.absoluteURL(Routes.brand(brand.slug)),
            products: site.absoluteURL(APIRoutes.brandProducts(brand.slug, page: 1)))
    }

    func productLink(_ product: Product) -> ProductLink {
        ProductLink(
            slug: product.slug.rawValue, name: product.name, url: absolute(Routes.product(product.slug)),
            api: absolute(APIRoutes.product(product.slug)))
    }

    func productSummary(_ product: Product) -> ProductSummaryDocument {
        let span = product.hasVariants ? catalog.priceSpan(for: product, at: now) : nil
        let quote = span?.lowest ?? catalog.quote(for: product, at: now)
        var summary = ProductSummaryDocument(
            slug: product.slug.rawValue, sku: product.sku, name: product.name, price: price(quote.price, unit: product.priceUnit),
            listPrice: quote.isReduced ? price(quote.list, unit: product.priceUnit) : nil, sale: SaleDocument(quote),
            availability: (span?.availability ?? product.availability).rawValue,
            thumbnail: (product.thumbnail ?? product.image).map { site.assetURL($0.sitePath) },
            url: absolute(Routes.product(product.slug)), api: absolute(APIRoutes.product(product.slug)))
        summary.rating = rating(of: product.slug)
        if let span {
            summary.variantCount = product.variants.count
            if span.pricesDiffer { summary.highestPrice = price(span.highest.price, unit: product.priceUnit) }
        }
        return summary
    }

    func promotionLink(_ promotion: Promotion) -> PromotionLink {
        PromotionLink(
            slug: promotion.slug.rawValue, title: promotion.title, url: absolute(Routes.promotion(promotion.slug)),
            starts: promotion.starts.rfc3339, ends: promotion.ends?.rfc3339,
            discountPercent: promotion.discountPercent, code: promotion.code)
    }

    func price(_ money: Money, unit: String) -> PriceDocument {
        PriceDocument(money, unit: unit, locale: site.locale)
    }
}
