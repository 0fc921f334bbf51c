import Parallel
import Testing

@Suite struct ParallelMapSortTests {
    /// Keys with many ties, so that a merge taking the wrong side first would show.
    func keys(_ count: Int) -> [Int] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 58)
        }
    }

    @Test(arguments: [0, 1, 7, 100, 3_000, 4_095, 4_097, 20_000, 65_537])
    func sortsStablyLikeTheStandardLibrary(count: Int) {
        let keys = keys(count)
        let expected = (0..<count).sorted { keys[$0] < keys[$1] }
        #expect(ParallelMap.sortedIndices(count, minimum: 1_000) { keys[$0] < keys[$1] } == expected)
        #expect(ParallelMap.sortedIndices(count) { keys[$0] < keys[$1] } == expected)
    }

    @Test func theRunsAreMergedNotJustJoined() {
        // Descending keys: every run's indices belong after the next run's.
        let order = ParallelMap.sortedIndices(10_000, minimum: 100) { $0 > $1 }
        #expect(order == Array((0..<10_000).reversed()))
    }

    /// Paths that share their first 32 bytes or fewer, are shorter than a key, end in a zero byte
    /// or repeat: the keys decide only where the bytes differ early, and ties keep their order.
    @Test(arguments: [false, true])
    func sortsTextsAsTheStandardLibraryDoes(withAccents: Bool) {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let stems = ["products/p-0", "products/p-00000", "api/v1/brands/estee-lauder/products/", "products/", "p", "",
            "brands/b/", "a\u{0}", "a"]
            // Composed accents only: Swift orders "cafe\u{301}/97" neither before, after nor equal
            // to "caf\u{E9}/976", so no two sorts need agree on decomposed ones.
            + (withAccents ? ["caf\u{E9}/", "\u{FC}ber/", "\u{C5}"] : [])
        let texts = (0..<12_000).map { _ in stems[next(stems.count)] + String(next(1_000)) + (next(2) == 0 ? "/index.html" : "") }
        let expected = (0..<texts.count).sorted { texts[$0] < texts[$1] }
        #expect(ParallelMap.sortedIndices(of: texts, minimum: 1_000) == expected)
        // Equal texts by a second key, as the catalog sorts names and then slugs.
        let seconds = texts.indices.map { _ in next(5) }
        let byBoth = (0..<texts.count).sorted { (texts[$0], seconds[$0]) < (texts[$1], seconds[$1]) }
        #expect(ParallelMap.sortedIndices(of: texts, minimum: 1_000) { seconds[$0] < seconds[$1] } == byBoth)
    }
}
