import CatalogModel
import Foundation
import Testing

@Suite struct CatalogPricingTests {
    static func date(_ text: String) -> Timestamp { try! Timestamp.parse(text).get() }
    static let location = SourceLocation(path: "test")

    static func promotion(
        _ slug: String, starts: String, ends: String? = nil, brands: [String] = [], products: [String] = [], percent: Decimal?,
        code: String? = nil
    ) -> Promotion {
        Promotion(
            slug: Slug(slug)!, title: slug, starts: date(starts), ends: ends.map(date), brands: brands.compactMap(Slug.init),
            products: products.compactMap(Slug.init), discountPercent: percent, code: code, source: location)
    }

    static let serum = Product(
        slug: Slug("serum")!, sku: "S-1", name: "Serum", brand: Slug("acme")!,
        price: Money(minorUnits: 4000, currency: .usd), source: location)
    static let cream = Product(
        slug: Slug("cream")!, sku: "C-1", name: "Cream", brand: Slug("other")!,
        price: Money(minorUnits: 1000, currency: .usd), source: location)

    static let catalog = Catalog(
        site: Site(title: "T", baseURL: "https://t.example/", currency: .usd),
        brands: [
            Brand(slug: Slug("acme")!, title: "Acme", source: location),
            Brand(slug: Slug("other")!, title: "Other", source: location),
        ],
        products: [serum, cream],
        promotions: [
            promotion("brand-10", starts: "2026-01-01", brands: ["acme"], percent: 10),
            promotion("product-25", starts: "2026-03-01", ends: "2026-04-01", products: ["serum"], percent: 25),
            promotion("upcoming-50", starts: "2026-12-01", brands: ["acme"], percent: 50),
            promotion("expired-40", starts: "2025-01-01", ends: "2025-12-31", products: ["serum"], percent: 40),
            promotion("no-discount", starts: "2026-01-01", brands: ["acme", "other"], percent: nil),
            promotion("tie-a", starts: "2026-02-01", products: ["cream"], percent: 20),
            promotion("tie-b", starts: "2026-02-02", products: ["cream"], percent: 20),
            promotion("coded-60", starts: "2026-01-01", ends: "2026-12-31", brands: ["acme"], percent: 60, code: "SIXTY"),
        ], pages: [])

    @Test func largestActiveDiscountWins() {
        let march = Self.date("2026-03-15").date
        #expect(Self.catalog.quote(for: Self.serum, at: march).promotion?.slug.rawValue == "product-25")
        #expect(Self.catalog.quote(for: Self.serum, at: march).price == Money(minorUnits: 3000, currency: .usd))
        // After the product promotion ends, the brand one applies.
        let may = Self.date("2026-05-01").date
        #expect(Self.catalog.quote(for: Self.serum, at: may).promotion?.slug.rawValue == "brand-10")
        #expect(Self.catalog.quote(for: Self.serum, at: may).price == Money(minorUnits: 3600, currency: .usd))
    }

    @Test func upcomingExpiredAndUndiscountedPromotionsDoNotApply() {
        #expect(Self.catalog.quote(for: Self.serum, at: Self.date("2025-06-01").date).promotion?.slug.rawValue == "expired-40")
        #expect(Self.catalog.quote(for: Self.serum, at: Self.date("2025-12-31").date).promotion == nil)
        #expect(Self.catalog.quote(for: Self.cream, at: Self.date("2026-01-15").date) == PriceQuote(list: Self.cream.price, price: Self.cream.price, promotion: nil))
    }

    @Test func equalDiscountsGoToThePromotionListedFirst() {
        // Newest start first: tie-b (2 Feb) before tie-a (1 Feb).
        #expect(Self.catalog.quote(for: Self.cream, at: Self.date("2026-02-10").date).promotion?.slug.rawValue == "tie-b")
    }

    /// A coded promotion is the checkout's price only for shoppers who give the code.
    @Test func aPromotionThatNeedsACodeIsNotAPublicPrice() {
        let march = Self.date("2026-03-15").date
        #expect(Self.catalog.activeDiscount(for: Self.serum, at: march, code: "SIXTY")?.promotion.slug.rawValue == "coded-60")
        #expect(Self.catalog.quote(for: Self.serum, at: march).promotion?.slug.rawValue == "product-25")
        #expect(Self.catalog.quote(for: Self.serum, at: march, code: "SIXTY").price == Money(minorUnits: 1600, currency: .usd))
        #expect(Self.catalog.quote(for: Self.serum, at: march).promotion?.slug
            == Self.catalog.activeDiscount(for: Self.serum, at: march, code: nil)?.promotion.slug)
    }

    /// A discount too small to take a minor unit off is no sale: nothing to strike through.
    @Test func aDiscountThatRoundsToNothingIsNoSale() {
        let penny = Product(
            slug: Slug("penny")!, sku: "P-1", name: "Penny", brand: Slug("other")!,
            price: Money(minorUnits: 1, currency: .usd), source: Self.location)
        let catalog = Catalog(
            site: Self.catalog.site, brands: Self.catalog.brands, products: [penny],
            promotions: [Self.promotion("tiny", starts: "2026-01-01", products: ["penny"], percent: 10)], pages: [])
        let quote = catalog.quote(for: penny, at: Self.date("2026-03-01").date)
        #expect(!quote.isReduced)
        #expect(quote.price == penny.price)
    }

    /// A line is quantity × the quoted unit price, and its saving is the unit saving × quantity.
    @Test func aQuoteMultipliesOutExactly() throws {
        let quote = Self.catalog.quote(for: Self.serum, at: Self.date("2026-03-15").date)
        #expect(try #require(quote.total(quantity: 7)) == Money(minorUnits: 7 * 3000, currency: .usd))
        #expect(try #require(quote.saving(quantity: 7)) == Money(minorUnits: 7 * 1000, currency: .usd))
        let huge = PriceQuote(list: Money(minorUnits: .max / 2, currency: .usd), price: Money(minorUnits: .max / 2, currency: .usd), promotion: nil)
        #expect(huge.total(quantity: 3) == nil)
    }
}
