import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

@Suite struct CatalogReplacingTests {
    /// Products cost 1.00 unless a test says otherwise.
    static func product(_ slug: String, _ name: String, sku: String, brand: String = "acme", cents: Int64 = 100) -> Product {
        Records.product(slug, name: name, sku: sku, brand: brand, price: cents)
    }

    static let catalog = Records.catalog(
        brands: [Records.brand("acme"), Records.brand("zed")],
        products: [product("b", "Balm", sku: "B"), product("a", "Amber", sku: "A"), product("c", "Clay", sku: "C", brand: "zed")])

    @Test func aPageOfAGroupHoldsOnlyItsRecordsInOrder() {
        let byBrand = Self.catalog.productsByBrand
        let acme = Slug("acme")!
        #expect(byBrand.records(of: acme, droppingFirst: 0, limit: 1).map(\.slug.rawValue) == ["a"])
        #expect(byBrand.records(of: acme, droppingFirst: 1, limit: 5).map(\.slug.rawValue) == ["b"])
        #expect(byBrand.records(of: acme, droppingFirst: 2, limit: 5).isEmpty)
        #expect(byBrand.records(of: Slug("nobody")!, droppingFirst: 0, limit: 5).isEmpty)
        #expect(byBrand.count(of: acme) == 2)
    }

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
        var described = Records.brand("zed")
        described.country = "FR"
        #expect(try #require(Self.catalog.replacing(described)).brandBySlug[Slug("zed")!]?.country == "FR")
        #expect(Self.catalog.replacing(Records.brand("zed", "Aardvark")) == nil)
    }
}
