public import BuildEngine
public import CatalogModel
public import Foundation
import ShopStrings
import TemplateEngine

/// Turns the catalog into HTML pages through the theme's templates. It reads no files and writes
/// none: it hands the builder a list of jobs.
public struct SiteRenderer: Sendable {
    public let catalog: Catalog
    public let templates: TemplateLibrary
    /// The build's clock: decides which promotions are active.
    public let now: Date
    /// The language every page's text is in (`en`, `ko`): the theme's string table of that name,
    /// falling back to English message by message.
    public let language: String
    private let shared: SharedParts
    /// Shown each page's kind and context before it is rendered: how `vitrine check` learns the
    /// names a page kind provides. Nil in a build.
    let inspect: (@Sendable (_ kind: String, _ context: TemplateFields) -> Void)?

    /// `language` is given, not read from the site here: a storefront's language will be passed
    /// the same way (`language(of:)` is the site's own).
    public init(catalog: Catalog, templates: TemplateLibrary, now: Date, language: String) {
        self.init(catalog: catalog, templates: templates, now: now, language: language, inspect: nil)
    }

    /// A storefront's renderer: its pages link their versions in the other storefronts, read from
    /// `alternates` (filled once every storefront is planned) as storefront `index`.
    public init(
        catalog: Catalog, templates: TemplateLibrary, now: Date, language: String, alternates: PageAlternates, index: Int
    ) {
        self.init(catalog: catalog, templates: templates, now: now, language: language, inspect: nil, alternates: (alternates, index))
    }

    init(
        catalog: Catalog, templates: TemplateLibrary, now: Date, language: String,
        inspect: (@Sendable (String, TemplateFields) -> Void)?, alternates: (PageAlternates, Int)? = nil
    ) {
        self.catalog = catalog
        self.templates = templates
        self.now = now
        self.language = language
        self.inspect = inspect
        shared = SharedParts(catalog: catalog, now: now, templates: templates, strings: templates.strings(in: language))
        shared.alternates = alternates.map { (table: $0.0, index: $0.1) }
    }

    /// The language of the site's `locale`: `en_US` → `en`.
    public static func language(of site: Site) -> String {
        ShopStrings.language(ofLocale: site.locale)
    }

