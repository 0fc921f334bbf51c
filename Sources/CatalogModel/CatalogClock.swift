public import Foundation

/// The shop's "now": which promotions are active, and in the checkout service when links expire.
/// One for the build, the preview and the service, so `--clock` reads the same in each.
public enum CatalogClock {
    /// The moment `--clock` names; nil without one.
    public static func moment(option: String?) -> Result<Date?, FieldError> {
        guard let option else { return .success(nil) }
        return Timestamp.parse(option).map { $0.date }.mapError { FieldError("--clock: \($0.message)") }
    }

    /// A build's fixed "now": `--clock`, else `SOURCE_DATE_EPOCH` (the reproducible-builds
    /// convention), else the wall clock.
    public static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<Date, FieldError>
    {
        moment(option: option).flatMap { fixed in
            if let fixed { return .success(fixed) }
            if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
                guard let seconds = Int64(epoch) else {
                    return .failure(FieldError("SOURCE_DATE_EPOCH: \"\(epoch)\" is not a number of seconds since 1970; write e.g. 1798761600"))
                }
                return .success(Date(timeIntervalSince1970: TimeInterval(seconds)))
            }
            return .success(Date())
        }
    }

    /// A server's "now": the wall clock, or one started at `start` that then runs on, so
    /// promotions are as on that day and links still expire.
    public static func running(from start: Date?) -> @Sendable () -> Date {
        guard let start else { return { Date() } }
        let origin = ContinuousClock.now
        return { start.addingTimeInterval(seconds(ContinuousClock.now - origin)) }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
