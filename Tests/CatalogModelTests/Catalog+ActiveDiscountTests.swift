import CatalogModel
import Foundation
import Testing

@Suite struct ActiveDiscountTests {
    static func date(_ text: String) -> Date { try! Timestamp.parse(text).get().date }
    static let here = SourceLocation(path: "test")

    static func product(_ slug: String, sku: String, brand: String = "acme", price: Int64 = 1000) -> Product {
        Product(
            slug: Slug(slug)!, sku: sku, name: slug, brand: Slug(brand)!,
            price: Money(minorUnits: price, currency: .usd), source: here)
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

    static func catalog(_ promotions: [Promotion]) -> Catalog {
        Catalog(
            site: Site(title: "Shop", baseURL: "https://shop.example/", currency: .usd),
            brands: [
                Brand(slug: Slug("acme")!, title: "Acme", source: here),
                Brand(slug: Slug("other")!, title: "Other", source: here),
            ],
            products: [product("serum", sku: "SER-1"), product("mask", sku: "MSK-1", brand: "other")],
            promotions: promotions, pages: [])
    }

    let now = date("2026-12-01T12:00:00Z")

    @Test func noPromotionMeansNoDiscount() {
        let catalog = Self.catalog([])
        #expect(catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil) == nil)
    }

    @Test func theLargestActivePercentWinsWhetherByBrandOrProduct() {
        let catalog = Self.catalog([
            Self.promotion("brand-ten", brands: ["acme"], percent: 10),
            Self.promotion("product-twenty", products: ["serum"], percent: 20),
            Self.promotion("brand-fifteen", brands: ["acme"], percent: 15),
        ])
        let found = catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil)
        #expect(found?.percent == 20)
        #expect(found?.promotion.slug.rawValue == "product-twenty")
    }

    @Test func promotionsNamingOtherProductsOrBrandsDoNotApply() {
        let catalog = Self.catalog([Self.promotion("other-brand", brands: ["other"], percent: 30)])
        #expect(catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil) == nil)
        #expect(catalog.activeDiscount(for: catalog.productBySKU["MSK-1"]!, at: now, code: nil)?.percent == 30)
    }

    @Test func onlyActivePromotionsCount() {
        let catalog = Self.catalog([
            Self.promotion("expired", starts: "2026-06-01", ends: "2026-08-31", brands: ["acme"], percent: 50),
            Self.promotion("upcoming", starts: "2027-02-07", brands: ["acme"], percent: 40),
            Self.promotion("ends-now", starts: "2026-11-01", ends: "2026-12-01T12:00:00Z", brands: ["acme"], percent: 30),
            Self.promotion("running", starts: "2026-12-01T12:00:00Z", brands: ["acme"], percent: 5),
        ])
        let found = catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil)
        #expect(found?.promotion.slug.rawValue == "running")
    }

    @Test func codedPromotionsApplyOnlyWithTheirCodeIgnoringCase() {
        let catalog = Self.catalog([
            Self.promotion("open", brands: ["acme"], percent: 5),
            Self.promotion("coded", brands: ["acme"], percent: 25, code: "SAVE25"),
        ])
        let serum = catalog.productBySKU["SER-1"]!
        #expect(catalog.activeDiscount(for: serum, at: now, code: nil)?.percent == 5)
        #expect(catalog.activeDiscount(for: serum, at: now, code: "OTHER")?.percent == 5)
        #expect(catalog.activeDiscount(for: serum, at: now, code: "SAVE25")?.percent == 25)
        #expect(catalog.activeDiscount(for: serum, at: now, code: "save25")?.percent == 25)
    }

    @Test func promotionsWithoutAPercentGiveNoDiscount() {
        let catalog = Self.catalog([Self.promotion("flyer", brands: ["acme"], percent: nil)])
        #expect(catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil) == nil)
    }

    @Test func onATieTheNewestPromotionWins() {
        let catalog = Self.catalog([
            Self.promotion("older", starts: "2026-10-01", brands: ["acme"], percent: 10),
            Self.promotion("newer", starts: "2026-11-20", products: ["serum"], percent: 10),
        ])
        #expect(catalog.activeDiscount(for: catalog.productBySKU["SER-1"]!, at: now, code: nil)?.promotion.slug.rawValue == "newer")
    }

    @Test func activePromotionWithCodeFindsOnlyRunningOnes() {
        let catalog = Self.catalog([
            Self.promotion("coded", brands: ["acme"], percent: 25, code: "SAVE25"),
            Self.promotion("old", starts: "2026-01-01", ends: "2026-02-01", brands: ["acme"], percent: 25, code: "OLD"),
        ])
        #expect(catalog.activePromotion(withCode: "save25", at: now)?.slug.rawValue == "coded")
        #expect(catalog.activePromotion(withCode: "OLD", at: now) == nil)
        #expect(catalog.activePromotion(withCode: "NOPE", at: now) == nil)
    }
}
