import CatalogModel
import ContentLoader
import Foundation
@testable import SearchIndexer
import Testing
import VitrineTestSupport

/// Each product's rating in the index: a column the page sorts by ("Rating, high to low") and the
/// eighth member of its result record, which the page shows as stars and a count.
@Suite struct RatingColumnTests {
    /// The fixture shop (products by name: Day Cream, Eye Balm, Night Serum, Thermal Mist) with
    /// reviews of all but the day cream: the night serum and the eye balm tie on 5.0.
    static func catalog(reviews: Bool) throws -> Catalog {
        let lines = [
            ReviewLines.json("s1", "night-serum", rating: 5, date: "2026-10-01"), ReviewLines.json("s2", "ORG-NS-30", rating: 5, date: "2026-10-02"),
            ReviewLines.json("e1", "eye-balm", rating: 5, date: "2026-10-03"),
            ReviewLines.json("m1", "aven-mist", rating: 5, date: "2026-10-04"), ReviewLines.json("m2", "aven-mist", rating: 5, date: "2026-10-05"),
            ReviewLines.json("m3", "aven-mist", rating: 4, date: "2026-10-06"), ReviewLines.json("m4", "aven-mist", rating: 5, date: "2026-10-07"),
        ]
        let fixture = try ShopFixture(changes: reviews ? ["reviews/all.jsonl": ReviewLines.file(lines)] : [:])
        defer { fixture.cleanUp() }
        let loaded = ContentLoader(contentFolder: fixture.content).load()
        return try #require(loaded.catalog, "\(loaded.diagnostics)")
    }

    @Test func theColumnHoldsTheAverageInTenthsAndTheCount() throws {
        let catalog = try Self.catalog(reviews: true)
        #expect(catalog.products.map(\.name) == ["Day Cream", "Eye Balm", "Night Serum", "Thermal Mist"])
        let (_, reader) = try Fixtures.written(catalog)
        let name = try #require(reader.manifest.columns.ratings)
        let column = try #require(try JSONSerialization.jsonObject(with: Data(reader.inflated(name))) as? [Any])
        #expect(column.count == 4 && column[0] is NSNull)
        // 19 stars in 4 reviews: 4.75, which pages print as 4.8.
        #expect(column.dropFirst().map { ($0 as? [Int]) ?? [] } == [[50, 1], [50, 2], [48, 4]])
        for (number, product) in catalog.products.enumerated() {
            let summary = catalog.reviews.summary(for: product.slug)
            #expect((column[number] as? [Int]) == summary.map { [$0.averageTenths, $0.count] }, "\(product.slug)")
        }
    }

    @Test func sortingByRatingPutsTheHighestAverageFirstThenMoreReviews() throws {
        let catalog = try Self.catalog(reviews: true)
        let (_, reader) = try Fixtures.written(catalog)
        let column = try #require(try JSONSerialization.jsonObject(with: Data(reader.inflated(reader.manifest.columns.ratings!))) as? [Any])
        // The order search.js sorts by: average, then count, then product number (name); unrated last.
        func key(_ number: Int) -> (Int, Int) { (column[number] as? [Int]).map { ($0[0], $0[1]) } ?? (-1, 0) }
        let order = (0..<column.count).sorted { a, b in key(a) != key(b) ? key(a) > key(b) : a < b }
        #expect(order.map { catalog.products[$0].name } == ["Night Serum", "Eye Balm", "Thermal Mist", "Day Cream"])
        let script = try String(contentsOf: ShopFixture.templates.appendingPathComponent("static/search/search.js"), encoding: .utf8)
        #expect(script.contains(#"const SORTS = ["name", "price", "price-desc", "newest", "rating"];"#))
    }

    @Test func aReviewedProductsRecordEndsWithItsRating() throws {
        let catalog = try Self.catalog(reviews: true)
        let (_, reader) = try Fixtures.written(catalog)
        let mist = try reader.record(3)
        #expect(mist.count == 8 && mist[0] as? String == "Thermal Mist")
        // No sale lowers its price: the list price's place is null.
        #expect(mist[6] is NSNull && mist[7] as? [Int] == [48, 4])
        #expect(try reader.record(0).count == 6)
    }

    @Test func aShopWithoutReviewsHasNoColumnAndItsRecordsAsBefore() throws {
        let catalog = try Self.catalog(reviews: false)
        let (_, reader) = try Fixtures.written(catalog)
        #expect(reader.manifest.columns.ratings == nil)
        for number in 0..<catalog.products.count { #expect(try reader.record(number).count <= 7) }
    }

    @Test func aRatedRowIsWhatJSONEncoderWrites() throws {
        let row = RecordChunks.Row(
            name: "Mist", url: "products/mist/", brand: 1, price: "$1.00", listPrice: nil, thumbnail: "", availability: 0,
            rating: (48, 4))
        #expect(String(decoding: RecordChunks.Row.json([row]), as: UTF8.self) == #"[["Mist","products/mist/",1,"$1.00","",0,null,[48,4]]]"#)
        var sale = row
        sale.listPrice = "$2.00"
        #expect(String(decoding: RecordChunks.Row.json([sale]), as: UTF8.self).hasSuffix(#",0,"$2.00",[48,4]]]"#))
    }
}
