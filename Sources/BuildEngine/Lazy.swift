import Foundation

/// What several files share (the pages of one brand all depend on all its products; the parts of
/// a sitemap all come from one sorted list), worked out once when the first of them asks, on the
/// worker that renders it, and not at all by a build that never asks.
public final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Value?
    private let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    public var value: Value {
        lock.withLock {
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
