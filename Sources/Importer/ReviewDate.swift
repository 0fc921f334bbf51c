import CatalogModel
import Foundation

/// A date as review services write them in their CSV files, read into the ISO 8601 text a review
/// line holds. Seen in exports: `2025-03-02 10:12:00 UTC` and `2025-01-10` (Judge.me),
/// `2026-08-01`, `2026-08-01T09:30:00.000Z` and `15/03/2025` (Yotpo), and Judge.me's import
/// template documents `dd/mm/yyyy`. A date with a zone keeps it (`UTC` becomes `Z`); a time
/// without one is the shop's wall-clock time, as `date` in a review line means.
struct ReviewDate: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var time: (hour: Int, minute: Int, second: Int)?
    /// `Z` or `+01:00`.
    var zone: String?

    static func == (a: ReviewDate, b: ReviewDate) -> Bool { a.iso8601 == b.iso8601 }

    var iso8601: String {
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        if let time { text += "T" + pad(time.hour, 2) + ":" + pad(time.minute, 2) + ":" + pad(time.second, 2) + (zone ?? "") }
        return text
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The two numbers before the year in a date with slashes (`03/04/2026` → 3, 4), which tell
    /// the order when one of them is over 12.
    static func slashFields(_ text: String) -> (Int, Int)? {
        var scanner = Scanner(text)
        guard let first = scanner.number(maxDigits: 2), scanner.take("/"), let second = scanner.number(maxDigits: 2), scanner.take("/"),
            scanner.number(exactDigits: 4) != nil
        else { return nil }
        return (first, second)
    }

    /// Nil when the text is no date this reads; `order` decides `dd/mm/yyyy` against `mm/dd/yyyy`.
    static func parse(_ text: String, order: ReviewImporter.DateOrder) -> ReviewDate? {
        var scanner = Scanner(text.trimmingCharacters(in: .whitespaces))
        var date: ReviewDate
        if let year = scanner.number(exactDigits: 4) {
            guard scanner.take("-") || scanner.take("/"), let month = scanner.number(maxDigits: 2), scanner.take("-") || scanner.take("/"),
                let day = scanner.number(maxDigits: 2)
            else { return nil }
            date = ReviewDate(year: year, month: month, day: day)
        } else if let first = scanner.number(maxDigits: 2), scanner.take("/"), let second = scanner.number(maxDigits: 2), scanner.take("/"),
            let year = scanner.number(exactDigits: 4)
        {
            date = order == .dmy ? ReviewDate(year: year, month: second, day: first) : ReviewDate(year: year, month: first, day: second)
        } else {
            return nil
        }
        guard (1...12).contains(date.month), (1...Self.days(inMonth: date.month, year: date.year)).contains(date.day) else { return nil }
        if scanner.take("T") || scanner.take(" ") || scanner.take(", ") {
            scanner.skipSpaces()
            guard var hour = scanner.number(maxDigits: 2), scanner.take(":"), let minute = scanner.number(exactDigits: 2) else { return nil }
            var second = 0
            if scanner.take(":") {
                guard let s = scanner.number(exactDigits: 2) else { return nil }
                second = s
                if scanner.take(".") { guard scanner.digits() > 0 else { return nil } }
            }
            scanner.skipSpaces()
            if scanner.take("AM") || scanner.take("am") {
                guard (1...12).contains(hour) else { return nil }
                if hour == 12 { hour = 0 }
            } else if scanner.take("PM") || scanner.take("pm") {
                guard (1...12).contains(hour) else { return nil }
                if hour != 12 { hour += 12 }
            }
            guard hour < 24, minute < 60, second < 60 else { return nil }
            date.time = (hour, minute, second)
            scanner.skipSpaces()
            if scanner.take("Z") || scanner.take("UTC") || scanner.take("GMT") {
                date.zone = "Z"
                // `UTC+01:00`, as some exports write it.
                if let offset = scanner.offset() { date.zone = offset }
            } else if let offset = scanner.offset() {
                date.zone = offset
            }
            scanner.skipSpaces()
        }
        guard scanner.atEnd else { return nil }
        return date
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads ASCII digits and marks from the front of a text.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ mark: String) -> Bool {
            let mark = Array(mark.utf8)
            guard bytes[index...].starts(with: mark) else { return false }
            index += mark.count
            return true
        }

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        }

        /// How many digits were skipped.
        mutating func digits() -> Int {
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - start
        }

        mutating func number(maxDigits: Int) -> Int? {
            let start = index
            var value = 0
            while index < bytes.count, index - start < maxDigits, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            return index > start ? value : nil
        }

        mutating func number(exactDigits: Int) -> Int? {
            let start = index
            guard let value = number(maxDigits: exactDigits), index - start == exactDigits else {
                index = start
                return nil
            }
            return value
        }

        /// `+01:00`, `+0100`, `-08`, as `+01:00`.
        mutating func offset() -> String? {
            let start = index
            guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
            let sign = bytes[index] == UInt8(ascii: "+") ? "+" : "-"
            index += 1
            guard let hours = number(exactDigits: 2), hours < 24 else {
                index = start
                return nil
            }
            _ = take(":")
            let minutes = number(exactDigits: 2) ?? 0
            guard minutes < 60 else {
                index = start
                return nil
            }
            return sign + (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
        }
    }
}
