public import Foundation

/// A moment from content: an ISO 8601 date (midnight UTC) or date-time. Parsed by hand so the
/// result never depends on the machine's time zone or calendar settings.
public struct Timestamp: Sendable, Hashable, Comparable, Codable {
    public var date: Date
    /// False for a plain date such as `2026-12-24`.
    public var hasTime: Bool

    public init(date: Date, hasTime: Bool = true) {
        self.date = date
        self.hasTime = hasTime
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.date < rhs.date }

    public static func parse(_ text: String) -> Result<Timestamp, FieldError> {
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
        if index == chars.count { return .success(Timestamp(date: Date(timeIntervalSince1970: seconds), hasTime: false)) }
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
        if expect(90) || expect(122) || index == chars.count {  // Z, z or no zone: UTC
        } else {
            let sign: Double
            if expect(43) { sign = 1 } else if expect(45) { sign = -1 } else { return .failure(failure) }
            guard let zh = number(2), zh < 24 else { return .failure(failure) }
            _ = expect(58)
            let zm = number(2) ?? 0
            seconds -= sign * Double(zh * 3600 + zm * 60)
        }
        guard index == chars.count else { return .failure(failure) }
        return .success(Timestamp(date: Date(timeIntervalSince1970: seconds), hasTime: true))
    }

    /// `2026-12-24` or `2026-12-24T09:00:00Z`, always UTC.
    public var iso8601: String {
        if hasTime { return Timestamp.rfc3339(date) }
        let c = Timestamp.components(of: date)
        guard (0...9999).contains(c.year) else { return String(Timestamp.rfc3339(date).prefix { $0 != "T" }) }
        return Timestamp.written(c, length: 10)
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

    /// `24 December 2026` (and `, 09:00 UTC` with a time): readable in every English locale.
    public var displayText: String {
        let c = Timestamp.components(of: date)
        let day = "\(c.day) \(Timestamp.monthNames[c.month - 1]) \(c.year)"
        return hasTime && (c.hour != 0 || c.minute != 0) ? day + ", " + Timestamp.pad(c.hour, 2) + ":" + Timestamp.pad(c.minute, 2) + " UTC" : day
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
