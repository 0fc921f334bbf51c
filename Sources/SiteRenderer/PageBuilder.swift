import CatalogModel
import ShopStrings
import TemplateEngine

/// The context of each page kind. One function per kind; they share `PageContext`.
struct PageBuilder: Sendable {
    let context: PageContext
    let route: String

    /// Read in place, as `PageContext.catalog`.
    var catalog: Catalog { _read { yield context.catalog } }
    var site: Site { _read { yield context.catalog.site } }
    var strings: ShopStrings { context.strings }

    func home() -> TemplateFields {
        var page = context.base(route: route, title: site.title, description: site.description, section: "home")
        page["activePromotions"] = catalog.promotions(withStatus: .active, at: context.now).map(context.promotionSummary)
        page["brands"] = catalog.brands.map(context.brandSummary)
        let shown = Self.homeProducts(in: catalog)
        page["featured"] = shown.featured.map(context.productCard(at:))
        page["newProducts"] = shown.new.map(context.productCard(at:))
        page["productCount"] = catalog.products.count
        page["shopAllText"] = strings("homeShopAll", count: catalog.products.count)
        page["feeds"] = context.promotionFeedLinks
        page["siteJSONLD"] = siteJSONLD()
        return page
    }

    /// The home page's `WebSite` with its search (a `SearchAction` into the search page's `q`)
    /// and the shop as an `Organization`, as search engines read a site's name and sitelinks box.
    private func siteJSONLD() -> String {
        var organization: [String: JSONValue] = [
            "@type": "Organization", "@id": .string(site.baseURL + "#organization"), "name": .string(site.title),
            "url": .string(site.baseURL), "logo": .string(site.assetURL(Routes.favicon)),
        ]
        if let description = site.description { organization["description"] = .string(description) }
        let graph: JSONValue = [
            "@context": "https://schema.org",
            "@graph": [
                [
                    "@type": "WebSite", "@id": .string(site.baseURL + "#website"), "name": .string(site.title),
                    "url": .string(site.baseURL), "publisher": ["@id": .string(site.baseURL + "#organization")],
                    "potentialAction": [
                        "@type": "SearchAction",
                        "target": [
                            "@type": "EntryPoint", "urlTemplate": .string(site.absoluteURL(Routes.search) + "?q={search_term_string}"),
                        ],
                        "query-input": "required name=search_term_string",
                    ],
                ],
                .object(organization),
            ],
        ]
        return graph.encoded(scriptSafe: true)
    }

    func brandIndex() -> TemplateFields {
        var page = context.base(
            route: route, title: strings("brands"),
            description: strings("brandsDescription", ["count": String(catalog.brands.count), "shop": site.title]), section: "brands")
        page["brands"] = catalog.brands.map(context.brandSummary)
        page["breadcrumbs"] = breadcrumbs([(strings("brands"), nil)])
        return page
    }

    func brandPage(_ brand: Brand, page number: Int, pageCount: Int) -> TemplateFields {
        let perPage = site.productsPerPage
        let slice = catalog.productsByBrand.records(of: brand.slug, droppingFirst: (number - 1) * perPage, limit: perPage)
        let title = number > 1 ? strings("brandPageTitle", ["brand": brand.title, "number": String(number)]) : brand.title
        let summary = brand.description.plainText.isEmpty
            ? strings("brandDescription", ["brand": brand.title, "shop": site.title]) : brand.description.plainText
        var page = context.base(route: route, title: title, description: summary, section: "brands")
        page["brand"] = brandDetail(brand)
        page["products"] = slice.map { context.productCard($0) }
        page["productCount"] = catalog.productsByBrand.count(of: brand.slug)
        page["productCountText"] = strings("productCount", count: catalog.productsByBrand.count(of: brand.slug))
        page["isFirstPage"] = number == 1
        page["pagination"] = pagination(page: number, pageCount: pageCount) { Routes.brand(brand.slug, page: $0) }
        page["breadcrumbs"] = breadcrumbs([(strings("brands"), Routes.brands), (brand.title, number > 1 ? Routes.brand(brand.slug) : nil)]
            + (number > 1 ? [(strings("paginationPage", ["number": String(number)]), nil)] : []))
        let promotions = catalog.promotions(for: brand).filter { $0.status(at: context.now) == .active }
        page["promotions"] = promotions.map(context.promotionSummary)
        if site.writes(.brandFeeds) {
            page["feeds"] = [
                context.feedLink(title: strings("feedBrandPromotionsRSS", ["brand": brand.title]), route: Routes.brandFeed(brand.slug))
            ]
        }
        return page
    }

