import CatalogModel
import Foundation
import Testing

/// A storefront prints days as its locale writes them (CLDR's long date), the same day the
/// shop's zone gives `displayText`, with the zone as the same offset label.
@Suite struct TimestampLocaleTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    func stamp(_ text: String, in zone: TimeZone, through: Bool = false) throws -> Timestamp {
        try Timestamp.parse(text, in: zone, through: through).get()
    }

    @Test func aDayIsWrittenAsEachLocaleWritesIt() throws {
        let day = try stamp("2026-12-24", in: Self.losAngeles)
        #expect(day.displayText(locale: "ko_KR") == "2026년 12월 24일")
        #expect(day.displayText(locale: "ja_JP") == "2026年12月24日")
        #expect(day.displayText(locale: "en_US") == "December 24, 2026")
        #expect(day.displayText(locale: "de_DE") == "24. Dezember 2026")
        #expect(day.displayText(locale: "ar_AE").contains("ديسمبر"))
    }

    @Test func anEndDateShowsTheDayTheShopWrote() throws {
        let ends = try stamp("2026-12-31", in: Self.losAngeles, through: true)
        #expect(ends.displayText(locale: "ko_KR") == "2026년 12월 31일")
    }

    @Test func aTimeIsShownInTheShopsZoneWithItsOffsetLabel() throws {
        let given = try stamp("2026-12-24T09:00:00Z", in: Self.losAngeles)
        let text = given.displayText(locale: "en_US")
        #expect(text.hasPrefix("December 24, 2026"))
        #expect(text.contains("1:00"))
        #expect(text.hasSuffix(" UTC-8"))
        let korean = try stamp("2026-12-24T15:30", in: Self.seoul).displayText(locale: "ko_KR")
        #expect(korean.hasPrefix("2026년 12월 24일"))
        #expect(korean.contains("3:30"))
        #expect(korean.hasSuffix(" UTC+9"))
    }

    @Test func midnightInTheShopsZoneIsTheDayAlone() throws {
        let midnight = try stamp("2026-12-24T00:00", in: Self.seoul)
        #expect(midnight.displayText(locale: "ja_JP") == "2026年12月24日")
    }

    @Test func theGregorianCalendarEvenWhereTheLocaleDefaultsToAnother() throws {
        let day = try stamp("2026-12-24", in: Self.losAngeles)
        // Saudi Arabia's locale counts years in the Islamic calendar by default (1448).
        #expect(day.displayText(locale: "ar_SA").contains("2026") || day.displayText(locale: "ar_SA").contains("٢٠٢٦"))
    }
}
