public import CatalogModel
public import Foundation

/// Turns the catalog into HTML pages through the theme's templates. It reads no files and writes
/// none: it hands the builder a list of jobs.
public struct SiteRenderer: Sendable {
    public let catalog: Catalog
    public let templates: TemplateLibrary
    /// The build's clock: decides which promotions are active.
    public let now: Date
    private let shared = SharedParts()

    public init(catalog: Catalog, templates: TemplateLibrary, now: Date) {
        self.catalog = catalog
        self.templates = templates
        self.now = now
    }

    public func jobs() -> [OutputJob] {
        let brandRecords = Set(catalog.brands.map { Dependency.record(.brand, $0.slug) })
        let promotionRecords = Set(catalog.promotions.map { Dependency.record(.promotion, $0.slug) })
        var jobs: [OutputJob] = [
            job(Routes.home, "home", uses: brandRecords.union(promotionRecords)
                .union([.list(.brand), .list(.promotion), .list(.product)])) { $0.home() },
            job(Routes.brands, "brands", uses: brandRecords.union([.list(.brand)])) { $0.brandIndex() },
            job(Routes.promotions, "promotions", uses: promotionRecords.union([.list(.promotion)])) {
                $0.promotionIndex()
            },
            job(Routes.notFound, "not-found", root: catalog.site.basePath,
                uses: Set(catalog.brands.prefix(PageBuilder.notFoundBrandCount).map { .record(.brand, $0.slug) })
                    .union([.list(.brand)])) { $0.notFound() },
        ]
        for brand in catalog.brands {
            let products = catalog.productsByBrand[brand.slug, default: []]
            let pageCount = max(1, (products.count + catalog.site.productsPerPage - 1) / catalog.site.productsPerPage)
            // Every page of a brand shows the count and the pagination, so each depends on all its products.
            var uses = Set(products.map { Dependency.record(.product, $0.slug) })
            uses.insert(.record(.brand, brand.slug))
            uses.formUnion(promotionDependencies(catalog.promotions(for: brand)))
            for page in 1...pageCount {
                jobs.append(job(Routes.brand(brand.slug, page: page), "brand", uses: uses) {
                    $0.brandPage(brand, page: page, pageCount: pageCount)
                })
            }
        }
        for product in catalog.products {
            var uses: Set<Dependency> = [.record(.product, product.slug), .record(.brand, product.brand)]
            uses.formUnion(promotionDependencies(catalog.promotions(for: product)))
            jobs.append(job(Routes.product(product.slug), "product", uses: uses) { $0.productPage(product) })
        }
        for promotion in catalog.promotions {
            var uses: Set<Dependency> = [.record(.promotion, promotion.slug)]
            for slug in promotion.brands { uses.insert(.record(.brand, slug)) }
            for slug in promotion.products {
                uses.insert(.record(.product, slug))
                if let product = catalog.productBySlug[slug] { uses.insert(.record(.brand, product.brand)) }
            }
            jobs.append(job(Routes.promotion(promotion.slug), "promotion", uses: uses) { $0.promotionPage(promotion) })
        }
        for page in catalog.pages {
            jobs.append(job(Routes.page(page.slug), "page", uses: []) { $0.freePage(page) })
        }
        // Every page also depends on what the layout shows everywhere and on its templates.
        let shared = sharedDependencies
        var templateDependencies: [String: Set<Dependency>] = [:]
        for index in jobs.indices {
            let kind = jobs[index].kind
            if templateDependencies[kind] == nil {
                templateDependencies[kind] = Set(templates.closure(of: kind).map { .template($0) })
            }
            jobs[index].dependencies.formUnion(shared)
            jobs[index].dependencies.formUnion(templateDependencies[kind]!)
        }
        return jobs
    }

    /// What every page shows: the shop's settings, the header and footer (rendered from their
    /// templates for every page) and the footer's list of free pages. The footer's year is the
    /// one thing a page takes from the clock; a new year renders everything again.
    private var sharedDependencies: Set<Dependency> {
        Set(catalog.pages.map { .record(.page, $0.slug) }).union([.site, .list(.page)])
            .union(templates.closure(of: "partials/header").union(templates.closure(of: "partials/footer")).map {
                .template($0)
            })
    }

    /// Promotions a page shows or filters by status. Their status follows the clock, but no
    /// `.clock` here: an incremental build reports a promotion whose status changed as a change
    /// of that promotion, so pages are not rendered again merely because the time moved.
    private func promotionDependencies(_ promotions: [Promotion]) -> Set<Dependency> {
        Set(promotions.map { .record(.promotion, $0.slug) })
    }

    private func job(
        _ route: String, _ kind: String, root: String? = nil, uses: Set<Dependency>,
        _ build: @escaping @Sendable (PageBuilder) -> [String: Any]
    ) -> OutputJob {
        let file = Routes.file(for: route)
        let builder = PageBuilder(
            context: PageContext(
                catalog: catalog, now: now, root: root ?? Routes.relativeRoot(ofFile: file), templates: templates,
                shared: shared),
            route: route)
        let templates = self.templates
        let template = kind
        return OutputJob(path: file, category: .page, kind: kind, dependencies: uses) {
            templates.render(template, build(builder))
        }
    }
}
