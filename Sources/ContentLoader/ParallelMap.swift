import Dispatch
import Foundation

/// `map` over all cores, results in input order.
public enum ParallelMap {
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let box = ResultBox<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            box.set(index, transform(items[index]))
        }
        return box.values()
    }

    /// Runs `body` for every index on all cores, in chunks so small items do not pay for scheduling.
    public static func forEach(count: Int, chunk: Int = 16, _ body: @Sendable (Int) -> Void) {
        let chunks = (count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for i in (c * chunk)..<min(count, (c + 1) * chunk) { body(i) }
        }
    }
}

/// Each slot is written by exactly one iteration; the lock only orders those writes with the final read.
private final class ResultBox<R>: @unchecked Sendable {
    private var storage: [R?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: R) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    func values() -> [R] {
        lock.lock()
        defer { lock.unlock() }
        return storage.map { $0! }
    }
}
