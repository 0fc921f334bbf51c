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
        var jobs: [OutputJob] = [
            job(Routes.home, "home") { $0.home() },
            job(Routes.brands, "brands") { $0.brandIndex() },
            job(Routes.promotions, "promotions") { $0.promotionIndex() },
            job(Routes.deals, "deals") { $0.deals() },
            job(Routes.search, "search") { $0.searchPage() },
            job(Routes.notFound, "not-found", root: catalog.site.basePath) { $0.notFound() },
            job(Routes.bag, "bag") { $0.bag() },
            job(Routes.favourites, "favourites") { $0.favourites() },
        ]
        for brand in catalog.brands {
            let count = catalog.productsByBrand[brand.slug, default: []].count
            let pageCount = max(1, (count + catalog.site.productsPerPage - 1) / catalog.site.productsPerPage)
            for page in 1...pageCount {
                jobs.append(job(Routes.brand(brand.slug, page: page), "brand") {
                    $0.brandPage(brand, page: page, pageCount: pageCount)
                })
            }
        }
        for product in catalog.products {
            jobs.append(job(Routes.product(product.slug), "product") { $0.productPage(product) })
        }
        for promotion in catalog.promotions {
            jobs.append(job(Routes.promotion(promotion.slug), "promotion") { $0.promotionPage(promotion) })
        }
        for page in catalog.pages {
            jobs.append(job(Routes.page(page.slug), "page") { $0.freePage(page) })
        }
        return jobs
    }

    private func job(_ route: String, _ kind: String, root: String? = nil, _ build: @escaping @Sendable (PageBuilder) -> [String: Any])
        -> OutputJob
    {
        let file = Routes.file(for: route)
        let builder = PageBuilder(
            context: PageContext(
                catalog: catalog, now: now, root: root ?? Routes.relativeRoot(ofFile: file), templates: templates,
                shared: shared),
            route: route)
        let templates = self.templates
        let template = kind
        return OutputJob(path: file, category: .page, kind: kind) { templates.render(template, build(builder)) }
    }
}
