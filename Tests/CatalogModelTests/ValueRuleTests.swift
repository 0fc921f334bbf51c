@testable import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

@Suite struct SlugTests {
    @Test func acceptsLowercaseDigitsAndInnerDashes() {
        #expect(Slug("night-serum-2") != nil)
        #expect(Slug("a") != nil)
        #expect(Slug(String(repeating: "a", count: 64)) != nil)
    }

    @Test func rejectsEverythingElseWithASuggestion() {
        #expect(Slug("Night Serum") == nil)
        #expect(Slug.problem(with: "Night Serum")?.contains("e.g. \"night-serum\"") == true)
        #expect(Slug("-night") == nil)
        #expect(Slug("night-") == nil)
        #expect(Slug("") == nil)
        #expect(Slug(String(repeating: "a", count: 65)) == nil)
        #expect(Slug("crème") == nil)
        #expect(Slug.suggestion(for: "Crème Fraîche") == "creme-fraiche")
        // Bytes of folded text: ASCII ones kept or turned into one dash, the others separators.
        #expect(Slug.suggestion(for: "How to Use: 3 Steps!") == "how-to-use-3-steps")
        #expect(Slug.suggestion(for: "--") == "item")
        #expect(Slug.suggestion(for: String(repeating: "Ab ", count: 40)).count == 64)
        // Text beyond ASCII slugs as its ASCII part does: " é" after it adds "-e".
        let pieces = ["How", "to", " ", "USE", "3", "!", "--", "a-b", "Z", "_", "\t", "9lives", ":", "..."]
        var state: UInt64 = 7
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<6 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            let ascii = Slug.suggestion(for: text)
            guard ascii != "item" else { continue }
            #expect(Slug.suggestion(for: text + " é") == ascii + "-e", "\(text)")
        }
    }
}

@Suite struct FoldingTests {
    @Test func foldsCaseAndAccents() {
        #expect("Estée Lauder".folded() == "estee lauder")
        #expect("CRÈME FRAÎCHE".folded() == "creme fraiche")
        #expect("Straße".folded() == "strasse")
    }
}

@Suite struct GTINTests {
    @Test func acceptsValidCheckDigits() {
        #expect(GTIN.problem(with: "0012345678905") == nil)
        #expect(GTIN.problem(with: "4006381333931") == nil)
        #expect(GTIN.problem(with: "96385074") == nil)
    }

    @Test func rejectsWrongCheckDigitsAndLengths() {
        #expect(GTIN.problem(with: "0012345678904")?.contains("check digit 4") == true)
        #expect(GTIN.problem(with: "12345") != nil)
        #expect(GTIN.problem(with: "00123456789O5") != nil)
    }
}

@Suite struct TimestampTests {
    @Test func parsesDatesAndDateTimesInUTC() throws {
        let day = try Timestamp.parse("2026-12-01").get()
        #expect(day.date.timeIntervalSince1970 == 1_796_083_200)
        #expect(day.hasTime == false)
        #expect(try Timestamp.parse("2026-12-01T12:00:00Z").get().date.timeIntervalSince1970 == 1_796_126_400)
        #expect(try Timestamp.parse("2026-12-01T14:00:00+02:00").get().date.timeIntervalSince1970 == 1_796_126_400)
        #expect(try Timestamp.parse("2026-12-01 12:00").get().date.timeIntervalSince1970 == 1_796_126_400)
    }

    @Test func rejectsImpossibleDates() {
        for text in ["2026-02-30", "2026-13-01", "01/12/2026", "2026-12-01T25:00", "tomorrow"] {
            #expect(throws: FieldError.self, "\(text)") { try Timestamp.parse(text).get() }
        }
        #expect(throws: Never.self) { try Timestamp.parse("2028-02-29").get() }
    }

    @Test func formatsRFC822WithANumericZone() throws {
        let date = try Timestamp.parse("2026-12-24T09:05:00Z").get().date
        #expect(Timestamp.rfc822(date) == "Thu, 24 Dec 2026 09:05:00 +0000")
        #expect(Timestamp.rfc3339(date) == "2026-12-24T09:05:00Z")
    }

    @Test func padsEveryFieldOfEveryFormatWithZeros() throws {
        let early = try Timestamp.parse("0987-01-02T03:04:05Z").get()
        #expect(Timestamp.rfc822(early.date) == "Tue, 02 Jan 0987 03:04:05 +0000")
        #expect(Timestamp.rfc3339(early.date) == "0987-01-02T03:04:05Z")
        #expect(early.iso8601 == "0987-01-02T03:04:05Z")
        #expect(early.displayText == "2 January 987, 03:04 UTC")
        #expect(try Timestamp.parse("2026-03-09").get().iso8601 == "2026-03-09")
        #expect(Timestamp.pad(7, 3) == "007" && Timestamp.pad(-7, 3) == "-07" && Timestamp.pad(12345, 2) == "12345")
    }

