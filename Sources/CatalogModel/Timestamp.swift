public import Foundation

/// A moment from content: an ISO 8601 date or date-time, read in the shop's time zone. Parsed by
/// hand so the result never depends on the machine's time zone or calendar settings: only the
/// zone `site.json` names (UTC by default) decides what a date-only value means.
public struct Timestamp: Sendable, Hashable, Comparable, Codable {
    /// The instant the value means: for a date-only value the start of that day in the shop's
    /// zone, or for an end the start of the day after, since a sale that "ends 31 December" runs
    /// through the 31st.
    public var date: Date
    /// False for a plain date such as `2026-12-24`.
    public var hasTime: Bool
    /// Seconds east of UTC in the shop's zone at `date`: what pages, feeds and the API write the
    /// instant with, so all of them name the wall-clock time the shop means.
    public var utcOffset: Int
    /// For a date-only value, the day as written (days since 1970-01-01). An end's `date` lies
    /// on the next day, and the page still names this one as the last.
    public var day: Int?

    public init(date: Date, hasTime: Bool = true, utcOffset: Int = 0, day: Int? = nil) {
        self.date = date
        self.hasTime = hasTime
        self.utcOffset = utcOffset
        self.day = hasTime ? nil : day ?? Self.localDay(of: date, offset: utcOffset)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            date: try container.decode(Date.self, forKey: .date), hasTime: try container.decode(Bool.self, forKey: .hasTime),
            utcOffset: try container.decodeIfPresent(Int.self, forKey: .utcOffset) ?? 0,
            day: try container.decodeIfPresent(Int.self, forKey: .day))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.date < rhs.date }

    /// The zone content dates are read in when `site.json` names none.
    public static let utc = TimeZone(identifier: "UTC")!

    /// `through`: a date-only value means the end of its day (a promotion's `ends`), not its start.
    /// A date-time without an offset is a wall-clock time in `zone` too.
    public static func parse(_ text: String, in zone: TimeZone = utc, through: Bool = false) -> Result<Timestamp, FieldError> {
        parseUTC(text).map { parsed in
            let stamp = parsed.stamp
            let isUTC = zone.identifier == "UTC" || zone.identifier == "GMT"
            if !stamp.hasTime {
                let written = Self.localDay(of: stamp.date, offset: 0)
                let local = Double(written + (through ? 1 : 0)) * 86_400
                let instant = isUTC ? Date(timeIntervalSince1970: local) : Self.instant(ofLocal: local, in: zone)
                return Timestamp(date: instant, hasTime: false, utcOffset: isUTC ? 0 : zone.secondsFromGMT(for: instant), day: written)
            }
            if isUTC { return stamp }
            let instant = parsed.hadZone ? stamp.date : Self.instant(ofLocal: stamp.date.timeIntervalSince1970, in: zone)
            return Timestamp(date: instant, hasTime: true, utcOffset: zone.secondsFromGMT(for: instant))
        }
    }

    /// The instant whose wall-clock time in `zone` is `local` (seconds as if it were UTC). In a
    /// gap of a clock change the later offset wins, as calendars do.
    static func instant(ofLocal local: Double, in zone: TimeZone) -> Date {
        let first = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local))
        let guess = local - Double(first)
        let second = zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))
        return Date(timeIntervalSince1970: second == first ? guess : local - Double(second))
    }

    /// The calendar day (days since 1970-01-01) of `date` at `offset` seconds east of UTC.
    static func localDay(of date: Date, offset: Int) -> Int {
        Int(((date.timeIntervalSince1970 + Double(offset)) / 86_400).rounded(.down))
    }

    /// Reads the text as UTC (a date alone: its midnight); says whether it named its own offset.
    private static func parseUTC(_ text: String) -> Result<(stamp: Timestamp, hadZone: Bool), FieldError> {
        // Made only when it fails: every record has a date, and the message was most of reading one.
        var failure: FieldError {
            FieldError("\"\(text)\" is not an ISO 8601 date or date-time; write e.g. 2026-12-24 or 2026-12-24T09:00:00Z")
        }
        let chars = Array(text.trimmingWhitespace().utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= chars.count else { return nil }
            var value = 0
            for c in chars[index..<index + width] {
                guard c >= 48 && c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            index += width
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard index < chars.count, chars[index] == c else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return .failure(failure) }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if index == chars.count { return .success((Timestamp(date: Date(timeIntervalSince1970: seconds), hasTime: false), false)) }
        guard expect(84) || expect(116) || expect(32),  // T, t or space
            let hour = number(2), expect(58), let minute = number(2), hour < 24, minute < 60
        else { return .failure(failure) }
        var second = 0.0
        if expect(58) {
            guard let s = number(2), s < 61 else { return .failure(failure) }
            second = Double(s)
            if expect(46) {
                var scale = 0.1
                var any = false
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                    second += Double(chars[index] - 48) * scale
                    scale /= 10
                    index += 1
                    any = true
                }
                if !any { return .failure(failure) }
            }
        }
        seconds += Double(hour * 3600 + minute * 60) + second
        if index < chars.count, chars[index] == 32 { index += 1 }
        let hadZone = index < chars.count
        if expect(90) || expect(122) || index == chars.count {  // Z, z, or no zone: the caller's
        } else {
            let sign: Double
            if expect(43) { sign = 1 } else if expect(45) { sign = -1 } else { return .failure(failure) }
            guard let zh = number(2), zh < 24 else { return .failure(failure) }
            _ = expect(58)
            let zm = number(2) ?? 0
            seconds -= sign * Double(zh * 3600 + zm * 60)
        }
        guard index == chars.count else { return .failure(failure) }
        return .success((Timestamp(date: Date(timeIntervalSince1970: seconds), hasTime: true), hadZone))
    }

    /// As written for a date (`2026-12-24`, the day itself, also for an end), else the instant
    /// with the shop's offset (`2026-12-24T09:00:00Z`, `2026-12-24T01:00:00-08:00`).
    public var iso8601: String {
        hasTime ? rfc3339 : Self.dayText(day ?? Self.localDay(of: date, offset: utcOffset))
    }

    /// The instant in RFC 3339 at the shop's offset (`Z` in UTC): for feeds, the API and
    /// structured data, which must name the same moment the page does.
    public var rfc3339: String {
        if utcOffset == 0 { return Timestamp.rfc3339(date) }
        let local = Timestamp.rfc3339(date.addingTimeInterval(Double(utcOffset))).dropLast()
        return local + Self.offsetText(utcOffset, separator: ":")
    }

    /// The last day the value still covers in the shop's zone: an end's day as written, or the
    /// day of the second before an end given with a time (schema.org's `priceValidUntil`).
    public var lastDay: String {
        if let day, !hasTime { return Self.dayText(day) }
        return Self.dayText(Self.localDay(of: date.addingTimeInterval(-1), offset: utcOffset))
    }

    /// `2026-12-24` for days since 1970-01-01.
    static func dayText(_ day: Int) -> String {
        let c = components(of: Date(timeIntervalSince1970: Double(day) * 86_400))
        guard (0...9999).contains(c.year) else { return pad(c.year, 4) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2) }
        return written(c, length: 10)
    }

    /// `+09:00`, `-08:00` (or without the colon).
    static func offsetText(_ offset: Int, separator: String) -> String {
        let minutes = abs(offset) / 60
        return (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + separator + pad(minutes % 60, 2)
    }

    /// Calendar fields in UTC.
    public static func components(of date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        var days = total / 86_400
        var rest = total % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let (y, m, d) = civilFromDays(days)
        return (y, m, d, rest / 3600, rest % 3600 / 60, rest % 60)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Howard Hinnant's days-from-civil: days since 1970-01-01 in the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}

extension Timestamp {
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `24 December 2026` (and `, 09:00 UTC` or `, 09:00 UTC-8` with a time, in the shop's
    /// zone): readable in every English locale. A date-only end names its own day, the last one
    /// the promotion runs.
    public var displayText: String {
        if !hasTime, let day {
            let c = Timestamp.components(of: Date(timeIntervalSince1970: Double(day) * 86_400))
            return "\(c.day) \(Timestamp.monthNames[c.month - 1]) \(c.year)"
        }
        let c = Timestamp.components(of: date.addingTimeInterval(Double(utcOffset)))
        let day = "\(c.day) \(Timestamp.monthNames[c.month - 1]) \(c.year)"
        guard hasTime && (c.hour != 0 || c.minute != 0) else { return day }
        return day + ", " + Timestamp.pad(c.hour, 2) + ":" + Timestamp.pad(c.minute, 2) + " " + Timestamp.zoneLabel(utcOffset)
    }

    /// `UTC`, `UTC+9`, `UTC-8`, `UTC+5:30`: a zone named by its offset, which no locale misreads.
    static func zoneLabel(_ offset: Int) -> String {
        guard offset != 0 else { return "UTC" }
        let minutes = abs(offset) / 60
        return "UTC" + (offset < 0 ? "-" : "+") + String(minutes / 60) + (minutes % 60 == 0 ? "" : ":" + pad(minutes % 60, 2))
    }

    /// RFC 822 with a numeric zone, as RSS 2.0 wants: `Thu, 24 Dec 2026 09:00:00 +0000`.
    public static func rfc822(_ date: Date) -> String {
        let c = components(of: date)
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][c.month - 1]
        return weekday + ", " + pad(c.day, 2) + " " + month + " " + pad(c.year, 4) + " " + pad(c.hour, 2) + ":"
            + pad(c.minute, 2) + ":" + pad(c.second, 2) + " +0000"
    }

    /// RFC 3339 in UTC for machine-readable dates (JSON Feed, sitemaps, `<time datetime>`, the
    /// checkout's expiry times). Digits go straight into one buffer: the checkout service writes
    /// one per answer, and joining padded parts was a twentieth of the time `POST
    /// /api/checkout-links` took.
    public static func rfc3339(_ date: Date) -> String {
        let c = components(of: date)
        guard (0...9999).contains(c.year) else {
            return pad(c.year, 4) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2) + "T" + pad(c.hour, 2) + ":"
                + pad(c.minute, 2) + ":" + pad(c.second, 2) + "Z"
        }
        return written(c, length: 20)
    }

    /// The first `length` bytes of `YYYY-MM-DDThh:mm:ssZ` (10: the date alone) for a four-digit
    /// year, written straight into the string: an array of the bytes first, copied into the
    /// string after, and the date cut from the whole text a character at a time, made every date
    /// of the API and the structured data cost two allocations and a walk of grapheme clusters.
    private static func written(_ c: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int), length: Int) -> String {
        String(unsafeUninitializedCapacity: length) { text in
            let pattern: StaticString = "0000-00-00T00:00:00Z"
            pattern.withUTF8Buffer { pattern in
                for index in 0..<length { text[index] = pattern[index] }
            }
            func put(_ value: Int, endingAt last: Int) {
                guard last < length else { return }
                var value = value
                var index = last
                while value > 0 {
                    text[index] += UInt8(value % 10)
                    value /= 10
                    index -= 1
                }
            }
            put(c.year, endingAt: 3)
            put(c.month, endingAt: 6)
            put(c.day, endingAt: 9)
            put(c.hour, endingAt: 12)
            put(c.minute, endingAt: 15)
            put(c.second, endingAt: 18)
            return length
        }
    }

    /// `%0Nd` without `String(format:)`, which on Linux goes through Foundation's bridging and was
    /// a few percent of a whole build (every API product document has a date).
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let zeros = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
