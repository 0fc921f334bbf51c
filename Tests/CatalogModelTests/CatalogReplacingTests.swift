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

    /// A record is found at the place its last catalog listed it only when it is there in this one:
    /// the same records in another order, and a changed copy, are found by slug.
    @Test func aProductIsFoundWhereThisCatalogListsIt() throws {
        let records = Self.catalog.products
        #expect(records.map(\.slug.rawValue) == ["a", "b", "c"])
        for (position, product) in records.enumerated() { #expect(Self.catalog.position(of: product) == position) }
        // Another catalog of the same records puts "b" last; it is found there, and in the first
        // catalog still where that one has it.
        let other = Records.catalog(
            brands: Self.catalog.brands, products: [records[2], records[0], Self.product("bb", "Aardvark", sku: "AA"), records[1]])
        #expect(other.products.map(\.slug.rawValue) == ["bb", "a", "b", "c"])
        #expect(other.position(of: records[1]) == 2)
        #expect(Self.catalog.position(of: records[1]) == 1)
        var changed = records[2]
        changed.name = "Clay mask"
        #expect(Self.catalog.position(of: changed) == 2)
        #expect(Self.catalog.position(of: Self.product("zz", "Zinc", sku: "Z")) == nil)
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
