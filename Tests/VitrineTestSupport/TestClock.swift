public import Foundation

/// A clock a test moves by hand while the code under test reads it from other tasks.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date

    public init(_ start: Date = Records.now) { value = start }

    public var now: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }

    public func advance(by seconds: TimeInterval) {
        lock.withLock { value = value.addingTimeInterval(seconds) }
    }
}
