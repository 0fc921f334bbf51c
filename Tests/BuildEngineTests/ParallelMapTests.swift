import BuildEngine
import CatalogModel
import Testing

@Suite struct ParallelMapTests {
    @Test func keepsTheInputOrder() {
        let items = Array(0..<1000)
        #expect(ParallelMap.map(items) { $0 * 2 } == items.map { $0 * 2 })
        #expect(ParallelMap.map(count: 0) { $0 }.isEmpty)
    }

    @Test func chunkedKeepsTheInputOrderForAnyCount() {
        for count in [0, 1, 15, 16, 17, 1_000, 4_099] {
            let items = (0..<count).map { "item \($0)" }
            #expect(ParallelMap.map(chunked: items, minimum: 16) { $0.uppercased() } == items.map { $0.uppercased() }, "\(count)")
        }
    }

    @Test func indicesGiveEveryIndexOnceInOrder() {
        for count in [0, 1, 64, 65, 10_000] {
            #expect(ParallelMap.indices(count) { $0 * 3 } == (0..<count).map { $0 * 3 }, "\(count)")
        }
    }

    @Test func rangesCoverEveryIndexOnceInOrder() {
        for (count, minimum) in [(0, 64), (1, 64), (63, 64), (10_000, 64), (10_000, 256), (7, 1), (10, 1), (8_193, 1)] {
            let ranges = ParallelMap.map(ranges: count, minimum: minimum) { $0 }
            #expect(ranges.flatMap { Array($0) } == Array(0..<count), "\(count) by \(minimum)")
            #expect(count == 0 ? ranges == [0..<0] : ranges.allSatisfy { !$0.isEmpty }, "\(count) by \(minimum)")
        }
    }
}
