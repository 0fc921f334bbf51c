import Foundation
import Synchronization

extension Timestamp {
    /// The day, and the time where one was given and it is not midnight, as a shopper in `locale`
    /// reads it: CLDR's long date through ICU (Foundation's date format style) in the Gregorian
    /// calendar, which the ISO dates beside it in `datetime` and the feeds use too: `2026년 12월
    /// 24일`, `2026年12月24日`, `December 24, 2026, 9:00 AM UTC-8`. The zone stays the offset label
    /// `displayText` prints, which no locale misreads. Each distinct value is formatted once per
    /// locale: a catalog's promotions and sale ends repeat a few hundred dates on 100,000 pages.
    public func displayText(locale: String) -> String {
        TimestampFormatter.shared.text(for: self, locale: locale)
    }
}

/// ICU's date formats, made once per locale, and the texts they printed.
final class TimestampFormatter: Sendable {
    static let shared = TimestampFormatter()

    struct Key: Hashable {
        var locale: String
        /// Seconds since 1970 of the local day's midnight (a date) or of the instant (a time).
        var seconds: Int64
        /// The shop's offset for an instant with a time of day; nil for a date.
        var offset: Int?
    }

    private let memo = Mutex<[Key: String]>([:])

    func text(for timestamp: Timestamp, locale: String) -> String {
        let key = Self.key(of: timestamp, locale: locale)
        if let known = memo.withLock({ $0[key] }) { return known }
        let text = Self.format(key)
        memo.withLock { $0[key] = text }
        return text
    }

    /// A date, or an instant whose local time is midnight, is shown as its day alone, as
    /// `displayText` does.
    static func key(of timestamp: Timestamp, locale: String) -> Key {
        if !timestamp.hasTime, let day = timestamp.day { return Key(locale: locale, seconds: Int64(day) * 86_400, offset: nil) }
        let c = Timestamp.components(of: timestamp.date.addingTimeInterval(Double(timestamp.utcOffset)))
        guard timestamp.hasTime, c.hour != 0 || c.minute != 0 else {
            let day = Timestamp.localDay(of: timestamp.date, offset: timestamp.utcOffset)
            return Key(locale: locale, seconds: Int64(day) * 86_400, offset: nil)
        }
        return Key(locale: locale, seconds: Int64(timestamp.date.timeIntervalSince1970.rounded(.down)), offset: timestamp.utcOffset)
    }

    static func format(_ key: Key) -> String {
        let zone = TimeZone(secondsFromGMT: key.offset ?? 0) ?? .gmt
        let style = Date.FormatStyle(
            date: .long, time: key.offset == nil ? .omitted : .shortened, locale: Locale(identifier: key.locale),
            calendar: Calendar(identifier: .gregorian), timeZone: zone)
        let text = Date(timeIntervalSince1970: Double(key.seconds)).formatted(style)
        guard let offset = key.offset else { return text }
        return text + " " + Timestamp.zoneLabel(offset)
    }
}