    /// Every page's job; with `only`, just the jobs for those output paths (the preview's quick
    /// path re-renders a few pages without planning ten thousand).
    public func jobs(only: Set<String>? = nil) -> [OutputJob] {
        func wants(_ route: String) -> Bool { only?.contains(Routes.file(for: route)) ?? true }
        let brandRecords: Set<Dependency> = [.records(.brand)]
        let promotionRecords: Set<Dependency> = [.records(.promotion)]
        var jobs: [OutputJob] = []
        if wants(Routes.home) {
            // Its product cards print their quotes and brands; which products they are follows the list.
            let catalog = catalog
            let shownProducts = Lazy {
                let shown = PageBuilder.homeProducts(in: catalog)
                var uses: Set<Dependency> = []
                for product in (shown.featured + shown.new).map({ catalog.products[$0] }) {
                    uses.insert(.record(.product, product.slug))
                    uses.insert(.record(.brand, product.brand))
                    uses.formUnion(catalog.quoteDependencies(for: product))
                }
                return uses
            }
            jobs.append(job(Routes.home, "home", uses: brandRecords.union(promotionRecords).union(shownProducts.value)
                .union([.list(.brand), .list(.promotion), .list(.product)])) { $0.home() }.large())
        }
        if wants(Routes.brands) {
            jobs.append(job(Routes.brands, "brands", uses: brandRecords.union([.list(.brand)])) { $0.brandIndex() })
        }
        if wants(Routes.promotions) {
            jobs.append(job(Routes.promotions, "promotions", uses: promotionRecords.union([.list(.promotion)])) {
                $0.promotionIndex()
            }.large())
        }
        if wants(Routes.deals) {
            // The active promotions that have stores.
            jobs.append(job(Routes.deals, "deals", uses: promotionRecords.union([.list(.promotion)])) { $0.deals() })
        }
        if wants(Routes.search) {
            // The form lists every brand and says how many products there are.
            let categoryRecords: Set<Dependency> = [.records(.category)]
            jobs.append(job(Routes.search, "search", uses: brandRecords.union(categoryRecords).union([.list(.brand), .list(.product), .list(.category)])) {
                $0.searchPage()
            })
        }
        if wants(Routes.notFound) {
            jobs.append(job(Routes.notFound, "not-found", root: catalog.site.basePath,
                uses: Set(catalog.brands.prefix(PageBuilder.notFoundBrandCount).map { .record(.brand, $0.slug) })
                    .union([.list(.brand)])) { $0.notFound() })
        }
        if wants(Routes.bag) {
            // Empty until bag.js fills it; the price formats come from the catalog's currencies.
            jobs.append(job(Routes.bag, "bag", uses: [.list(.product)]) { $0.bag() })
        }
        if wants(Routes.favourites) {
            jobs.append(job(Routes.favourites, "favourites", uses: [.list(.product)]) { $0.favourites() })
        }
        // Where checkout sends the shopper back: only a shop that takes orders has them. What they
        // show comes from the site's settings (every page depends on them) and the browser.
        if catalog.site.checkoutURL != nil {
            if wants(Routes.checkoutSuccess) {
                jobs.append(job(Routes.checkoutSuccess, "checkout-success", uses: []) { $0.checkoutSuccess() })
            }
            if wants(Routes.checkoutCancelled) {
                jobs.append(job(Routes.checkoutCancelled, "checkout-cancelled", uses: []) { $0.checkoutCancelled() })
            }
        }
        for brand in catalog.brands {
            let pageCount = pageCount(ofListing: catalog.productsByBrand.count(of: brand.slug))
            let pages = (1...pageCount).filter { wants(Routes.brand(brand.slug, page: $0)) }
            if pages.isEmpty { continue }
            // Every page of a brand shows the count and the pagination, so each depends on all its
            // products; its cards print their quotes, and it shows the promotions naming the brand
            // or one of its products, which are the quotes' promotions.
            let catalog = catalog
            let uses = Lazy {
                var uses: Set<Dependency> = [.record(.brand, brand.slug)]
                for product in catalog.productsByBrand[brand.slug, default: []] { uses.formUnion(catalog.quoteDependencies(for: product)) }
                for promotion in catalog.promotions(for: brand) { uses.insert(.record(.promotion, promotion.slug)) }
                return uses
            }
            for page in pages {
                jobs.append(job(Routes.brand(brand.slug, page: page), "brand", uses: uses.value) {
                    $0.brandPage(brand, page: page, pageCount: pageCount)
                })
            }
        }
        jobs += categoryJobs(wants: wants)
        // Jobs name a product or promotion by its number in the catalog rather than hold a copy of it.
        let shared = self.shared
        for (number, product) in catalog.products.enumerated() where wants(Routes.product(product.slug)) {
            // The promotions it lists are those its quote reads. Its related products are chosen
            // where they are read, on the workers: chosen while planning, they were a tenth of the
            // plan at 100,000 products, on one core.
            jobs.append(job(
                Routes.product(product.slug), "product",
                uses: Self.productPageInputs(shared.catalog.products[number], in: shared.catalog)
            ) { $0.productPage(shared.catalog.products[number], related: shared.catalog.relatedPositions(to: shared.catalog.products[number])) })
        }
        for (number, promotion) in catalog.promotions.enumerated() where wants(Routes.promotion(promotion.slug)) {
            jobs.append(job(
                Routes.promotion(promotion.slug), "promotion",
                uses: Self.promotionPageInputs(shared.catalog.promotions[number], in: shared.catalog)
            ) { $0.promotionPage($0.context.catalog.promotions[number]) })
        }
        for page in catalog.pages where wants(Routes.page(page.slug)) {
            jobs.append(job(Routes.page(page.slug), "page", uses: []) { $0.freePage(page) })
        }
        // Every page also depends on what the layout shows everywhere and on its templates.
        let layoutDependencies = sharedDependencies
        var templateDependencies: [String: Set<Dependency>] = [:]
        for index in jobs.indices {
            let kind = jobs[index].kind
            if templateDependencies[kind] == nil {
                templateDependencies[kind] = Set(templates.closure(of: kind).map { .template($0) })
            }
            jobs[index].addDependencies(layoutDependencies)
            jobs[index].addDependencies(templateDependencies[kind]!)
        }
        return jobs
    }

    /// Pages that show promotions depend on those promotions' records. Their status follows the
    /// clock, but there is no `.clock` here: an incremental build reports a promotion whose status
    /// changed as a change of that promotion, so pages are not rendered again merely because the
    /// time moved.
    ///
    /// What every page shows: the shop's settings, the header and footer (rendered from their
    /// templates for every page) and the footer's list of free pages. The footer's year is the
    /// one thing a page takes from the clock; a new year renders everything again.
    private var sharedDependencies: Set<Dependency> {
        // A shop with categories has them in its navigation; the first or last one changes every page.
        Set([.records(.page), .site, .list(.page)])
            .union(catalog.categories.isEmpty ? [] : [.list(.category)])
            .union(templates.closure(of: "partials/header").union(templates.closure(of: "partials/footer")).map {
                .template($0)
            })
    }



