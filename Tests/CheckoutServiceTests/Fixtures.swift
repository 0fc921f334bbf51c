import CatalogModel
import CheckoutService
import ContentLoader
import Crypto
import Foundation

/// A small shop whose every product exercises one pricing rule, and the sample shop in Content/.
enum Fixtures {
    static let here = SourceLocation(path: "test")
    static let now = date("2026-12-01T12:00:00Z")
    static let secret = "test-secret-0123456789-abcdefghijklmnop"
    static let signer = TokenSigner(secret: secret)

    static func date(_ text: String) -> Date { try! Timestamp.parse(text).get().date }

    static func product(
        _ slug: String, sku: String, brand: String = "acme", price: Int64, currency: Currency = .usd,
        availability: Availability = .inStock
    ) -> Product {
        Product(
            slug: Slug(slug)!, sku: sku, name: slug.replacingOccurrences(of: "-", with: " ").capitalized,
            brand: Slug(brand)!, price: Money(minorUnits: price, currency: currency), availability: availability,
            source: here)
    }

    static func promotion(
        _ slug: String, starts: String = "2026-11-01", ends: String? = nil, brands: [String] = [], products: [String] = [],
        percent: Decimal?, code: String? = nil
    ) -> Promotion {
        Promotion(
            slug: Slug(slug)!, title: slug, starts: try! Timestamp.parse(starts).get(),
            ends: ends.map { try! Timestamp.parse($0).get() }, brands: brands.map { Slug($0)! },
            products: products.map { Slug($0)! }, discountPercent: percent, code: code, source: here)
    }

    static let defaultProducts: [Product] = [
        product("serum", sku: "SER-1", price: 3200),
        product("cream", sku: "CRM-1", price: 850),
        product("mask", sku: "MSK-1", brand: "other", price: 1999),
        product("sold-out-balm", sku: "BALM-1", price: 1200, availability: .outOfStock),
        product("preorder-oil", sku: "OIL-1", brand: "other", price: 4500, availability: .preorder),
        product("yen-soap", sku: "JPY-1", brand: "other", price: 1200, currency: Currency(code: "JPY")!),
        product("gold-bar", sku: "GOLD-1", brand: "other", price: 900_000_000_000_000_000),
        product("silver-bar", sku: "SILV-1", brand: "other", price: 500_000_000_000_000_000),
    ]

    static let defaultPromotions: [Promotion] = [
        promotion("acme-ten", brands: ["acme"], percent: 10),
        promotion("serum-fifteen", products: ["serum"], percent: 15, code: "SERUM15"),
        promotion("expired-half", starts: "2026-06-01", ends: "2026-08-31", brands: ["other"], percent: 50),
        promotion("ends-soon", starts: "2026-11-01", ends: "2026-12-01T12:10:00Z", products: ["mask"], percent: 20),
    ]

    static func catalog(products: [Product] = defaultProducts, promotions: [Promotion] = defaultPromotions) -> Catalog {
        Catalog(
            site: Site(
                title: "Test Shop", baseURL: "https://shop.example/", currency: .usd,
                checkoutURL: "https://checkout.shop.example/"),
            brands: [
                Brand(slug: Slug("acme")!, title: "Acme", source: here),
                Brand(slug: Slug("other")!, title: "Other", source: here),
            ],
            products: products, promotions: promotions, pages: [])
    }

    static func links(catalog: Catalog = catalog(), signer: TokenSigner = signer, lifetime: TimeInterval = 1800) -> CheckoutLinks {
        CheckoutLinks(catalog: catalog, signer: signer, lifetime: lifetime, publicURL: "https://checkout.shop.example")
    }

    /// The repository's sample shop, loaded the way `vitrine checkout` loads it.
    static let sampleCatalog: Catalog = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let loaded = ContentLoader(contentFolder: root.appendingPathComponent("Content")).load()
        guard let catalog = loaded.catalog else { fatalError("sample content invalid: \(loaded.diagnostics)") }
        return catalog
    }()
}

/// A clock tests can move.
final class TestClock: @unchecked Sendable {
    private var current: Date
    private let lock = NSLock()

    init(_ start: Date = Fixtures.now) { current = start }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current = current.addingTimeInterval(seconds)
        lock.unlock()
    }
}
