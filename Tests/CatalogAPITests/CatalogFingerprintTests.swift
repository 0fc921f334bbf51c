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

    @Test("the version is SHA-256 in hex")
    func format() {
        let version = CatalogFingerprint.sha256(of: Self.catalog())
        #expect(version.count == 64)
        #expect(version.allSatisfy { "0123456789abcdef".contains($0) })
    }
}
