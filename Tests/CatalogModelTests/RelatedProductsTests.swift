import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

/// Which products a product page offers beside it: shared tags weigh most, then categories,
/// then the brand; never the product itself, a sold-out one only when too few others.
@Suite struct RelatedProductsTests {
    func product(_ slug: String, brand: String = "acme", tags: [String] = [], categories: [String] = [],
                 availability: Availability = .inStock) -> Product {
        var product = Records.product(slug, brand: brand, availability: availability, tags: tags)
        product.categories = categories.map { Records.slug($0) }
        return product
    }

    func catalog(_ products: [Product]) -> Catalog {
        let categories = ["serums", "masks"].map { Category(slug: Records.slug($0), title: $0.capitalized, source: SourceLocation(path: $0)) }
        return Catalog(
            site: Site(title: "T", baseURL: "https://e.com/", currency: .usd), brands: [Records.brand("acme", "Acme"), Records.brand("zen", "Zen")],
            products: products, promotions: [], pages: [], categories: categories)
    }

    @Test func sharedTagsOutweighCategoriesWhichOutweighTheBrand() {
        let shop = catalog([
            product("a-serum", tags: ["night"], categories: ["serums"]),
            product("b-same-brand"),
            product("c-same-category", brand: "zen", categories: ["serums"]),
            product("d-same-tag", brand: "zen", tags: ["night"]),
            product("e-unrelated", brand: "zen"),
        ])
        let related = shop.related(to: shop.productBySlug[Records.slug("a-serum")]!).map(\.slug.rawValue)
        #expect(related == ["d-same-tag", "c-same-category", "b-same-brand"])
    }

    @Test func tiesGoByNameAndTheAnswerNeverChanges() {
        let products = (1...6).map { product("p\($0)", tags: ["glow"]) }
        let shop = catalog(products.reversed())
        let first = shop.related(to: shop.productBySlug[Records.slug("p3")]!).map(\.slug.rawValue)
        #expect(first == ["p1", "p2", "p4", "p5"], "at most four, by name, never itself")
        for _ in 0..<5 { #expect(catalog(products.shuffled()).related(to: products[2]).map(\.slug.rawValue) == first) }
    }

    @Test func soldOutProductsOnlyFillWhatIsLeft() {
        let shop = catalog([
            product("a", tags: ["glow"]),
            product("b-sold-out", tags: ["glow"], availability: .outOfStock),
            product("c", tags: ["glow"]),
            product("d-same-brand-only"),
        ])
        // The sold-out one shares more than d does, yet d comes first; with room left, it fills in.
        #expect(shop.related(to: shop.productBySlug[Records.slug("a")]!, limit: 2).map(\.slug.rawValue) == ["c", "d-same-brand-only"])
        #expect(shop.related(to: shop.productBySlug[Records.slug("a")]!).map(\.slug.rawValue) == ["c", "d-same-brand-only", "b-sold-out"])
    }

    /// Sharing only a brand, every candidate scores the same: buyable ones by name, then sold-out
    /// ones by name when too few can be bought.
    @Test func aProductSharingOnlyItsBrandShowsBuyableOnesByNameFirst() {
        let shop = catalog([
            product("a"), product("b-sold-out", availability: .outOfStock), product("c"), product("d"), product("e"),
            product("f-sold-out", availability: .outOfStock), product("g"), product("h", brand: "zen"),
        ])
        let a = shop.productBySlug[Records.slug("a")]!
        #expect(shop.related(to: a).map(\.slug.rawValue) == ["c", "d", "e", "g"])
        #expect(shop.related(to: shop.productBySlug[Records.slug("e")]!, limit: 2).map(\.slug.rawValue) == ["a", "c"])
        #expect(shop.related(to: a, limit: 6).map(\.slug.rawValue) == ["c", "d", "e", "g", "b-sold-out", "f-sold-out"])
    }

    @Test func aProductSharingNothingHasNone() {
        let shop = catalog([product("a", brand: "acme"), product("b", brand: "zen")])
        #expect(shop.related(to: shop.productBySlug[Records.slug("a")]!).isEmpty)
    }
}
