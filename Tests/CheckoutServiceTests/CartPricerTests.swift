import CatalogModel
@testable import CheckoutService
import Foundation
import HTTPTypes
import Testing

@Suite struct CartPricerTests {
    let pricer = CartPricer(catalog: Fixtures.catalog())

    func price(_ items: [(String, Int)], code: String? = nil, at now: Date = Fixtures.now) throws(CheckoutError) -> PricedCart {
        try pricer.price(CartRequest(items: items.map { CartItem(sku: $0.0, quantity: $0.1) }, code: code), at: now)
    }

    func failure(_ items: [(String, Int)], code: String? = nil) -> CheckoutError? {
        do {
            _ = try price(items, code: code)
            return nil
        } catch {
            return error
        }
    }

    @Test func pricesComeFromTheCatalogWithTheLargestActiveDiscountPerLine() throws {
        let cart = try price([("SER-1", 2), ("CRM-1", 3), ("MSK-1", 1)])
        #expect(cart.currency == .usd)
        // serum: 2 × 32.00 = 64.00, acme-ten 10% = 6.40 (SERUM15 needs its code).
        #expect(cart.lines[0] == PricedCart.Line(
            sku: "SER-1", name: "Serum", quantity: 2, unitAmount: 3200, discountAmount: 640, promotion: Slug("acme-ten")))
        // cream: 3 × 8.50 = 25.50, 10% = 2.55.
        #expect(cart.lines[1].discountAmount == 255)
        #expect(cart.lines[1].lineAmount == 2295)
        // mask: ends-soon 20% of 19.99 = 3.998 → 4.00; the expired 50% does not apply.
        #expect(cart.lines[2].discountAmount == 400)
        #expect(cart.lines[2].promotion == Slug("ends-soon"))
        #expect(cart.subtotal == 6400 + 2550 + 1999)
        #expect(cart.discount == 640 + 255 + 400)
        #expect(cart.total == cart.subtotal - cart.discount)
    }

    @Test func aCodedPromotionAppliesWithItsCode() throws {
        let cart = try price([("SER-1", 1), ("CRM-1", 1)], code: "SERUM15")
        #expect(cart.lines[0].discountAmount == 480)  // 15% of 32.00, beating acme-ten
        #expect(cart.lines[0].promotion == Slug("serum-fifteen"))
        #expect(cart.lines[1].discountAmount == 85)  // the code does not reach other products
        #expect(cart.code == "SERUM15")
    }

    @Test func roundingIsHalfEvenPerLine() throws {
        // 10% of 1 × 8.50 = 0.85 exactly; 10% of 5 × 8.50 = 4.25 exactly; 10% of 0.25 would be 2.5 ¢.
        let catalog = Fixtures.catalog(
            products: [Fixtures.product("tiny", sku: "T-1", price: 25), Fixtures.product("small", sku: "T-2", price: 35)],
            promotions: [Fixtures.promotion("acme-ten", brands: ["acme"], percent: 10)])
        let cart = try CartPricer(catalog: catalog).price(
            CartRequest(items: [CartItem(sku: "T-1", quantity: 1), CartItem(sku: "T-2", quantity: 1)]), at: Fixtures.now)
        #expect(cart.lines.map(\.discountAmount) == [2, 4])
    }

    @Test func aPromotionThatEndedGivesNoDiscount() throws {
        let later = Fixtures.date("2026-12-01T12:10:00Z")
        #expect(try price([("MSK-1", 1)], at: later).lines[0].discountAmount == 0)
    }

    @Test func repeatedSkusBecomeOneLine() throws {
        let cart = try price([("SER-1", 2), ("CRM-1", 1), ("SER-1", 3)])
        #expect(cart.lines.map(\.sku) == ["SER-1", "CRM-1"])
        #expect(cart.lines[0].quantity == 5)
    }

    @Test func unknownSkusAre422NamingEachOne() {
        let error = failure([("SER-1", 1), ("NOPE-1", 1), ("NOPE-2", 2)])
        #expect(error?.status == .unprocessableContent)
        #expect(error?.code == "unknown_sku")
        #expect(error?.details == ["skus": .array(["NOPE-1", "NOPE-2"])])
        #expect(error?.message.contains("NOPE-1") == true)
    }

    @Test func quantitiesOutside1To99Are422() {
        for quantity in [0, -1, 100, 1_000_000] {
            let error = failure([("SER-1", quantity)])
            #expect(error?.status == .unprocessableContent)
            #expect(error?.code == "invalid_quantity")
            #expect(error?.details == ["sku": "SER-1", "quantity": .int(Int64(quantity))])
        }
        #expect(failure([("SER-1", 60), ("SER-1", 40)])?.code == "invalid_quantity")
        #expect(failure([("SER-1", 1)]) == nil)
        #expect(failure([("SER-1", 99)]) == nil)
    }

    @Test func outOfStockIs409() {
        let error = failure([("SER-1", 1), ("BALM-1", 1)])
        #expect(error?.status == .conflict)
        #expect(error?.code == "out_of_stock")
        #expect(error?.details == ["skus": .array(["BALM-1"])])
        #expect(failure([("OIL-1", 1)]) == nil)  // a pre-order can be bought
    }

    @Test func moreThanAHundredLinesIs422() {
        let error = failure((0..<101).map { ("S\($0)", 1) })
        #expect(error?.code == "too_many_lines")
        #expect(error?.status == .unprocessableContent)
    }

    @Test func anEmptyCartIs422() {
        #expect(failure([])?.code == "empty_cart")
    }

    @Test func anUnknownCodeIs422() {
        let error = failure([("SER-1", 1)], code: "FREESTUFF")
        #expect(error?.code == "unknown_code")
        #expect(error?.status == .unprocessableContent)
    }

    @Test func oneCurrencyPerCart() {
        let error = failure([("SER-1", 1), ("JPY-1", 1)])
        #expect(error?.code == "mixed_currencies")
        #expect(error?.details == ["currencies": .array(["USD", "JPY"])])
    }

    @Test func totalsTooLargeToChargeAre422NotACrash() {
        #expect(failure([("GOLD-1", 99)])?.code == "amount_too_large")
        #expect(failure([("GOLD-1", 10)]) == nil)  // 9.0e18 fits in 64 bits…
        #expect(failure([("GOLD-1", 10), ("SILV-1", 1)])?.code == "amount_too_large")  // …9.5e18 does not
    }

    @Test func theSampleShopPricesItsChristmasPromotion() throws {
        // EST-ANR-50 (84.00) is in "10% off for X'mas" (XMAS10); ORG-CIMK-100 (8.50) in Origins 15% (ORIGINS15).
        let pricer = CartPricer(catalog: Fixtures.sampleCatalog)
        let items = [CartItem(sku: "EST-ANR-50", quantity: 1), CartItem(sku: "ORG-CIMK-100", quantity: 3)]
        let plain = try pricer.price(CartRequest(items: items), at: Fixtures.now)
        #expect(plain.total == 8400 + 2550)
        let xmas = try pricer.price(CartRequest(items: items, code: "XMAS10"), at: Fixtures.now)
        #expect(xmas.lines.map(\.discountAmount) == [840, 0])
        let origins = try pricer.price(CartRequest(items: items, code: "ORIGINS15"), at: Fixtures.now)
        #expect(origins.lines.map(\.discountAmount) == [0, 382])  // 15% of 25.50 = 3.825 → 3.82
        #expect(origins.total == 8400 + 2550 - 382)
        #expect(throws: CheckoutError.self) {
            try pricer.price(CartRequest(items: [CartItem(sku: "LEN-HYP-01", quantity: 1)]), at: Fixtures.now)
        }
    }

    @Test func theIndexPricesExactlyAsTheCatalogsRule() {
        let times = ["2026-06-15", "2026-08-31T23:59:59Z", "2026-12-01T12:00:00Z", "2026-12-26", "2027-02-10"].map(Fixtures.date)
        let codes: [String?] = [nil, "XMAS10", "origins15", "GLOW20", "SUN15", "SERUM15", "BOGUS"]
        var compared = 0
        for catalog in [Fixtures.sampleCatalog, Fixtures.catalog()] {
            let pricer = CartPricer(catalog: catalog)
            for product in catalog.products {
                for now in times {
                    for code in codes {
                        let indexed = pricer.discount(for: product, at: now, code: code)
                        // The rule over every promotion, without the catalog's naming index.
                        let rule = Catalog.largestDiscount(for: product, among: catalog.promotions, at: now, code: code)
                        #expect(indexed?.percent == rule?.percent, "\(product.sku) \(now) \(code ?? "-")")
                        #expect(indexed?.promotion.slug == rule?.promotion.slug, "\(product.sku) \(now) \(code ?? "-")")
                        compared += 1
                    }
                }
                for code in codes.compactMap({ $0 }) {
                    #expect(pricer.activePromotion(withCode: code, at: Fixtures.now)?.slug
                        == catalog.activePromotion(withCode: code, at: Fixtures.now)?.slug)
                }
            }
        }
        #expect(compared > 1500)
        // The sample shop does have discounted products at these times, so the comparison is not vacuous.
        let sample = Fixtures.sampleCatalog
        #expect(sample.products.contains { sample.activeDiscount(for: $0, at: Fixtures.now, code: "XMAS10") != nil })
    }
}
