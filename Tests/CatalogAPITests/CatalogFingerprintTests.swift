import CatalogAPI
import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

@Suite struct CatalogFingerprintTests {
    static func catalog(price: Int64 = 1000, extra: [String: ExtraValue] = [:]) -> Catalog {
        var product = Records.product("serum", brand: "acme", price: price)
        product.extra = extra
        return Records.catalog(site: TestCatalog.site, brands: [Records.brand("acme")], products: [product])
    }

    @Test("the same content gives the same version, whatever the clock")
    func stable() {
        let a = TestCatalog.api(Self.catalog(), now: Date(timeIntervalSince1970: 0)).siteDocument().version
        let b = TestCatalog.api(Self.catalog(), now: Date(timeIntervalSince1970: 1e9)).siteDocument().version
        #expect(a == b)
        #expect(CatalogFingerprint.sha256(of: Self.catalog()) == a)
    }

    @Test("a change an app could see changes the version")
    func changes() {
        let base = CatalogFingerprint.sha256(of: Self.catalog())
        #expect(CatalogFingerprint.sha256(of: Self.catalog(price: 1001)) != base)
        #expect(CatalogFingerprint.sha256(of: Self.catalog(extra: ["ribbon": .string("new")])) != base)
    }

    @Test("featured and directBuy change the version only where they are used")
    func newKeysOnlyWhereUsed() {
        let base = CatalogFingerprint.sha256(of: Self.catalog())
        var featured = Self.catalog()
        featured.products[0].featured = true
        #expect(CatalogFingerprint.sha256(of: featured) != base)
        var direct = Self.catalog()
        direct.site.directBuy = true
        #expect(CatalogFingerprint.sha256(of: direct) != base)
    }

    @Test("the version is SHA-256 in hex")
    func format() {
        let version = CatalogFingerprint.sha256(of: Self.catalog())
        #expect(version.count == 64)
        #expect(version.allSatisfy { "0123456789abcdef".contains($0) })
    }
}

extension CatalogFingerprintTests {
    /// Published versions must not move when the writer's buffering changes: these digests were
    /// taken from the writer that fed SHA-256 one field at a time. The second catalog has a body
    /// longer than the writer's buffer and many small records, so both flush paths run.
    @Test("the version of a catalog is the one earlier builds published")
    func pinnedVersions() {
        // Moved on 2026-12-01 with the sample's content: four of its products became `featured`.
        #expect(CatalogFingerprint.sha256(of: SampleShop.catalog) == "3d10ce0586592b0676473a1fa02280e55a253d3bc1000c40a10e226ea083ca8c")
        let long = String(repeating: "Rich cream with shea butter. ", count: 4_000)
        let products = (0..<3_000).map { Records.product("p-\($0)", price: Int64(100 + $0), tags: ["t\($0 % 7)"]) }
            + [Records.product("long", detail: long)]
        let catalog = Records.catalog(site: TestCatalog.site, brands: [Records.brand("acme")], products: products)
        #expect(CatalogFingerprint.sha256(of: catalog) == "4a654fc9b522d858f60ec6914346f5f385161c4853a20fa8dd374bf0d87d66a2")
    }
}
