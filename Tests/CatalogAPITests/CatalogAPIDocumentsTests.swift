import BuildEngine
import CatalogAPI
import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

@Suite struct CatalogAPIDocumentsTests {
    static let stores = [
        Store(name: "Paris", address: "24 Rue des Francs-Bourgeois", latitude: 48.8572, longitude: 2.3598),
        Store(name: "London", latitude: 51.5126, longitude: -0.1251),
    ]

    /// Two brands, three products, and promotions of every status.
    static var catalog: Catalog {
        var serum = Records.product(
            "serum", name: "Night Serum", brand: "acme", price: 3250, thumbnail: .local("images/serum-thumb.png"),
            image: .remote("https://cdn.example.com/serum.png"), tags: ["night", "serum"], date: "2026-03-14")
        serum.detail = RenderedMarkdown(html: "<p><strong>Rich</strong></p>\n", plainText: "Rich")
        let soldOut = Records.product("mask", name: "Clay Mask", brand: "acme", availability: .outOfStock)
        let lotion = Records.product("lotion", name: "Body Lotion", brand: "zen")
        func promotion(_ slug: String, starts: String, ends: String?, brands: [String] = [], products: [String] = [])
            -> Promotion
        {
            Records.promotion(
                slug, title: slug.uppercased(), starts: starts, ends: ends, brands: brands, products: products,
                percent: Decimal(string: "12.5"), code: "CODE")
        }
        var active = promotion("active", starts: "2026-11-01", ends: "2026-12-26", products: ["serum"])
        active.stores = stores
        let brandWide = promotion("brand-wide", starts: "2026-10-01", ends: nil, brands: ["acme"])
        let upcoming = promotion("upcoming", starts: "2027-02-01", ends: "2027-02-14", brands: ["acme"])
        let expired = promotion("expired", starts: "2026-06-01", ends: "2026-08-31", products: ["serum"])
        return Records.catalog(
            site: TestCatalog.site, brands: [Records.brand("acme", "Acme"), Records.brand("zen", "Zen")],
            products: [serum, soldOut, lotion], promotions: [active, brandWide, upcoming, expired])
    }

    static let api = TestCatalog.api(catalog)

    @Test("a product document has exact prices, absolute URLs and the promotions active now")
    func product() throws {
        let product = try #require(Self.catalog.productBySlug[Records.slug("serum")])
        let document = Self.api.productDocument(product)
        #expect(document.price == PriceDocument(Money(minorUnits: 3250, currency: .usd), unit: "ea", locale: "en_US"))
        #expect(document.price.amount == "32.50" && document.price.minorUnits == 3250 && document.price.formatted == "$32.50")
        #expect(document.thumbnail == "https://shop.example.com/base/images/serum-thumb.png")
        #expect(document.image == "https://cdn.example.com/serum.png")
        #expect(document.url == "https://shop.example.com/base/products/serum/")
        #expect(document.api == "https://shop.example.com/base/api/v1/products/serum.json")
        #expect(document.brand.title == "Acme" && document.brand.url == "https://shop.example.com/base/brands/acme/")
        #expect(document.detail.html == "<p><strong>Rich</strong></p>\n" && document.detail.text == "Rich")
        #expect(document.date == "2026-03-14T00:00:00Z")
        #expect(document.buyURL == "https://checkout.example.com/cart/SERUM:1")
        // Active directly and through its brand; not the upcoming or the expired one.
        #expect(document.promotions.map(\.slug).sorted() == ["active", "brand-wide"])
        #expect(document.promotions.first { $0.slug == "active" }?.discountPercent == 12.5)
    }

