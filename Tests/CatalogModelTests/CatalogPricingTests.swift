import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

@Suite struct CatalogPricingTests {
    static let serum = Records.product("serum", sku: "S-1", brand: "acme", price: 4000)
    static let cream = Records.product("cream", sku: "C-1", brand: "other", price: 1000)

    static let catalog = Records.catalog(
        products: [serum, cream],
        promotions: [
            Records.promotion("brand-10", starts: "2026-01-01", brands: ["acme"], percent: 10),
            Records.promotion("product-25", starts: "2026-03-01", ends: "2026-04-01", products: ["serum"], percent: 25),
            Records.promotion("upcoming-50", starts: "2026-12-01", brands: ["acme"], percent: 50),
            Records.promotion("expired-40", starts: "2025-01-01", ends: "2025-12-31", products: ["serum"], percent: 40),
            Records.promotion("no-discount", starts: "2026-01-01", brands: ["acme", "other"], percent: nil),
            Records.promotion("tie-a", starts: "2026-02-01", products: ["cream"], percent: 20),
            Records.promotion("tie-b", starts: "2026-02-02", products: ["cream"], percent: 20),
            Records.promotion("coded-60", starts: "2026-01-01", ends: "2026-12-31", brands: ["acme"], percent: 60, code: "SIXTY"),
        ])

    /// A priced catalog answers from its table what it would have worked out, and works out
    /// afresh a record it did not price: a variant's, or one replaced since.
    @Test func aPricedCatalogGivesTheSameQuotes() throws {
        let march = Records.date("2026-03-15")
        let priced = Self.catalog.priced(at: march)
        for product in Self.catalog.products {
            #expect(priced.quote(for: product, at: march) == Self.catalog.quote(for: product, at: march))
            #expect(priced.quote(for: product, at: Records.date("2026-05-01")) == Self.catalog.quote(for: product, at: Records.date("2026-05-01")))
            #expect(priced.quote(for: product, at: march, code: "SIXTY") == Self.catalog.quote(for: product, at: march, code: "SIXTY"))
        }
        // However the caller spreads the work, each product gets its own quote.
        let spread = Self.catalog.priced(at: march) { count, price in Array((0..<count).reversed().map(price).reversed()) }
        #expect(Self.catalog.products.map { spread.quote(for: $0, at: march) } == Self.catalog.products.map { Self.catalog.quote(for: $0, at: march) })
        var dearer = Self.serum
        dearer.price = Money(minorUnits: 8000, currency: .usd)
        #expect(priced.quote(for: dearer, at: march).price == Money(minorUnits: 6000, currency: .usd))
        let replaced = try #require(priced.replacing(dearer))
        #expect(replaced.quote(for: replaced.productBySlug[Records.slug("serum")]!, at: march).price == Money(minorUnits: 6000, currency: .usd))
    }

    /// Two promotions of one slug cannot come from content files, but a hand-made catalog can have
    /// them; the table then leaves the product to be priced afresh.
    @Test func aPricedCatalogWithTwoPromotionsOfOneSlugGivesTheSameQuotes() {
        let catalog = Records.catalog(
            products: [Self.serum, Self.cream],
            promotions: [
                Records.promotion("twin", starts: "2026-01-01", brands: ["acme"], percent: 10),
                Records.promotion("twin", starts: "2026-02-01", products: ["cream"], percent: 30),
            ])
        let march = Records.date("2026-03-15")
        let priced = catalog.priced(at: march)
        for product in catalog.products {
            #expect(priced.quote(for: product, at: march) == catalog.quote(for: product, at: march))
        }
        #expect(priced.quote(for: Self.cream, at: march).price == Money(minorUnits: 700, currency: .usd))
    }

    @Test func largestActiveDiscountWins() {
        let march = Records.date("2026-03-15")
        #expect(Self.catalog.quote(for: Self.serum, at: march).promotion?.slug.rawValue == "product-25")
        #expect(Self.catalog.quote(for: Self.serum, at: march).price == Money(minorUnits: 3000, currency: .usd))
        // After the product promotion ends, the brand one applies.
        let may = Records.date("2026-05-01")
        #expect(Self.catalog.quote(for: Self.serum, at: may).promotion?.slug.rawValue == "brand-10")
        #expect(Self.catalog.quote(for: Self.serum, at: may).price == Money(minorUnits: 3600, currency: .usd))
    }

    @Test func upcomingExpiredAndUndiscountedPromotionsDoNotApply() {
        #expect(Self.catalog.quote(for: Self.serum, at: Records.date("2025-06-01")).promotion?.slug.rawValue == "expired-40")
        #expect(Self.catalog.quote(for: Self.serum, at: Records.date("2025-12-31T23:59:59Z")).promotion?.slug.rawValue == "expired-40")
        #expect(Self.catalog.quote(for: Self.serum, at: Records.date("2026-01-01")).promotion?.slug.rawValue == "brand-10")
        #expect(Self.catalog.quote(for: Self.cream, at: Records.date("2026-01-15")) == PriceQuote(list: Self.cream.price, price: Self.cream.price, promotion: nil))
    }

    @Test func equalDiscountsGoToThePromotionListedFirst() {
        // Newest start first: tie-b (2 Feb) before tie-a (1 Feb).
        #expect(Self.catalog.quote(for: Self.cream, at: Records.date("2026-02-10")).promotion?.slug.rawValue == "tie-b")
    }

    /// A coded promotion is the checkout's price only for shoppers who give the code.
    @Test func aPromotionThatNeedsACodeIsNotAPublicPrice() {
        let march = Records.date("2026-03-15")
        #expect(Self.catalog.activeDiscount(for: Self.serum, at: march, code: "SIXTY")?.promotion.slug.rawValue == "coded-60")
        #expect(Self.catalog.quote(for: Self.serum, at: march).promotion?.slug.rawValue == "product-25")
        #expect(Self.catalog.quote(for: Self.serum, at: march, code: "SIXTY").price == Money(minorUnits: 1600, currency: .usd))
        #expect(Self.catalog.quote(for: Self.serum, at: march).promotion?.slug
            == Self.catalog.activeDiscount(for: Self.serum, at: march, code: nil)?.promotion.slug)
    }

    /// A discount too small to take a minor unit off is no sale: nothing to strike through.
    @Test func aDiscountThatRoundsToNothingIsNoSale() {
        let penny = Records.product("penny", sku: "P-1", brand: "other", price: 1)
        let catalog = Records.catalog(
            products: [penny], promotions: [Records.promotion("tiny", starts: "2026-01-01", products: ["penny"], percent: 10)])
        let quote = catalog.quote(for: penny, at: Records.date("2026-03-01"))
        #expect(!quote.isReduced)
        #expect(quote.price == penny.price)
    }

    /// A line is quantity × the quoted unit price, and its saving is the unit saving × quantity.
    @Test func aQuoteMultipliesOutExactly() throws {
        let quote = Self.catalog.quote(for: Self.serum, at: Records.date("2026-03-15"))
        #expect(try #require(quote.total(quantity: 7)) == Money(minorUnits: 7 * 3000, currency: .usd))
        #expect(try #require(quote.saving(quantity: 7)) == Money(minorUnits: 7 * 1000, currency: .usd))
        let huge = PriceQuote(list: Money(minorUnits: .max / 2, currency: .usd), price: Money(minorUnits: .max / 2, currency: .usd), promotion: nil)
        #expect(huge.total(quantity: 3) == nil)
    }
}
