import CatalogModel
import ContentLoader
import Foundation
import Orders

/// Amounts and times as the shop shows them: amounts in `site.json`'s locale, as its pages print
/// prices, and times in its time zone, the day a shopkeeper means by "yesterday's orders". Read
/// from `site.json` itself, like the forms' currencies, so the orders still show while the
/// catalog does not validate.
struct OrderDisplay: Sendable {
    var locale: String
    var timeZone: TimeZone

    init(locale: String = "en_US", timeZone: TimeZone = Timestamp.utc) {
        self.locale = locale
        self.timeZone = timeZone
    }

    static func shop(in folder: ContentFolder) -> OrderDisplay {
        guard let data = folder.bytes("site.json"),
            let site = try? RecordSource.parse(data, kind: .site, isJSON: true, path: folder.displayName + "/site.json").get()
        else { return OrderDisplay() }
        var display = OrderDisplay()
        if let locale = site.entry("locale")?.value.scalarText, !locale.isEmpty { display.locale = locale }
        if let zone = site.entry("timeZone")?.value.scalarText.flatMap(TimeZone.init(identifier:)) { display.timeZone = zone }
        return display
    }

    func amount(_ minorUnits: Int64, of order: Order) -> String {
        order.money(minorUnits).formatted(locale: locale)
    }

    /// `<time datetime="2025-12-01T12:00:00Z">2025-12-01 13:00 +01:00</time>`: the shop's clock
    /// with its offset, and the instant for anything that reads the page. Written by hand, as
    /// prices are, so every machine prints the same text.
    func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : String($0) } ?? "00" }
        let offset = timeZone.secondsFromGMT(for: date)
        let zone: String
        if offset == 0 {
            zone = "UTC"
        } else {
            let minutes = abs(offset) / 60
            zone = (offset < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
        }
        let shown = "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)) \(zone)"
        return "<time datetime=\"\(Timestamp.rfc3339(date))\">\(shown)</time>"
    }
}
