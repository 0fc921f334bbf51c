import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

/// A promotion shares its fields between copies (every price quote it lowers holds one); it must
/// still behave as a value.
@Suite struct PromotionTests {
    @Test func changingACopyLeavesTheOriginal() {
        let original = Records.promotion("xmas", brands: ["acme"], percent: 10)
        var copy = original
        copy.title = "Winter sale"
        copy.brands.append(Slug("other")!)
        copy.discountPercent = 25
        #expect(original.title == "xmas")
        #expect(original.brands == [Slug("acme")!])
        #expect(original.discountPercent == 10)
        #expect(copy.title == "Winter sale")
        #expect(copy.brands == [Slug("acme")!, Slug("other")!])
        #expect(copy.discountPercent == 25)
    }

    @Test func equalFieldsAreEqualPromotionsWithEqualHashes() {
        let one = Records.promotion("xmas", percent: 10)
        var other = Records.promotion("xmas", percent: 10)
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        other.code = "XMAS10"
        #expect(one != other)
        #expect(Set([one, other, one]).count == 2)
    }

    @Test func aQuoteKeepsThePromotionAsItWasWhenTheCatalogPricedIt() throws {
        let product = Records.product("night-serum", brand: "acme")
        let promotion = Records.promotion("xmas", brands: ["acme"], percent: 10)
        let catalog = Records.catalog(products: [product], promotions: [promotion])
        let now = try #require(ISO8601DateFormatter().date(from: "2026-12-01T00:00:00Z"))
        var quoted = try #require(catalog.quote(for: product, at: now).promotion)
        quoted.title = "changed"
        #expect(catalog.promotions[0].title == "xmas")
        #expect(catalog.quote(for: product, at: now).promotion?.title == "xmas")
    }
}
