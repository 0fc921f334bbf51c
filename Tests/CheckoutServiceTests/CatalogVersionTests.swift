import CatalogModel
import CheckoutService
import Foundation
import Testing

@Suite struct CatalogVersionTests {
    @Test func theSameCatalogHasTheSameVersion() {
        let version = CatalogVersion(catalog: Fixtures.catalog())
        #expect(version == CatalogVersion(catalog: Fixtures.catalog()))
        #expect(version.rawValue.count == 16)
        #expect(version.rawValue.allSatisfy { $0.isHexDigit })
    }

    @Test func productOrderDoesNotMatter() {
        let reversed = Fixtures.catalog(products: Fixtures.defaultProducts.reversed())
        #expect(CatalogVersion(catalog: reversed) == CatalogVersion(catalog: Fixtures.catalog()))
    }

    @Test func aPriceStockOrDiscountChangeChangesIt() {
        let base = CatalogVersion(catalog: Fixtures.catalog())
        var products = Fixtures.defaultProducts
        products[0].price.minorUnits += 1
        #expect(CatalogVersion(catalog: Fixtures.catalog(products: products)) != base)
        products = Fixtures.defaultProducts
        products[1].availability = .outOfStock
        #expect(CatalogVersion(catalog: Fixtures.catalog(products: products)) != base)
        var promotions = Fixtures.defaultPromotions
        promotions[0].discountPercent = 11
        #expect(CatalogVersion(catalog: Fixtures.catalog(promotions: promotions)) != base)
        promotions = Fixtures.defaultPromotions
        promotions[1].code = "OTHER"
        #expect(CatalogVersion(catalog: Fixtures.catalog(promotions: promotions)) != base)
    }

    @Test func proseChangesDoNotChangeIt() {
        var products = Fixtures.defaultProducts
        products[0].name = "Renamed serum"
        products[0].tags = ["new"]
        var promotions = Fixtures.defaultPromotions
        promotions[0].title = "Another title"
        #expect(
            CatalogVersion(catalog: Fixtures.catalog(products: products, promotions: promotions))
                == CatalogVersion(catalog: Fixtures.catalog()))
    }
}
