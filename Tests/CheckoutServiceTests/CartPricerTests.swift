import CatalogModel
@testable import CheckoutService
import Foundation
import HTTPTypes
import Testing
import VitrineTestSupport

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

    func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .usd) }

    @Test func pricesComeFromTheCatalogsQuoteWithTheLargestActiveDiscount() throws {
        let cart = try price([("SER-1", 2), ("CRM-1", 3), ("MSK-1", 1)])
        #expect(cart.currency == .usd)
        // serum: 32.00 less acme-ten's 10% = 28.80 a unit (SERUM15 needs its code), two of them.
        let serum = cart.lines[0]
        #expect(serum.sku == "SER-1" && serum.name == "Serum" && serum.quantity == 2)
        #expect(serum.listPrice == usd(3200) && serum.unitPrice == usd(2880))
        #expect(serum.discount == usd(640) && serum.total == usd(5760))
        #expect(serum.promotion == Slug("acme-ten"))
        // cream: 8.50 less 0.85 = 7.65 a unit, three of them.
        #expect(cart.lines[1].discount == usd(255))
        #expect(cart.lines[1].total == usd(2295))
        // mask: ends-soon 20% of 19.99 = 3.998 → 4.00; the expired 50% does not apply.
        #expect(cart.lines[2].discount == usd(400))
        #expect(cart.lines[2].promotion == Slug("ends-soon"))
        #expect(cart.subtotal == usd(6400 + 2550 + 1999))
        #expect(cart.discount == usd(640 + 255 + 400))
        #expect(cart.total.minorUnits == cart.subtotal.minorUnits - cart.discount.minorUnits)
    }

    /// A variant is priced as its own item (its price, else the product's) under the product's
    /// promotions, and named with its option values.
    @Test func variantSKUsArePricedAndNamed() throws {
        let cart = try price([("LIP-RED", 1), ("LIP-NUDE", 2)])
        #expect(cart.lines.map(\.sku) == ["LIP-RED", "LIP-NUDE"])
        #expect(cart.lines.map(\.name) == ["Lipstick (Red)", "Lipstick (Nude)"])
        // acme-ten takes 10% off the brand's products, variants included.
        #expect(cart.lines[0].listPrice == usd(2000) && cart.lines[0].unitPrice == usd(1800))
        #expect(cart.lines[1].listPrice == usd(1800) && cart.lines[1].unitPrice == usd(1620))
        #expect(cart.lines[1].promotion == Slug("acme-ten"))
    }

    @Test func aGroupSKUIsRefusedNamingItsVariants() throws {
        let error = try #require(failure([("LIP", 1)]))
        #expect(error.status == .unprocessableContent && error.code == "variant_required")
        #expect(error.message.contains("LIP-RED (Red)"))
        let groups = error.details["groups"]
        #expect(groups == [["sku": "LIP", "variants": [
            ["sku": "LIP-RED", "options": ["shade": "Red"]], ["sku": "LIP-NUDE", "options": ["shade": "Nude"]],
            ["sku": "LIP-PLUM", "options": ["shade": "Plum"]],
        ]]])
        // A sold-out variant is out of stock like a product.
        #expect(failure([("LIP-PLUM", 1)])?.code == "out_of_stock")
    }

    @Test func aCodedPromotionAppliesWithItsCode() throws {
        let cart = try price([("SER-1", 1), ("CRM-1", 1)], code: "SERUM15")
        #expect(cart.lines[0].discount == usd(480))  // 15% of 32.00, beating acme-ten
        #expect(cart.lines[0].promotion == Slug("serum-fifteen"))
        #expect(cart.lines[1].discount == usd(85))  // the code does not reach other products
        #expect(cart.code == "SERUM15")
    }

    /// The discount is rounded half-even once, on one unit, and the line is that unit price times
    /// the quantity: 10% of 0.25 is 2.5 ¢ → 2 ¢ and of 0.35 is 3.5 ¢ → 4 ¢ a unit. Rounding the
    /// whole line instead (7.5 ¢ → 8 ¢, 10.5 ¢ → 10 ¢) would charge other amounts than the page shows.
    @Test func roundingIsHalfEvenPerUnitAndLinesMultiplyOut() throws {
        let catalog = Fixtures.catalog(
            products: [Records.product("tiny", sku: "T-1", price: 25), Records.product("small", sku: "T-2", price: 35)],
            promotions: [Records.promotion("acme-ten", brands: ["acme"], percent: 10)])
        let cart = try CartPricer(catalog: catalog).price(
            CartRequest(items: [CartItem(sku: "T-1", quantity: 3), CartItem(sku: "T-2", quantity: 3)]), at: Fixtures.now)
        #expect(cart.lines.map(\.discount.minorUnits) == [6, 12])
        #expect(cart.lines.map(\.total.minorUnits) == [3 * 23, 3 * 31])
        for (line, product) in zip(cart.lines, catalog.products.sorted { $0.sku < $1.sku }) {
            #expect(line.unitPrice == catalog.quote(for: product, at: Fixtures.now).price)
        }
    }

    @Test func aPromotionThatEndedGivesNoDiscount() throws {
        let later = Records.date("2026-12-01T12:10:00Z")
        #expect(try price([("MSK-1", 1)], at: later).lines[0].discount.minorUnits == 0)
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
        let pricer = CartPricer(catalog: SampleShop.catalog)
        let items = [CartItem(sku: "EST-ANR-50", quantity: 1), CartItem(sku: "ORG-CIMK-100", quantity: 3)]
        let plain = try pricer.price(CartRequest(items: items), at: Fixtures.now)
        #expect(plain.total == usd(8400 + 2550))
        let xmas = try pricer.price(CartRequest(items: items, code: "XMAS10"), at: Fixtures.now)
        #expect(xmas.lines.map(\.discount.minorUnits) == [840, 0])
        let origins = try pricer.price(CartRequest(items: items, code: "ORIGINS15"), at: Fixtures.now)
        // 15% of 8.50 = 1.275 → 1.28 a unit (half-even), three units.
        #expect(origins.lines.map(\.discount.minorUnits) == [0, 384])
        #expect(origins.total == usd(8400 + 2550 - 384))
        #expect(throws: CheckoutError.self) {
            try pricer.price(CartRequest(items: [CartItem(sku: "LEN-HYP-01", quantity: 1)]), at: Fixtures.now)
        }
    }

    @Test func theIndexPricesExactlyAsTheCatalogsRule() {
        let times = ["2026-06-15", "2026-08-31T23:59:59Z", "2026-12-01T12:00:00Z", "2026-12-26", "2027-02-10"].map(Records.date)
        let codes: [String?] = [nil, "XMAS10", "origins15", "GLOW20", "SUN15", "SERUM15", "BOGUS"]
        var compared = 0
        for catalog in [SampleShop.catalog, Fixtures.catalog()] {
            let pricer = CartPricer(catalog: catalog)
            for product in catalog.products {
                for now in times {
                    for code in codes {
                        let indexed = catalog.activeDiscount(for: product, at: now, code: code)
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
        let sample = SampleShop.catalog
        #expect(sample.products.contains { sample.activeDiscount(for: $0, at: Fixtures.now, code: "XMAS10") != nil })
    }
}
