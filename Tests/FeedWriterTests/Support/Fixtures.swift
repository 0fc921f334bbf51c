import BuildEngine
import CatalogModel
import ContentLoader
import FeedWriter
import Foundation

/// Catalogs for feed tests: the sample shop in Content/, and small hand-made ones for edge cases.
enum Fixtures {
    /// The fixed clock the sample shop is documented with: two promotions active, one upcoming, one expired.
    static let sampleClock = date("2026-12-01T12:00:00Z").date

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let sampleShop: Catalog = {
        let result = ContentLoader(contentFolder: repository.appendingPathComponent("Content")).load()
        guard let catalog = result.catalog else { fatalError("sample shop does not load: \(result.diagnostics)") }
        return catalog
    }()

    static func writer(_ catalog: Catalog = sampleShop, now: Date = sampleClock, imageSizes: [String: Int] = [:]) -> FeedWriter {
        FeedWriter(catalog: catalog, now: now, imageSizes: imageSizes)
    }

    /// The rendered bytes of the job at `path`.
    static func render(_ jobs: [OutputJob], _ path: String) -> Data? {
        jobs.first { $0.path == path }?.render()
    }

    static let usd = Currency.usd
    static let site = Site(
        title: "Shop & Co", baseURL: "https://shop.example.com/store/", currency: usd, locale: "ja_JP",
        description: "Test shop")

    static func slug(_ text: String) -> Slug { Slug(text)! }

    static func date(_ text: String) -> Timestamp { try! Timestamp.parse(text).get() }

    static func brand(_ slug: String, _ title: String) -> Brand {
        Brand(slug: Self.slug(slug), title: title, source: SourceLocation(path: "brands/\(slug).md"))
    }

    static func product(
        _ slug: String, brand: String, price: Int64, name: String? = nil, gtin: String? = nil, mpn: String? = nil,
        date: String? = nil, detail: String = "", image: ImageReference? = nil
    ) -> Product {
        Product(
            slug: Self.slug(slug), sku: "SKU-\(slug)", name: name ?? slug.capitalized, brand: Self.slug(brand),
            price: Money(minorUnits: price, currency: usd), image: image, gtin: gtin, mpn: mpn,
            date: date.map(Self.date), detail: RenderedMarkdown(source: detail, html: "<p>\(detail)</p>", plainText: detail),
            source: SourceLocation(path: "products/\(slug).md"))
    }

    static func promotion(
        _ slug: String, title: String? = nil, starts: String, ends: String? = nil, brands: [String] = [],
        products: [String] = [], percent: Decimal? = nil, code: String? = nil, html: String = "<p>Offer</p>",
        image: ImageReference? = nil
    ) -> Promotion {
        Promotion(
            slug: Self.slug(slug), title: title ?? slug, starts: date(starts), ends: ends.map(date),
            brands: brands.map(Self.slug), products: products.map(Self.slug), discountPercent: percent, code: code, image: image,
            content: RenderedMarkdown(source: html, html: html, plainText: html), source: SourceLocation(path: "promotions/\(slug).md"))
    }
}
