public import Foundation

/// Inputs several files share (the pages of one brand all show all its products), worked out
/// once when the first of them is asked, and not at all by a build that never asks.
public final class SharedDependencies: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Set<Dependency>?
    private let make: @Sendable () -> Set<Dependency>

    public init(_ make: @escaping @Sendable () -> Set<Dependency>) { self.make = make }

    public var set: Set<Dependency> {
        lock.withLock {
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}
