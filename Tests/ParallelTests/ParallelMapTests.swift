import Foundation
import Parallel
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

    /// Results are moved out of unlocked storage: each must arrive once, intact, and be freed once
    /// the caller lets go of it (neither leaked nor freed twice).
    @Test func resultsThatOwnMemoryArriveOnceAndAreFreedOnce() {
        let alive = Counter()
        do {
            let results = ParallelMap.map(count: 5_000) { Tracked(index: $0, alive: alive) }
            #expect(results.map(\.index) == Array(0..<5_000))
            #expect(alive.value == 5_000)
        }
        #expect(alive.value == 0)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add(_ delta: Int) { lock.withLock { count += delta } }
}

private final class Tracked: Sendable {
    let index: Int
    let alive: Counter

    init(index: Int, alive: Counter) {
        self.index = index
        self.alive = alive
        alive.add(1)
    }

    deinit { alive.add(-1) }
}
