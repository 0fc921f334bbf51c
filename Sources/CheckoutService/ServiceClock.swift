public import Foundation

/// The service's "now": the wall clock, or one started at a fixed moment that then runs on
/// (so promotions are as on that day and links still expire).
public enum ServiceClock {
    public static func make(startingAt start: Date?) -> @Sendable () -> Date {
        guard let start else { return { Date() } }
        let origin = ContinuousClock.now
        return { start.addingTimeInterval(Self.seconds(ContinuousClock.now - origin)) }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
