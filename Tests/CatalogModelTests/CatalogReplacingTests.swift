import CatalogModel
import Foundation
import Testing

@Suite struct CatalogReplacingTests {
    static let location = SourceLocation(path: "test")

    static func product(_ slug: String, _ name: String, sku: String, brand: String = "acme", cents: Int64 = 100) -> Product {
        Product(
            slug: Slug(slug)!, sku: sku, name: name, brand: Slug(brand)!,
            price: Money(minorUnits: cents, currency: .usd), source: location)
    }

    static let catalog = Catalog(
        site: Site(title: "T", baseURL: "https://t.example/", currency: .usd),
        brands: [Brand(slug: Slug("acme")!, title: "Acme", source: location), Brand(slug: Slug("zed")!, title: "Zed", source: location)],
        products: [product("b", "Balm", sku: "B"), product("a", "Amber", sku: "A"), product("c", "Clay", sku: "C", brand: "zed")],
        promotions: [], pages: [])

    @Test func aProductThatKeepsItsPlaceIsReplacedEverywhere() throws {
        let cheaper = Self.product("b", "Balm", sku: "B2", cents: 50)
        let patched = try #require(Self.catalog.replacing(cheaper))
        #expect(patched.products.map(\.slug.rawValue) == ["a", "b", "c"])
        #expect(patched.products[1].price.minorUnits == 50)
        #expect(patched.productBySlug[Slug("b")!]?.sku == "B2")
        #expect(patched.productBySKU["B"] == nil)
        #expect(patched.productBySKU["B2"]?.slug == Slug("b")!)
        #expect(patched.productsByBrand[Slug("acme")!]?.map(\.price.minorUnits) == [100, 50])
        // The same catalog, built from scratch, is equal field by field.
        let rebuilt = Catalog(
            site: Self.catalog.site, brands: Self.catalog.brands,
            products: [cheaper, Self.product("a", "Amber", sku: "A"), Self.product("c", "Clay", sku: "C", brand: "zed")],
            promotions: [], pages: [])
        #expect(patched.products.map(\.sku) == rebuilt.products.map(\.sku))
        #expect(Set(patched.productBySKU.keys) == Set(rebuilt.productBySKU.keys))
    }

    @Test func aProductThatWouldMoveOrCollideIsNotReplaced() {
        #expect(Self.catalog.replacing(Self.product("b", "Zinc balm", sku: "B")) == nil)
        #expect(Self.catalog.replacing(Self.product("b", "Balm", sku: "B", brand: "zed")) == nil)
        #expect(Self.catalog.replacing(Self.product("b", "Balm", sku: "A")) == nil)
        #expect(Self.catalog.replacing(Self.product("new", "Balm", sku: "N")) == nil)
    }

    @Test func aBrandIsReplacedOnlyWhenItsTitleStays() throws {
        let described = Brand(slug: Slug("zed")!, title: "Zed", country: "FR", source: Self.location)
        #expect(try #require(Self.catalog.replacing(described)).brandBySlug[Slug("zed")!]?.country == "FR")
        #expect(Self.catalog.replacing(Brand(slug: Slug("zed")!, title: "Aardvark", source: Self.location)) == nil)
    }
}