    /// `related`: positions of the products shown beside it (`Catalog.relatedPositions`).
    func productPage(_ product: Product, related: [Int]) -> TemplateFields {
        let brand = catalog.brandBySlug[product.brand]!
        // The navigation follows the trail: a product filed under a category is in Categories.
        let section = catalog.primaryCategory(of: product) == nil ? "brands" : "categories"
        var page = context.base(route: route, title: product.name, description: product.detail.plainText, section: section)
        page["bagStringsJSON"] = context.bagStringsJSON(.product)
        // With variants, the price, image and Buy link at the top are the default variant's.
        let shown = product.shown
        let offers = offers(of: product)
        let quote = product.shownVariant.flatMap { chosen in offers.first { $0.variant.sku == chosen.sku }?.quote }
            ?? context.quote(shown)
        var item = context.productSummary(product, quote: quote)
        if product.hasVariants {
            item["price"] = context.price(quote.price, of: shown)
            item["listPrice"] = quote.isReduced ? context.price(quote.list, of: shown) : false
            item["availability"] = context.availabilityLabel(shown.availability)
            item["availabilityCode"] = shown.availability.rawValue
            item["inStock"] = shown.availability == .inStock
        }
        item["detailHTML"] = product.detail.html
        item["detailLang"] = context.fallbackLanguage(.product, product.slug, body: true)
        item["priceAmount"] = quote.price.decimalString
        item["currency"] = quote.price.currency.code
        // Present even when false, like the card's `listPrice`: a miss searches every context.
        item["saleEnds"] = quote.ends.map(context.dateText) ?? false
        item["saleEndsText"] = quote.ends.map { strings("productSaleUntil", ["date": context.dateText($0)]) } ?? false
        // The unit row only where the file names one: "Unit: ea" on a lipstick says nothing.
        item["priceUnit"] = product.statedPriceUnit ?? false
        context.addImage(shown.image ?? shown.thumbnail, as: "image", slot: PageContext.Slot.productImage, to: &item)
        // A variant's own codes are in the structured data and the feed; the facts list the product's.
        if let gtin = product.hasVariants ? product.gtin : shown.gtin { item["gtin"] = gtin }
        if let mpn = product.hasVariants ? product.mpn : shown.mpn { item["mpn"] = mpn }
        item["tags"] = product.tags
        if let buy = site.buyURL(sku: shown.sku), shown.availability.isPurchasable { item["buyURL"] = buy }
        // What bag.js stores for the bag and favourites: paths relative to the site root.
        item["priceMinorUnits"] = String(quote.price.minorUnits)
        item["path"] = Routes.product(product.slug)
        if let thumb = shown.thumbnail ?? shown.image {
            item["thumbnailPath"] = catalog.published(thumb, atLeast: PageContext.Slot.thumbnail.width).sitePath
        }
        item["extra"] = product.extra.mapValues(\.anyValue)
        item["promotions"] = catalog.promotionPositions(for: product)
            .filter { catalog.promotions[$0].status(at: context.now) == .active }
            .map { context.promotionSummary(at: $0, applied: catalog.promotions[$0].slug == quote.promotion?.slug) }
        if product.hasVariants {
            item["sku"] = shown.sku
            item["bagName"] = shown.name
            item["groupSKU"] = product.sku
            addVariants(of: product, offers: offers, to: &item)
        }
        item["unitPrice"] = site.unitPrice(of: quote.price, netContent: shown.netContent)?.formatted(locale: site.locale) ?? false
        if let content = shown.netContent { item["netContent"] = content.text }
        // Typed as the engine reads it: another dictionary type is converted on every lookup.
        if !related.isEmpty { page["related"] = ["products": related.map(context.productCard(at:))] as TemplateFields }
        let gallery = gallery(of: product, shown: shown.image ?? shown.thumbnail)
        if !gallery.isEmpty { item["gallery"] = ["pictures": gallery] as TemplateFields }
        if let shipping = shippingRates(for: quote.price) { item["shipping"] = shipping }
        let reviews = shownReviews(of: product)
        item["reviews"] = reviews.map { reviewSection($0, of: product) } ?? false
        page["product"] = item
        page["brand"] = context.brandSummary(brand)
        // The steps above the product are those of its category, or of its brand: made once per
        // folder depth with their structured data, and the product's own step added to them.
        let trail: BreadcrumbTrail
        if let category = catalog.primaryCategory(of: product) {
            trail = context.tables.categoryTrails.value(for: category.slug) {
                BreadcrumbTrail(breadcrumbs(
                    [(strings("categories"), Routes.categories)] + catalog.path(to: category).map { ($0.title, Routes.category($0.slug)) }))
            }
        } else {
            trail = context.tables.brandTrails.value(for: brand.slug) {
                BreadcrumbTrail(breadcrumbs([(strings("brands"), Routes.brands), (brand.title, Routes.brand(brand.slug))]))
            }
        }
        let absoluteURL = site.absoluteURL(route)
        page["breadcrumbs"] = trail.items + [Self.currentStep(product.name, absoluteURL: absoluteURL)]
        page["breadcrumbsJSONLD"] = trail.jsonLD(endingWith: product.name, absoluteURL: absoluteURL)
        page["jsonLD"] = ProductJSONLD.make(
            product, quote: quote, offers: offers, brand: brand, catalog: catalog, url: absoluteURL, reviews: reviews)
        page["openGraph"] = openGraph(
            type: "product", title: product.name, image: context.absoluteImageURL(shown.image ?? shown.thumbnail),
            extra: [
                ("product:price:amount", quote.price.decimalString),
                ("product:price:currency", quote.price.currency.code),
            ])
        return page
    }

