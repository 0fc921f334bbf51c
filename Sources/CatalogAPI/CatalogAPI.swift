public import BuildEngine
public import CatalogModel
public import Foundation

/// The catalog as static JSON under `api/v1/`, for the shop's apps, and the JSON Schemas of the
/// content files and of every response, for editors and for app developers. Like the page
/// renderer, it reads no files and writes none: it hands the builder a list of jobs.
public struct CatalogAPI: Sendable {
    /// Products per page of a brand's product list; apps page through with `next`.
    public static let productsPerPage = 100

    public let catalog: Catalog
    /// The build clock: which promotions apply "now".
    public let now: Date

    /// Every brand's link, by position in the catalog, made when a document first names one:
    /// each product document names its brand, and making the brand's two URLs again for each of
    /// its products was a third of a product document's own time.
    let brandLinks: Lazy<[BrandLink]>

    public init(catalog: Catalog, now: Date) {
        self.catalog = catalog
        self.now = now
        let site = catalog.site, brands = catalog.brands
        brandLinks = Lazy { brands.map { Self.link(to: $0, site: site) } }
    }

    /// Read in place (`_read`): a getter copied the whole site settings each time.
    var site: Site { _read { yield catalog.site } }

    /// Absolute URL of a file or folder given relative to the site root.
    func absolute(_ path: String) -> String { site.absoluteURL(path) }

    /// Pages of a brand's product list: at least one, so an app can always open page 1.
    public static func pageCount(forProducts count: Int) -> Int {
        max(1, (count + productsPerPage - 1) / productsPerPage)
    }

    /// Every API and schema file. Dependencies follow `Dependency`'s reading of `.list`: it
    /// covers which records a list holds, so a product moving to another brand, or a promotion
    /// naming other brands or products, is a `.list` change as well as a `.record` one.
    public func jobs() -> [OutputJob] {
        var jobs: [OutputJob] = []
        // By reference: every job's closures capture it (see `Shared`).
        let shared = Shared(self)
        jobs.append(OutputJob(path: APIRoutes.site, category: .data, kind: "api-site", dependencies: [.everything]) {
            JSONOutput.data(shared.value.siteDocument())
        })

        let brandListInputs: Set<Dependency> = [.site, .list(.brand), .list(.product), .records(.brand)]
        jobs.append(OutputJob(path: APIRoutes.brands, category: .data, kind: "api-brands", dependencies: brandListInputs) {
            JSONOutput.data(shared.value.brandList())
        })

        for (number, brand) in catalog.brands.enumerated() {
            let pageCount = Self.pageCount(forProducts: catalog.productsByBrand.count(of: brand.slug))
            for page in 1...pageCount {
                jobs.append(OutputJob(
                    path: APIRoutes.brandProducts(brand.slug, page: page), category: .data, kind: "api-brand-products",
                    dependencies: shared.value.brandProductsInputs(shared.value.catalog.brands[number], page: page)
                ) { JSONOutput.data(shared.value.brandProducts(shared.value.catalog.brands[number], page: page)) })
            }
        }

        // Jobs name a product by its number in the catalog rather than hold a copy of it.
        for (number, product) in catalog.products.enumerated() {
            jobs.append(OutputJob(
                path: APIRoutes.product(product.slug), category: .data, kind: "api-product",
                dependencies: shared.value.productInputs(shared.value.catalog.products[number])
            ) { JSONOutput.data(shared.value.productDocument(shared.value.catalog.products[number])) })
        }

        jobs += reviewJobs(shared)

        jobs.append(OutputJob(
            path: APIRoutes.promotions, category: .data, kind: "api-promotions", dependencies: shared.value.promotionListInputs()
        ) { JSONOutput.data(shared.value.promotionList()) }.large())

        let schemaBase = absolute(APIRoutes.schemaFolder)
        for file in SchemaFiles.all(baseURL: schemaBase) {
            jobs.append(OutputJob(path: APIRoutes.schema(file.name), category: .data, kind: "schema", dependencies: [.site]) {
                JSONOutput.prettyData(file.schema)
            })
        }
        jobs.append(OutputJob(path: APIRoutes.schemaIndex, category: .data, kind: "api-schema-index", dependencies: [.site]) {
            JSONOutput.data(shared.value.schemaIndex())
        })
        return jobs
    }

    /// A page of a brand's products: each summary prints the product's quote.
    func brandProductsInputs(_ brand: Brand, page: Int) -> Set<Dependency> {
        var inputs: Set<Dependency> = [.site, .record(.brand, brand.slug), .list(.product)]
        for product in products(of: brand, page: page) { inputs.formUnion(catalog.quoteDependencies(for: product)) }
        return inputs
    }

    /// The promotions list: every promotion and what it names.
    func promotionListInputs() -> Set<Dependency> {
        var inputs: Set<Dependency> = [.site, .clock, .list(.promotion)]
        for promotion in catalog.promotions {
            inputs.insert(.record(.promotion, promotion.slug))
            for brand in promotion.brands { inputs.insert(.record(.brand, brand)) }
            for product in promotion.products { inputs.insert(.record(.product, product)) }
        }
        return inputs
    }

    func productInputs(_ product: Product) -> Set<Dependency> {
        var inputs: Set<Dependency> = [
            .site, .clock, .record(.product, product.slug), .record(.brand, product.brand), .list(.promotion),
        ]
        inputs.formUnion(catalog.quoteDependencies(for: product))
        // Each category's title and its trail's.
        for slug in product.categories {
            guard let category = catalog.categoryBySlug[slug] else { continue }
            for step in catalog.path(to: category) { inputs.insert(.record(.category, step.slug)) }
        }
        return inputs
    }

    /// The products on page `page` (from 1) of a brand's list, copied out alone.
    func products(of brand: Brand, page: Int) -> [Product] {
        catalog.productsByBrand.records(of: brand.slug, droppingFirst: (page - 1) * Self.productsPerPage, limit: Self.productsPerPage)
    }
}
