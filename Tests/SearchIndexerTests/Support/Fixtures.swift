import CatalogModel
import ContentLoader
import Foundation
import SearchIndexer

/// Catalogs to index and a place to write the index, as `vitrine build` would.
enum Fixtures {
    static func product(
        _ slug: String, _ name: String, brand: String, price: Int64, currency: Currency = .usd,
        availability: Availability = .inStock, tags: [String] = [], sku: String? = nil, detail: String = "",
        thumbnail: String? = nil
    ) -> Product {
        Product(
            slug: Slug(slug)!, sku: sku ?? slug.uppercased(), name: name, brand: Slug(brand)!,
            price: Money(minorUnits: price, currency: currency), availability: availability,
            thumbnail: thumbnail.map { .local($0) }, tags: tags,
            detail: RenderedMarkdown(source: detail, html: "<p>\(detail)</p>", plainText: detail),
            source: SourceLocation(path: "Content/products/\(slug).md"))
    }

    static func brand(_ slug: String, _ title: String) -> Brand {
        Brand(slug: Slug(slug)!, title: title, source: SourceLocation(path: "Content/brands/\(slug).md"))
    }

    /// A small shop whose words exercise each matching rule.
    static let shop: Catalog = {
        let site = Site(title: "Test Shop", baseURL: "https://shop.example.com/", currency: .usd)
        let brands = [brand("estee", "Estée Lauder"), brand("origins", "Origins"), brand("aven", "Avène")]
        let products = [
            product("anr", "Advanced Night Repair Serum", brand: "estee", price: 8400, tags: ["serum", "night"],
                    sku: "EST-ANR-50", detail: "A night serum for every night.", thumbnail: "images/anr.png"),
            product("night-cream", "Night-A-Mins Renewing Night Cream", brand: "origins", price: 4750,
                    detail: "Vitamin cream."),
            product("overnight", "Drink Up Intensive Overnight Mask", brand: "origins", price: 3600,
                    availability: .outOfStock, detail: "Wear it overnight; wake up to soft skin every night."),
            product("creme", "Crème Fraîche Rejuvenating Mask", brand: "origins", price: 6200, availability: .preorder,
                    detail: "A mask with real crème fraîche."),
            product("serenite", "Eau Thermale Sérénité Mist", brand: "aven", price: 1500, detail: "Soothing mist."),
            product("serums", "Serums Sampler", brand: "aven", price: 900, availability: .backorder,
                    detail: "Three small serums."),
            product("yen", "Nightingale Balm", brand: "aven", price: 120_000, currency: Currency(code: "JPY")!,
                    detail: "Imported balm."),
            product("light", "Light Day Fluid", brand: "estee", price: 2900, detail: "Daylight protection."),
        ]
        return Catalog(site: site, brands: brands, products: products, promotions: [], pages: [])
    }()

    /// The sample shop in the repository's Content/ folder.
    static func sampleShop() throws -> Catalog {
        let content = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Content")
        guard let catalog = ContentLoader(contentFolder: content).load().catalog else { throw FixtureError.sampleShopInvalid }
        return catalog
    }

    /// The clock the fixtures are indexed at.
    static let now = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01T12:00:00Z

    static func indexer(_ catalog: Catalog) -> SearchIndexer {
        SearchIndexer(catalog: catalog, now: now)
    }

    /// Builds the index and writes its files to a new temporary folder, returning a reader over them.
    static func written(_ catalog: Catalog) throws -> (SearchIndexer.Index, IndexReader) {
        let index = indexer(catalog).build()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("search-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("search"), withIntermediateDirectories: true)
        for file in index.files { try file.data.write(to: folder.appendingPathComponent(file.path)) }
        return (index, try IndexReader(folder: folder))
    }

    enum FixtureError: Error { case sampleShopInvalid }
}