    func promotionIndex() -> TemplateFields {
        var page = context.base(
            route: route, title: strings("promotions"), description: strings("promotionsDescription", ["shop": site.title]),
            section: "promotions")
        let now = context.now
        page["active"] = catalog.promotions(withStatus: .active, at: now).map(context.promotionSummary)
        page["upcoming"] = catalog.promotions(withStatus: .upcoming, at: now).map(context.promotionSummary)
        page["expired"] = catalog.promotions(withStatus: .expired, at: now).map(context.promotionSummary)
        page["breadcrumbs"] = breadcrumbs([(strings("promotions"), nil)])
        page["feeds"] = context.promotionFeedLinks
        return page
    }

    func promotionPage(_ promotion: Promotion) -> TemplateFields {
        var page = context.base(route: route, title: promotion.title, description: promotion.content.plainText, section: "promotions")
        var item = context.promotionSummary(promotion)
        item["contentHTML"] = promotion.content.html
        item["contentLang"] = context.fallbackLanguage(.promotion, promotion.slug, body: true)
        item["brands"] = promotion.brands.compactMap { catalog.brandBySlug[$0] }.map(context.brandSummary)
        item["products"] = promotion.products.compactMap { catalog.productBySlug[$0] }.map { context.productCard($0) }
        item["stores"] = promotion.stores.map { store -> TemplateFields in
            var s: TemplateFields = [
                "name": store.name, "latitude": String(store.latitude), "longitude": String(store.longitude),
            ]
            if let address = store.address { s["address"] = address }
            return s
        }
        item["extra"] = promotion.extra.mapValues(\.anyValue)
        page["promotion"] = item
        page["breadcrumbs"] = breadcrumbs([(strings("promotions"), Routes.promotions), (promotion.title, nil)])
        page["openGraph"] = openGraph(type: "website", title: promotion.title, image: context.absoluteImageURL(promotion.image))
        return page
    }

