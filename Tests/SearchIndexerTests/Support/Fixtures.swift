import CatalogModel
import Foundation
import SearchIndexer
import VitrineTestSupport

/// Catalogs to index and a place to write the index, as `vitrine build` would.
enum Fixtures {
    /// A small shop whose words exercise each matching rule.
    static let shop: Catalog = {
        let brands = [Records.brand("estee", "Estée Lauder"), Records.brand("origins", "Origins"), Records.brand("aven", "Avène")]
        let products = [
            Records.product("anr", name: "Advanced Night Repair Serum", sku: "EST-ANR-50", brand: "estee", price: 8400,
                    thumbnail: .local("images/anr.png"), tags: ["serum", "night"], detail: "A night serum for every night."),
            Records.product("night-cream", name: "Night-A-Mins Renewing Night Cream", brand: "origins", price: 4750,
                    detail: "Vitamin cream."),
            Records.product("overnight", name: "Drink Up Intensive Overnight Mask", brand: "origins", price: 3600,
                    availability: .outOfStock, detail: "Wear it overnight; wake up to soft skin every night."),
            Records.product("creme", name: "Crème Fraîche Rejuvenating Mask", brand: "origins", price: 6200, availability: .preorder,
                    detail: "A mask with real crème fraîche."),
            Records.product("serenite", name: "Eau Thermale Sérénité Mist", brand: "aven", price: 1500, detail: "Soothing mist."),
            Records.product("serums", name: "Serums Sampler", brand: "aven", price: 900, availability: .backorder,
                    detail: "Three small serums."),
            Records.product("yen", name: "Nightingale Balm", brand: "aven", price: 120_000, currency: Currency(code: "JPY")!,
                    detail: "Imported balm."),
            Records.product("light", name: "Light Day Fluid", brand: "estee", price: 2900, detail: "Daylight protection."),
        ]
        return Records.catalog(brands: brands, products: products)
    }()

    static func indexer(_ catalog: Catalog) -> SearchIndexer {
        SearchIndexer(catalog: catalog, now: Records.now)
    }

    /// Builds the index and writes its files to a new temporary folder, returning a reader over them.
    static func written(_ catalog: Catalog) throws -> (SearchIndexer.Index, IndexReader) {
        let index = indexer(catalog).build()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("search-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("search"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in index.files { try file.data.write(to: folder.appendingPathComponent(file.path)) }
        return (index, try IndexReader(folder: folder))
    }
}
