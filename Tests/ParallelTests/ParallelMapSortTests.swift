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
}
