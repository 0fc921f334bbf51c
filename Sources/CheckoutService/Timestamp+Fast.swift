import CatalogModel
import Foundation

extension Timestamp {
    /// `2026-12-01T12:30:00Z`, as `iso8601` prints a date-time, without `String(format:)`, which
    /// was a twentieth of the time spent answering `POST /api/checkout-links`.
    static func iso8601DateTime(_ date: Date) -> String {
        let c = components(of: date)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        let year = String(c.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(c.month) + "-" + two(c.day) + "T"
            + two(c.hour) + ":" + two(c.minute) + ":" + two(c.second) + "Z"
    }
}
