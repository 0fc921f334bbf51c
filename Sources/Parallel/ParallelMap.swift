import Dispatch
import Foundation

/// `map` over all cores, results in input order: the one way every module spreads work, so
/// each part of a build shares the same chunking and the same way of collecting results.
public enum ParallelMap {
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        map(count: items.count) { transform(items[$0]) }
    }

    /// `transform` of every index in `0..<count`, one iteration each.
    public static func map<R: Sendable>(count: Int, _ transform: @Sendable (Int) -> R) -> [R] {
        let box = ResultBox<R>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            box.set(index, transform(index))
        }
        return box.values()
    }

    /// `body` over consecutive ranges of `0..<count`, a few per core and at least `minimum`
    /// indices each, so small items do not pay for scheduling; results in range order. None is
    /// empty unless `count` is 0 (then `body` sees `0..<0` once).
    public static func map<R: Sendable>(ranges count: Int, minimum: Int = 64, _ body: @Sendable (Range<Int>) -> R) -> [R] {
        let wanted = max(1, min(count / max(1, minimum), ProcessInfo.processInfo.activeProcessorCount * 4))
        let size = max(1, (count + wanted - 1) / wanted)
        let parts = max(1, (count + size - 1) / size)
        return map(count: parts) { part in body((part * size)..<min(count, (part + 1) * size)) }
    }

    /// `map` for many small items: in consecutive runs per thread (see `map(ranges:)`), so a
    /// thousand quick lookups do not each pay for scheduling and a lock.
    public static func map<T: Sendable, R: Sendable>(
        chunked items: [T], minimum: Int = 64, _ transform: @Sendable (T) -> R
    ) -> [R] {
        indices(items.count, minimum: minimum) { transform(items[$0]) }
    }

    /// `transform` of every index in `0..<count` in runs per thread (see `map(ranges:)`), results
    /// in index order: what `map(chunked:)` does, for callers that hold no array of items, such as
    /// `Catalog.priced(at:map:)`.
    public static func indices<R: Sendable>(_ count: Int, minimum: Int = 64, _ transform: @Sendable (Int) -> R) -> [R] {
        map(ranges: count, minimum: minimum) { range in range.map(transform) }.flatMap { $0 }
    }

    /// Runs `body` for every index on all cores, in chunks so small items do not pay for scheduling.
    public static func forEach(count: Int, chunk: Int = 16, _ body: @Sendable (Int) -> Void) {
        let chunks = (count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for i in (c * chunk)..<min(count, (c + 1) * chunk) { body(i) }
        }
    }
}

/// Each slot is written by exactly one iteration, so slots need no lock; `concurrentPerform`
/// returns only after every iteration has finished, which orders those writes before the final
/// read. A lock per slot was contended: 8 % of the 100,000-product catalog's decoding went to
/// futex waits and wakes in `perf`.
private final class ResultBox<R>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<R>
    private let count: Int

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: max(1, count))
    }

    func set(_ index: Int, _ value: R) {
        (storage + index).initialize(to: value)
    }

    /// Moves the results out; called once, after every slot is set.
    func values() -> [R] {
        guard count > 0 else { return [] }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: storage, count: count)
            initialized = count
        }
    }

    deinit { storage.deallocate() }
}
