import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

@Suite struct ActiveDiscountTests {
    static func catalog(_ promotions: [Promotion]) -> Catalog {
        Records.catalog(
            products: [Records.product("serum", sku: "SER-1"), Records.product("mask", sku: "MSK-1", brand: "other")],
            promotions: promotions)
    }

    let now = Records.now

    @Test func noPromotionMeansNoDiscount() {
        let catalog = Self.catalog([])
        #expect(catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil) == nil)
    }

    @Test func theLargestActivePercentWinsWhetherByBrandOrProduct() {
        let catalog = Self.catalog([
            Records.promotion("brand-ten", brands: ["acme"], percent: 10),
            Records.promotion("product-twenty", products: ["serum"], percent: 20),
            Records.promotion("brand-fifteen", brands: ["acme"], percent: 15),
        ])
        let found = catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil)
        #expect(found?.percent == 20)
        #expect(found?.promotion.slug.rawValue == "product-twenty")
    }

    @Test func promotionsNamingOtherProductsOrBrandsDoNotApply() {
        let catalog = Self.catalog([Records.promotion("other-brand", brands: ["other"], percent: 30)])
        #expect(catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil) == nil)
        #expect(catalog.activeDiscount(for: catalog.productBySKU["MSK-1"]!, at: now, code: nil)?.percent == 30)
    }

    @Test func onlyActivePromotionsCount() {
        let catalog = Self.catalog([
            Records.promotion("expired", starts: "2026-06-01", ends: "2026-08-31", brands: ["acme"], percent: 50),
            Records.promotion("upcoming", starts: "2027-02-07", brands: ["acme"], percent: 40),
            Records.promotion("ends-now", starts: "2026-11-01", ends: "2026-12-01T12:00:00Z", brands: ["acme"], percent: 30),
            Records.promotion("running", starts: "2026-12-01T12:00:00Z", brands: ["acme"], percent: 5),
        ])
        let found = catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil)
        #expect(found?.promotion.slug.rawValue == "running")
    }

    @Test func codedPromotionsApplyOnlyWithTheirCodeIgnoringCase() {
        let catalog = Self.catalog([
            Records.promotion("open", brands: ["acme"], percent: 5),
            Records.promotion("coded", brands: ["acme"], percent: 25, code: "SAVE25"),
        ])
        let serum = catalog.productBySKU["SER-1"]!
        #expect(catalog.activeDiscount(for: serum, at: now, code: nil)?.percent == 5)
        #expect(catalog.activeDiscount(for: serum, at: now, code: "OTHER")?.percent == 5)
        #expect(catalog.activeDiscount(for: serum, at: now, code: "SAVE25")?.percent == 25)
        #expect(catalog.activeDiscount(for: serum, at: now, code: "save25")?.percent == 25)
    }

    @Test func promotionsWithoutAPercentGiveNoDiscount() {
        let catalog = Self.catalog([Records.promotion("flyer", brands: ["acme"], percent: nil)])
        #expect(catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil) == nil)
    }

    @Test func onATieTheNewestPromotionWins() {
        let catalog = Self.catalog([
            Records.promotion("older", starts: "2026-10-01", brands: ["acme"], percent: 10),
            Records.promotion("newer", starts: "2026-11-20", products: ["serum"], percent: 10),
        ])
        #expect(catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil)?.promotion.slug.rawValue == "newer")
    }

    @Test func activePromotionWithCodeFindsOnlyRunningOnes() {
        let catalog = Self.catalog([
            Records.promotion("coded", brands: ["acme"], percent: 25, code: "SAVE25"),
            Records.promotion("old", starts: "2026-01-01", ends: "2026-02-01", brands: ["acme"], percent: 25, code: "OLD"),
        ])
        #expect(catalog.activePromotion(withCode: "save25", at: now)?.slug.rawValue == "coded")
        #expect(catalog.activePromotion(withCode: "OLD", at: now) == nil)
        #expect(catalog.activePromotion(withCode: "NOPE", at: now) == nil)
    }
}