    private static func productPageInputs(_ product: Product, in catalog: Catalog) -> Set<Dependency> {
        var uses = catalog.quoteDependencies(for: product)
        uses.insert(.record(.brand, product.brand))
        // The breadcrumb follows the first category up to the root.
        if let category = catalog.primaryCategory(of: product) {
            for step in catalog.path(to: category) { uses.insert(.record(.category, step.slug)) }
        }
        if !product.categories.isEmpty { uses.insert(.list(.category)) }
        // Its related products: which they are follows the products of its brand, categories and
        // tags (their order and whether they can be bought), and their cards their quotes.
        for group in product.relatedGroups { uses.insert(.productGroup(group)) }
        for other in catalog.relatedPositions(to: product).map({ catalog.products[$0] }) {
            uses.insert(.record(.brand, other.brand))
            uses.formUnion(catalog.quoteDependencies(for: other))
        }
        return uses
    }

    /// Pages of a listing of `products` products: at least one, even when it is empty.
    private func pageCount(ofListing products: Int) -> Int {
        max(1, (products + catalog.site.productsPerPage - 1) / catalog.site.productsPerPage)
    }

    /// The category tree and each category's pages: a category page lists the products of the
    /// category and its descendants (whose quotes its cards print), its sub-categories, and its
    /// trail up to the root.
    private func categoryJobs(wants: (String) -> Bool) -> [OutputJob] {
        guard !catalog.categories.isEmpty else { return [] }
        var jobs: [OutputJob] = []
        let categoryRecords: Set<Dependency> = [.records(.category)]
        if wants(Routes.categories) {
            jobs.append(job(Routes.categories, "categories", uses: categoryRecords.union([.list(.category), .list(.product)])) {
                $0.categoryIndex()
            })
        }
        for category in catalog.categories {
            let pageCount = pageCount(ofListing: catalog.productsByCategory.count(of: category.slug))
            let pages = (1...pageCount).filter { wants(Routes.category(category.slug, page: $0)) }
            if pages.isEmpty { continue }
            let catalog = catalog
            let uses = Lazy {
                var uses: Set<Dependency> = [.list(.category), .list(.product)]
                for step in catalog.path(to: category) { uses.insert(.record(.category, step.slug)) }
                for child in catalog.children(of: category) { uses.insert(.record(.category, child.slug)) }
                for product in catalog.productsByCategory[category.slug, default: []] {
                    uses.formUnion(catalog.quoteDependencies(for: product))
                    uses.insert(.record(.brand, product.brand))
                }
                return uses
            }
            for page in pages {
                jobs.append(job(Routes.category(category.slug, page: page), "category", uses: uses.value) {
                    $0.categoryPage(category, page: page, pageCount: pageCount)
                })
            }
        }
        return jobs
    }

    private static func promotionPageInputs(_ promotion: Promotion, in catalog: Catalog) -> Set<Dependency> {
        var uses: Set<Dependency> = [.record(.promotion, promotion.slug)]
        for slug in promotion.brands { uses.insert(.record(.brand, slug)) }
        for slug in promotion.products {
            uses.insert(.record(.product, slug))
            // Its card prints the product's quote, which other promotions may lower.
            if let product = catalog.productBySlug[slug] {
                uses.insert(.record(.brand, product.brand))
                uses.formUnion(catalog.quoteDependencies(for: product))
            }
        }
        return uses
    }

    private func job(
        _ route: String, _ kind: String, root: String? = nil, uses: @autoclosure @escaping @Sendable () -> Set<Dependency>,
        _ build: @escaping @Sendable (PageBuilder) -> TemplateFields
    ) -> OutputJob {
        let file = Routes.file(for: route)
        let builder = PageBuilder(context: PageContext(shared: shared, root: root ?? Routes.relativeRoot(ofFile: file)), route: route)
        let inspect = inspect
        return OutputJob(path: file, category: .page, kind: kind, dependencies: uses()) {
            var page = build(builder)
            // Wherever a page shows a breadcrumb trail, search engines get it as structured data.
            if page["breadcrumbsJSONLD"] == nil, let trail = page["breadcrumbs"] as? [TemplateFields] {
                page["breadcrumbsJSONLD"] = PageBuilder.breadcrumbJSONLD(trail)
            }
            inspect?(kind, page)
            return builder.context.templates.renderData(kind, page)
        }
    }
}