    func freePage(_ free: Page) -> TemplateFields {
        var page = context.base(route: route, title: free.title, description: free.body.plainText, section: free.slug.rawValue)
        page["bodyHTML"] = free.body.html
        page["titleLang"] = context.fallbackLanguage(.page, free.slug)
        page["bodyLang"] = context.fallbackLanguage(.page, free.slug, body: true)
        page["extra"] = free.extra.mapValues(\.anyValue)
        page["breadcrumbs"] = breadcrumbs([(free.title, nil)])
        return page
    }

    /// How many brands the not-found page suggests.
    static let notFoundBrandCount = 12

    /// The bag: rendered empty, filled in the browser by bag.js from localStorage. Checkout goes to
    /// the service as a plain GET of `<checkoutURL>cart/<sku>:<qty>,…`, the same link as Buy.
    func bag() -> TemplateFields {
        var page = context.base(route: route, title: strings("bagTitle"), description: nil, section: "bag")
        if let checkout = checkoutBase { page["checkoutURL"] = checkout }
        page["formatsJSON"] = priceFormatsJSON()
        page["breadcrumbs"] = breadcrumbs([(strings("bagTitle"), nil)])
        return page
    }

    func favourites() -> TemplateFields {
        var page = context.base(route: route, title: strings("favouritesTitle"), description: nil, section: "favourites")
        page["canBuy"] = site.checkoutURL != nil
        page["formatsJSON"] = priceFormatsJSON()
        page["breadcrumbs"] = breadcrumbs([(strings("favouritesTitle"), nil)])
        return page
    }

    /// Where checkout sends the shopper after paying, with `?session_id=<id>`: rendered without the
    /// order, which `order.js` asks the checkout service for (`CheckoutRoute.order`, a cross-origin
    /// request the service allows for the site: `ordersURL` is its path without the id) and shows;
    /// it empties the bag once the payment is made. Its texts are the template's, handed to the
    /// script as attributes.
    func checkoutSuccess() -> TemplateFields {
        var page = context.base(route: route, title: strings("orderThankYou"), description: nil, section: "checkout")
        page["noindex"] = true
        page["ordersURL"] = (checkoutBase ?? "") + CheckoutRoute.order.path("")
        page["orderScriptURL"] = context.assetRoot + Routes.orderScript
        page["bagURL"] = context.url(Routes.bag)
        return page
    }

    /// Where checkout sends the shopper who turned back: nothing was charged and the bag is as it was.
    func checkoutCancelled() -> TemplateFields {
        var page = context.base(route: route, title: strings("paymentCancelled"), description: nil, section: "checkout")
        page["noindex"] = true
        page["bagURL"] = context.url(Routes.bag)
        return page
    }