    /// Four-digit years are written digit by digit; the rest by padding, and both must agree.
    @Test func writesTheSameDateTimeWhicheverWayItIsWritten() {
        let moments: [TimeInterval] = [
            0, 1_796_126_400, 1_796_128_200.9, 951_782_400, 4_102_444_799, -86_400,
            253_402_300_799,  // 9999-12-31T23:59:59Z
            253_402_300_800,  // year 10000
            -62_167_219_200,  // 0000-01-01
            -62_167_219_201,  // year -1
        ] + (0..<200).map { TimeInterval($0) * 1_584_874_371.3 - 62_000_000_000 }  // years 5 to 9999
        // The last one above is in year 9999: every digit of the year is written.
        #expect(moments.last! > 253_370_000_000 && moments.last! < 253_402_300_799)
        for seconds in moments {
            let date = Date(timeIntervalSince1970: seconds)
            let c = Timestamp.components(of: date)
            let day = Timestamp.pad(c.year, 4) + "-" + Timestamp.pad(c.month, 2) + "-" + Timestamp.pad(c.day, 2)
            let time = Timestamp.pad(c.hour, 2) + ":" + Timestamp.pad(c.minute, 2) + ":" + Timestamp.pad(c.second, 2)
            #expect(Timestamp.rfc3339(date) == day + "T" + time + "Z", "\(seconds)")
            #expect(Timestamp(date: date).iso8601 == day + "T" + time + "Z", "\(seconds)")
            #expect(Timestamp(date: date, hasTime: false).iso8601 == day, "\(seconds)")
        }
    }
}

@Suite struct PromotionStatusTests {
    func promotion(starts: String, ends: String?) throws -> Promotion {
        Records.promotion("p", title: "P", starts: starts, ends: ends)
    }

    @Test func isActiveFromStartsThroughTheDayItEnds() throws {
        let p = try promotion(starts: "2026-11-15", ends: "2026-12-26")
        #expect(p.status(at: try Timestamp.parse("2026-11-14T23:59:59Z").get().date) == .upcoming)
        #expect(p.status(at: try Timestamp.parse("2026-11-15").get().date) == .active)
        #expect(p.status(at: try Timestamp.parse("2026-12-26T23:59:59Z").get().date) == .active)
        #expect(p.status(at: try Timestamp.parse("2026-12-27").get().date) == .expired)
    }

    @Test func anEndWithATimeEndsAtThatTime() throws {
        let p = try promotion(starts: "2026-11-15", ends: "2026-12-26T00:00:00Z")
        #expect(p.status(at: try Timestamp.parse("2026-12-25T23:59:59Z").get().date) == .active)
        #expect(p.status(at: try Timestamp.parse("2026-12-26").get().date) == .expired)
    }

    @Test func withoutEndsNeverExpires() throws {
        let p = try promotion(starts: "2026-01-01", ends: nil)
        #expect(p.status(at: try Timestamp.parse("2099-01-01").get().date) == .active)
    }
}

@Suite struct SuggestionTests {
    @Test func findsTheClosestKnownKey() {
        #expect(Spelling.closest(to: "prcie", among: ["price", "name", "sku"]) == "price")
        #expect(Spelling.closest(to: "pricUnit", among: ["price", "priceUnit"]) == "priceUnit")
        #expect(Spelling.closest(to: "zzzzzz", among: ["price", "name"]) == nil)
        #expect(Spelling.editDistance("prcie", "price") == 1)
    }
}

@Suite struct SiteTests {
    @Test func buildsLinksUnderABasePath() {
        let site = Site(
            title: "T", baseURL: "https://example.com/shop/", currency: .usd, checkoutURL: "https://pay.example.com")
        #expect(site.basePath == "/shop/")
        #expect(site.absoluteURL("products/x/") == "https://example.com/shop/products/x/")
        #expect(site.buyURL(sku: "ORG-1") == "https://pay.example.com/cart/ORG-1:1")
        #expect(Site(title: "T", baseURL: "https://example.com/", currency: .usd).buyURL(sku: "A") == nil)
    }
}

@Suite struct CatalogPromotionLookupTests {
    @Test func promotionsForAProductAreThoseThatApplyInCatalogOrder() throws {
        let products = ["a", "b", "c"].map { Records.product($0, name: $0, brand: $0 == "c" ? "other" : "brand", price: 100) }
        let promotions = [
            Records.promotion("p1", title: "1", starts: "2026-01-01", brands: ["brand"]),
            Records.promotion("p2", title: "2", starts: "2026-01-01", products: ["a", "a"]),
            Records.promotion("p3", title: "3", starts: "2026-01-01", brands: ["brand"], products: ["a"]),
            Records.promotion("p4", title: "4", starts: "2026-01-01", products: ["c"]),
        ]
        let catalog = Records.catalog(brands: [], products: products, promotions: promotions)
        for product in products {
            #expect(catalog.promotions(for: product).map(\.slug) == catalog.promotions.filter { $0.applies(to: product) }.map(\.slug))
        }
        #expect(catalog.promotions(for: products[0]).count == 3)
    }
}