    @Test("a product with variants lists each with its price, unit price and buy link, and the shop's shipping")
    func variants() throws {
        let api = CatalogAPI(catalog: SampleShop.catalog, now: SampleShop.clock)
        let serum = api.productDocument(try #require(SampleShop.catalog.productBySlug[Records.slug("advanced-night-repair-serum")]))
        #expect(serum.sku == "EST-ANR" && serum.options == ["size"])
        let variants = try #require(serum.variants)
        #expect(variants.map(\.sku) == ["EST-ANR-30", "EST-ANR-50", "EST-ANR-100"])
        #expect(variants.map(\.options) == [["size": "30 ml"], ["size": "50 ml"], ["size": "100 ml"]])
        #expect(variants.map(\.price.minorUnits) == [6200, 8400, 13500])
        #expect(variants.map { $0.unitPrice?.formatted } == ["$206.67 / 100 ml", "$168.00 / 100 ml", "$135.00 / 100 ml"])
        #expect(variants[0].buyURL == "https://checkout.beauty-and-me.example.com/cart/EST-ANR-30:1")
        // The top-level price is the variant the page shows first.
        #expect(serum.price.minorUnits == 6200 && serum.buyURL == variants[0].buyURL)
        #expect(serum.shipping?.map(\.country) == ["US", "US", "DE"])
        #expect(serum.shipping?.map(\.price.minorUnits) == [0, 1200, 990], "free from 50.00 in the US, from 80.00 in Germany")
        let foundation = api.productDocument(try #require(SampleShop.catalog.productBySlug[Records.slug("forever-skin-glow-foundation")]))
        #expect(foundation.variants?.first { $0.sku == "DIR-FSG-3CR" }?.buyURL == nil)
        #expect(foundation.images?.count == 2)
        // Its categories with their trails.
        #expect(serum.categories?.map(\.slug) == ["serums", "night-care"])
        #expect(serum.categories?.first?.path == ["Skincare", "Serums"])
        #expect(serum.categories?.first?.url == "https://beauty-and-me.example.com/categories/serums/")
    }

    /// Product documents, prices, variants, unit prices and shipping rates write themselves
    /// (`jsonBytes`, `JSONValueConvertible`) rather than through the encoder: what they write must
    /// read back as the same document.
    @Test("documents that write themselves read back as the same values")
    func selfWrittenDocumentsRoundTrip() throws {
        let api = CatalogAPI(catalog: SampleShop.catalog, now: SampleShop.clock)
        for slug in ["advanced-night-repair-serum", "forever-skin-glow-foundation", "bi-facil-eye-makeup-remover"] {
            let document = api.productDocument(try #require(SampleShop.catalog.productBySlug[Records.slug(slug)]))
            #expect(try JSONDecoder().decode(ProductDocument.self, from: JSONOutput.data(document)) == document, "\(slug)")
        }
    }

    @Test("a product that cannot be bought has no buy link")
    func soldOut() throws {
        let product = try #require(Self.catalog.productBySlug[Records.slug("mask")])
        #expect(Self.api.productDocument(product).buyURL == nil)
        #expect(Self.api.productDocument(product).availability == "out_of_stock")
    }

    @Test("promotions.json lists active then upcoming, with what they apply to and their stores")
    func promotions() {
        let document = Self.api.promotionList()
        #expect(document.asOf == "2026-12-01T12:00:00Z")
        #expect(document.promotions.map(\.slug) == ["active", "brand-wide", "upcoming"])
        #expect(document.promotions.map(\.status) == ["active", "active", "upcoming"])
        let active = document.promotions[0]
        #expect(active.appliesTo.products.map(\.slug) == ["serum"] && active.appliesTo.brands.isEmpty)
        #expect(active.stores.map(\.name) == ["Paris", "London"])
        #expect(active.stores.map(\.address) == ["24 Rue des Francs-Bourgeois", nil])
        #expect(active.stores.map(\.latitude) == [48.8572, 51.5126] && active.stores.map(\.longitude) == [2.3598, -0.1251])
        #expect(document.promotions[1].appliesTo.brands.map(\.slug) == ["acme"])
        #expect(document.promotions[1].ends == nil)
    }

    @Test("brands.json lists brands by title with product counts")
    func brands() {
        let document = Self.api.brandList()
        #expect(document.total == 2)
        #expect(document.brands.map(\.slug) == ["acme", "zen"])
        #expect(document.brands.map(\.productCount) == [2, 1])
        #expect(document.brands[0].products == "https://shop.example.com/base/api/v1/brands/acme/products/1.json")
    }

    @Test("site.json counts records and links the entry points")
    func site() {
        let document = Self.api.siteDocument()
        let counts = document.counts
        #expect([counts.brands, counts.products, counts.promotions, counts.pages] == [Int]([2, 3, 4, 0]))
        #expect(document.links.brands == "https://shop.example.com/base/api/v1/brands.json")
        #expect(document.links.deals == "https://shop.example.com/base/deals/")
        #expect(document.links.home == "https://shop.example.com/base/")
        #expect(document.version.count == 64 && document.version.allSatisfy(\.isHexDigit))
    }

    @Test("every job is a data file under api/v1/, and paths are unique")
    func jobPaths() {
        let jobs = Self.api.jobs()
        #expect(jobs.allSatisfy { $0.category == .data && $0.path.hasPrefix("api/v1/") })
        #expect(Set(jobs.map(\.path)).count == jobs.count)
        let products = jobs.filter { $0.kind == "api-product" }.map(\.path).sorted()
        #expect(products == ["api/v1/products/lotion.json", "api/v1/products/mask.json", "api/v1/products/serum.json"])
    }

    @Test("rendering twice gives the same bytes, with keys sorted")
    func deterministic() throws {
        let first = Self.api.jobs().map { ($0.path, $0.render()) }
        let second = TestCatalog.api(Self.catalog).jobs().map { ($0.path, $0.render()) }
        #expect(first.map(\.0) == second.map(\.0))
        #expect(first.map(\.1) == second.map(\.1))
        let site = try #require(first.first { $0.0 == "api/v1/site.json" }?.1)
        let text = String(decoding: site, as: UTF8.self)
        #expect(text.hasPrefix("{\"baseURL\":"))
        #expect(!text.contains("\\/"))
    }

    @Test("a product's file depends on its record, its brand, the clock and the promotions naming it")
    func productDependencies() throws {
        let job = try #require(Self.api.jobs().first { $0.path == "api/v1/products/serum.json" })
        let expected: Set<Dependency> = [
            .site, .clock, .record(.product, Records.slug("serum")), .record(.brand, Records.slug("acme")),
            .list(.promotion), .record(.promotion, Records.slug("active")),
            .record(.promotion, Records.slug("brand-wide")), .record(.promotion, Records.slug("upcoming")),
            .record(.promotion, Records.slug("expired")),
        ]
        #expect(job.dependencies == expected)
    }

    @Test("a brand page depends on the products it lists, not on other brands' products")
    func brandPageDependencies() throws {
        let job = try #require(Self.api.jobs().first { $0.path == "api/v1/brands/zen/products/1.json" })
        #expect(job.dependencies.contains(.record(.product, Records.slug("lotion"))))
        #expect(!job.dependencies.contains(.record(.product, Records.slug("serum"))))
        #expect(!job.dependencies.contains(.clock) && !job.dependencies.contains(.everything))
    }
}

@Suite struct PromotionIndexTests {
    static let brandSlugs = ["a", "b", "c"]

    static func promotion(_ i: Int) -> Promotion {
        let brands = i % 3 == 0 ? [brandSlugs[i % 3]] : []
        var products: [String] = []
        for p in 0..<30 where (p * 7 + i) % 5 == 0 { products.append("p\(p)") }
        // One names a product twice; several name a product and its brand both.
        if i == 4 { products.append("p1") }
        return Records.promotion(
            "promo-\(i)", title: "P\(i)", starts: "2026-0\(1 + i % 9)-01", brands: brands, products: products)
    }

    @Test("a product's promotions are Catalog.promotions(for:), in catalog order, each once")
    func sameAsCatalog() {
        let brands = Self.brandSlugs.map { Records.brand($0) }
        let products = (0..<30).map { Records.product("p\($0)", brand: Self.brandSlugs[$0 % 3]) }
        let catalog = Records.catalog(
            site: TestCatalog.site, brands: brands, products: products, promotions: (0..<12).map(Self.promotion))
        let api = TestCatalog.api(catalog, now: Records.date("2027-01-01"))
        var compared = 0
        for product in catalog.products {
            let expected: [String] = catalog.promotions(for: product).map { $0.slug.rawValue }
            let actual: [String] = api.productDocument(product).promotions.map { $0.slug }
            #expect(actual == expected, "\(product.slug)")
            compared += expected.count
        }
        #expect(compared > 30)
    }
}