    /// `checkoutURL` ending in `/`, as the pages' scripts add the service's paths to it.
    private var checkoutBase: String? {
        site.checkoutURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// How each of the catalog's currencies is printed in the site's locale, for the bag's totals.
    private func priceFormatsJSON() -> String {
        let currencies = Set(catalog.products.map(\.price.currency)).union([site.currency])
        let formats = currencies.map { currency -> (String, JSONValue) in
            let parts = Money.formatParts(currency: currency, locale: site.locale)
            return (currency.code, [
                "prefix": .string(parts.prefix), "suffix": .string(parts.suffix), "negativePrefix": .string(parts.negativePrefix),
                "negativeSuffix": .string(parts.negativeSuffix), "decimal": .string(parts.decimalSeparator),
                "digits": .int(parts.fractionDigits), "group": .string(parts.groupingSeparator),
                "primary": .int(parts.primaryGrouping), "secondary": .int(parts.secondaryGrouping),
                "groupsFour": .bool(parts.groupsFourDigits), "numerals": .string(parts.numerals),
            ])
        }
        return JSONValue.object(Dictionary(formats, uniquingKeysWith: { first, _ in first })).encoded()
    }

    func notFound() -> TemplateFields {
        var page = context.base(route: route, title: strings("notFoundTitle"), description: nil, section: "")
        page["brands"] = catalog.brands.prefix(Self.notFoundBrandCount).map(context.brandSummary)
        return page
    }

    // MARK: Parts

    private func brandDetail(_ brand: Brand) -> TemplateFields {
        var item = context.brandSummary(brand)
        item["descriptionHTML"] = brand.description.html
        item["descriptionLang"] = context.fallbackLanguage(.brand, brand.slug, body: true)
        item["logoAlt"] = strings("brandLogo", ["brand": brand.title])
        item["websiteText"] = strings("brandWebsite", ["brand": brand.title])
        if let website = brand.website { item["website"] = website }
        item["extra"] = brand.extra.mapValues(\.anyValue)
        return item
    }

    /// Home, then each step; the last is the current page and has no link.
    func breadcrumbs(_ steps: [(String, String?)]) -> [TemplateFields] {
        var items: [TemplateFields] = [["title": strings("breadcrumbHome"), "url": context.url(""), "absoluteURL": site.absoluteURL("")]]
        for (title, route) in steps {
            guard let route else {
                items.append(Self.currentStep(title, absoluteURL: site.absoluteURL(self.route)))
                continue
            }
            items.append(["title": title, "absoluteURL": site.absoluteURL(route), "url": context.url(route)])
        }
        return items
    }

    /// The trail's last step, the page itself: not a link.
    static func currentStep(_ title: String, absoluteURL: String) -> TemplateFields {
        ["title": title, "absoluteURL": absoluteURL, "current": true]
    }

    /// schema.org `BreadcrumbList` of the trail a page shows, for search engines' result paths.
    /// Written member by member: every page has one, and building and sorting a tree of small
    /// objects for it was 3 % of a 10,000-product build.
    static func breadcrumbJSONLD(_ items: [TemplateFields]) -> String {
        String(decoding: breadcrumbJSONLDBytes(items), as: UTF8.self)
    }

    static func breadcrumbJSONLDBytes(_ items: [TemplateFields]) -> [UInt8] {
        var writer = JSONObjectWriter(capacity: 128 + 160 * items.count, scriptSafe: true)
        writer.string("@context", "https://schema.org")
        writer.string("@type", "BreadcrumbList")
        writer.objects("itemListElement", Array(items.indices)) { element, index in
            breadcrumbElement(
                title: items[index]["title"] as? String ?? "", absoluteURL: items[index]["absoluteURL"] as? String ?? "",
                position: index + 1, into: &element)
        }
        return writer.finish()
    }

    /// One step of the `BreadcrumbList`, as `breadcrumbJSONLD` and `BreadcrumbTrail` write it.
    static func breadcrumbElement(title: String, absoluteURL: String, position: Int, into element: inout JSONObjectWriter) {
        element.string("@type", "ListItem")
        element.string("item", absoluteURL)
        element.string("name", title)
        element.int("position", Int64(position))
    }

    /// Previous, next and a window of page numbers around the current one; `route` gives page n's route.
    func pagination(page: Int, pageCount: Int, route: (Int) -> String) -> TemplateFields? {
        guard pageCount > 1 else { return nil }
        var numbers: [TemplateFields] = []
        var last = 0
        for n in 1...pageCount where n == 1 || n == pageCount || abs(n - page) <= 2 {
            if n - last > 1 { numbers.append(["gap": true]) }
            numbers.append(["number": n, "url": context.url(route(n)), "current": n == page])
            last = n
        }
        var result: TemplateFields = ["pages": numbers, "page": page, "pageCount": pageCount]
        if page > 1 { result["previousURL"] = context.url(route(page - 1)) }
        if page < pageCount { result["nextURL"] = context.url(route(page + 1)) }
        return result
    }

    private func openGraph(type: String, title: String, image: String?, extra: [(String, String)] = []) -> String {
        var tags: [(String, String)] = [
            ("og:type", type), ("og:title", title), ("og:url", site.absoluteURL(route)), ("og:site_name", site.title),
        ]
        if let image { tags.append(("og:image", image)) }
        return PageContext.metaTags(tags + extra)
    }
}
