import CatalogModel
import CheckoutService
import Foundation
import Testing

/// The service's catalog version is the catalog's one fingerprint, shortened.
@Suite struct CheckoutVersionTests {
    @Test func isTheStartOfTheCatalogsFingerprint() {
        let version = Fixtures.links().version
        #expect(version == Fixtures.links().version)
        #expect(version.count == 16)
        #expect(version.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(CatalogFingerprint.sha256(of: Fixtures.catalog()).hasPrefix(version))
    }

    @Test func productOrderDoesNotMatter() {
        let reversed = Fixtures.catalog(products: Fixtures.defaultProducts.reversed())
        #expect(Fixtures.links(catalog: reversed).version == Fixtures.links().version)
    }

    @Test func aPriceStockOrDiscountChangeChangesIt() {
        let base = Fixtures.links().version
        var products = Fixtures.defaultProducts
        products[0].price.minorUnits += 1
        #expect(Fixtures.links(catalog: Fixtures.catalog(products: products)).version != base)
        products = Fixtures.defaultProducts
        products[1].availability = .outOfStock
        #expect(Fixtures.links(catalog: Fixtures.catalog(products: products)).version != base)
        var promotions = Fixtures.defaultPromotions
        promotions[0].discountPercent = 11
        #expect(Fixtures.links(catalog: Fixtures.catalog(promotions: promotions)).version != base)
        promotions = Fixtures.defaultPromotions
        promotions[1].code = "OTHER"
        #expect(Fixtures.links(catalog: Fixtures.catalog(promotions: promotions)).version != base)
    }

    /// The version follows every content change, but a link is refused only when its prices changed.
    @Test func aLinkOutlivesAProseChange() throws {
        let request = CartRequest(items: [CartItem(sku: "SER-1", quantity: 2)], code: nil)
        let link = try Fixtures.links().link(for: request, at: Fixtures.now)
        var products = Fixtures.defaultProducts
        products[0].name = "Renamed serum"
        products[0].tags = ["new"]
        var promotions = Fixtures.defaultPromotions
        promotions[0].title = "Another title"
        let edited = Fixtures.links(catalog: Fixtures.catalog(products: products, promotions: promotions))
        #expect(edited.version != Fixtures.links().version)
        let read = try edited.cart(forToken: link.token[...], at: Fixtures.now)
        #expect(read.cart.total == link.cart.total)
        #expect(read.cart.lines.map(\.quantity) == [2])
    }
}
