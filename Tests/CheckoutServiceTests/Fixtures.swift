import CatalogModel
import CheckoutService
import Crypto
import Foundation
import VitrineTestSupport

/// A small shop whose every product exercises one pricing rule, and the signer its links use.
enum Fixtures {
    static let now = Records.now
    static let secret = "test-secret-0123456789-abcdefghijklmnop"
    static let signer = TokenSigner(secret: secret)

    static let defaultProducts: [Product] = [
        Records.product("serum", sku: "SER-1", price: 3200),
        Records.product("cream", sku: "CRM-1", price: 850),
        Records.product("mask", sku: "MSK-1", brand: "other", price: 1999),
        Records.product("sold-out-balm", sku: "BALM-1", price: 1200, availability: .outOfStock),
        Records.product("preorder-oil", sku: "OIL-1", brand: "other", price: 4500, availability: .preorder),
        Records.product("yen-soap", sku: "JPY-1", brand: "other", price: 1200, currency: Currency(code: "JPY")!),
        Records.product("gold-bar", sku: "GOLD-1", brand: "other", price: 900_000_000_000_000_000),
        Records.product("silver-bar", sku: "SILV-1", brand: "other", price: 500_000_000_000_000_000),
        lipstick,
    ]

    /// A product in three shades: its own sku is the group id, not something to buy.
    static let lipstick: Product = {
        var product = Records.product("lipstick", sku: "LIP", price: 1800)
        product.options = ["shade"]
        let source = SourceLocation(path: "products/lipstick.md")
        product.variants = [
            Variant(sku: "LIP-RED", values: ["Red"], price: Money(minorUnits: 2000, currency: .usd), source: source),
            Variant(sku: "LIP-NUDE", values: ["Nude"], source: source),
            Variant(sku: "LIP-PLUM", values: ["Plum"], availability: .outOfStock, source: source),
        ]
        return product
    }()

    static let defaultPromotions: [Promotion] = [
        Records.promotion("acme-ten", brands: ["acme"], percent: 10),
        Records.promotion("serum-fifteen", products: ["serum"], percent: 15, code: "SERUM15"),
        Records.promotion("expired-half", starts: "2026-06-01", ends: "2026-08-31", brands: ["other"], percent: 50),
        Records.promotion("ends-soon", starts: "2026-11-01", ends: "2026-12-01T12:10:00Z", products: ["mask"], percent: 20),
    ]

    static let site = Site(
        title: "Test Shop", baseURL: "https://shop.example/", currency: .usd, checkoutURL: "https://checkout.shop.example/")

    static func catalog(products: [Product] = defaultProducts, promotions: [Promotion] = defaultPromotions) -> Catalog {
        Records.catalog(site: site, products: products, promotions: promotions)
    }

    static func links(catalog: Catalog = catalog(), signer: TokenSigner = signer, lifetime: TimeInterval = 1800) -> CheckoutLinks {
        CheckoutLinks(catalog: catalog, signer: signer, lifetime: lifetime, publicURL: "https://checkout.shop.example")
    }
}
