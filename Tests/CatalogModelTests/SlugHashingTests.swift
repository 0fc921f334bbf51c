import CatalogModel
import Foundation
import Testing

@Suite struct SlugHashingTests {
    /// Slugs hash through `TextHash`, not `String`'s SipHash: tables keyed by them must still find
    /// every slug, and only equal slugs.
    @Test func tablesKeyedBySlugFindEverySlugAndNoOther() throws {
        let slugs = try (0..<3_000).map { try #require(Slug("brand-\($0 % 37)-product-\($0)")) }
        var positions: [Slug: Int] = [:]
        for (index, slug) in slugs.enumerated() { positions[slug] = index }
        #expect(positions.count == slugs.count)
        for (index, slug) in slugs.enumerated() { #expect(positions[slug] == index) }
        #expect(positions[try #require(Slug("brand-0-product-30000"))] == nil)
        #expect(Set(slugs + slugs).count == slugs.count)
    }

    @Test func equalSlugsHashAlikeWhereverTheyCameFrom() throws {
        let made = try #require(Slug("night-serum"))
        let decoded = try JSONDecoder().decode(Slug.self, from: Data(#"{"rawValue": "night-serum"}"#.utf8))
        #expect(made == decoded)
        #expect(made.hashValue == decoded.hashValue)
        #expect(made._rawHashValue(seed: 99) == decoded._rawHashValue(seed: 99))
    }
}
