public import Foundation
import Synchronization

/// At most `limit` events per key in each `window`, counted in fixed windows from a key's first
/// event: the review form's flood guard, per client address and per reviewed line. In memory, per
/// instance: a flood spread over instances behind a balancer gets each instance's allowance.
///
/// Keys are bounded: past `capacity`, keys whose window is over are dropped, and if that is not
/// enough the older half goes, so a flood of new addresses costs memory only up to a point.
public final class RateLimiter: Sendable {
    public let limit: Int
    public let window: TimeInterval
    let capacity: Int

    private struct Count {
        var start: Date
        var events: Int
    }

    private let counts = Mutex<[String: Count]>([:])

    public init(limit: Int, window: TimeInterval, capacity: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.capacity = capacity
    }

    /// Counts one event for `key` at `now`: nil if allowed, else the whole seconds until the
    /// key's window ends (at least 1), for a `Retry-After` header. A refused event is not counted.
    public func retryAfter(_ key: String, at now: Date) -> Int? {
        counts.withLock { counts in
            if var count = counts[key], now.timeIntervalSince(count.start) < window, now >= count.start {
                guard count.events < limit else {
                    return max(1, Int((count.start.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up)))
                }
                count.events += 1
                counts[key] = count
                return nil
            }
            if counts.count >= capacity { prune(&counts, now: now) }
            counts[key] = Count(start: now, events: 1)
            return nil
        }
    }

    private func prune(_ counts: inout [String: Count], now: Date) {
        counts = counts.filter { now.timeIntervalSince($0.value.start) < window }
        guard counts.count >= capacity else { return }
        let newest = counts.sorted { $0.value.start > $1.value.start }.prefix(capacity / 2)
        counts = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
    }
}
