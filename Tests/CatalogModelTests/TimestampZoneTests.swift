import CatalogModel
import Foundation
import Testing

/// A date written without a time is a day of the shop's zone, and an end runs through its day:
/// the instant pages, feeds, the API and the checkout compare with the clock.
@Suite struct TimestampZoneTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    func stamp(_ text: String, in zone: TimeZone, through: Bool = false) throws -> Timestamp {
        try Timestamp.parse(text, in: zone, through: through).get()
    }

    func instant(_ text: String) throws -> Date { try Timestamp.parse(text).get().date }

    @Test func aDateAloneStartsAtMidnightInTheShopsZone() throws {
        let starts = try stamp("2026-12-01", in: Self.losAngeles)
        #expect(starts.date == (try instant("2026-12-01T08:00:00Z")))
        #expect(starts.rfc3339 == "2026-12-01T00:00:00-08:00")
        #expect(starts.iso8601 == "2026-12-01")
        #expect(starts.displayText == "1 December 2026")
    }

    @Test func anEndDateRunsThroughItsDay() throws {
        let ends = try stamp("2026-12-31", in: Self.losAngeles, through: true)
        #expect(ends.date == (try instant("2027-01-01T08:00:00Z")))
        #expect(ends.rfc3339 == "2027-01-01T00:00:00-08:00")
        // The page and the structured data name the day the shop wrote, not the next one.
        #expect(ends.displayText == "31 December 2026")
        #expect(ends.iso8601 == "2026-12-31")
        #expect(ends.lastDay == "2026-12-31")
    }

    @Test func anEndDateInUTCRunsThroughItsDayToo() throws {
        let ends = try stamp("2026-12-25", in: Timestamp.utc, through: true)
        #expect(ends.rfc3339 == "2026-12-26T00:00:00Z")
        #expect(ends.displayText == "25 December 2026")
        #expect(ends.lastDay == "2026-12-25")
    }

    @Test func theOffsetFollowsDaylightSavingTime() throws {
        let summer = try stamp("2026-07-01", in: Self.losAngeles)
        #expect(summer.rfc3339 == "2026-07-01T00:00:00-07:00")
        #expect(summer.date == (try instant("2026-07-01T07:00:00Z")))
    }

    @Test func aTimeWithoutAnOffsetIsTheShopsWallClock() throws {
        let opening = try stamp("2026-12-24T09:00", in: Self.seoul)
        #expect(opening.date == (try instant("2026-12-24T00:00:00Z")))
        #expect(opening.rfc3339 == "2026-12-24T09:00:00+09:00")
        #expect(opening.displayText == "24 December 2026, 09:00 UTC+9")
    }

    @Test func aTimeWithItsOwnOffsetKeepsItsInstantAndIsShownInTheShopsZone() throws {
        let given = try stamp("2026-12-24T09:00:00Z", in: Self.losAngeles)
        #expect(given.date == (try instant("2026-12-24T09:00:00Z")))
        #expect(given.displayText == "24 December 2026, 01:00 UTC-8")
        #expect(given.lastDay == "2026-12-24")
    }

    @Test func utcShopsReadAsBefore() throws {
        let day = try stamp("2026-12-24", in: Timestamp.utc)
        #expect(day.date == (try instant("2026-12-24T00:00:00Z")))
        #expect(day.rfc3339 == "2026-12-24T00:00:00Z")
        #expect(try stamp("2026-12-24T09:00:00+02:00", in: Timestamp.utc).displayText == "24 December 2026, 07:00 UTC")
    }

    @Test func aPromotionEndingOnADayIsActiveUntilTheLastSecondOfIt() throws {
        let sale = Promotion(
            slug: Slug("sale")!, title: "Sale", starts: try stamp("2026-12-01", in: Self.losAngeles),
            ends: try stamp("2026-12-31", in: Self.losAngeles, through: true), source: SourceLocation(path: "promotions/sale.md"))
        #expect(sale.status(at: try instant("2026-12-31T23:00:00-08:00")) == .active)
        #expect(sale.status(at: try instant("2026-12-31T23:59:59-08:00")) == .active)
        #expect(sale.status(at: try instant("2027-01-01T00:00:00-08:00")) == .expired)
        #expect(sale.status(at: try instant("2026-11-30T23:59:59-08:00")) == .upcoming)
    }
}
