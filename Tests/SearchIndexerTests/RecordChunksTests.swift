import CatalogModel
import Foundation
@testable import SearchIndexer
import Testing
import VitrineTestSupport

@Suite struct RecordChunksTests {
    /// A record as JSONEncoder would write the array, to hold the hand-laid rows to its bytes.
    struct Reference: Encodable {
        var row: RecordChunks.Row
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(row.name)
            try container.encode(row.url)
            try container.encode(row.brand)
            try container.encode(row.price)
            try container.encode(row.thumbnail)
            try container.encode(row.availability)
        }
    }

    @Test func rowsAreWhatJSONEncoderWritesWhateverTheStrings() throws {
        let texts = ["Plain", "Quote \" backslash \\ slash /", "Tab\tNew\nLine\rFeed\u{C}Back\u{8}", "Bell \u{7}\u{0}\u{1F}\u{7F}",
            "Line\u{2028}Para\u{2029}", "</script>&", "美容液 🌙", ""]
        let rows = texts.enumerated().map { index, text in
            RecordChunks.Row(
                name: text, url: "products/\(index)/", brand: UInt32(index), price: "$ \(index).00 " + text, thumbnail: text,
                availability: UInt8(index % 4))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let expected = try encoder.encode(rows.map(Reference.init))
        #expect(String(decoding: RecordChunks.Row.json(rows), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(String(decoding: RecordChunks.Row.json([]), as: UTF8.self) == "[]")
    }

    /// Each chunk is named by its own bytes: a changed price renames the one chunk that shows
    /// the product, and every other record file keeps its name (and its bytes).
    @Test func aChangedPriceRenamesOnlyItsChunk() throws {
        let products = (0..<40).map { index in
            Records.product("p-\(index)", name: "Product \(index)", brand: "acme", price: 1000 + Int64(index))
        }
        var repriced = products
        repriced[21].price = Money(minorUnits: 9999, currency: .usd)
        func recordFiles(_ products: [Product]) -> [String: Data] {
            let catalog = Records.catalog(brands: [Records.brand("acme", "Acme")], products: products)
            let files = SearchIndexer(catalog: catalog, now: Records.now).build().files.filter { $0.kind == "search-records" }
            return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.data) })
        }
        let before = recordFiles(products)
        let after = recordFiles(repriced)
        #expect(before.count == 5 && after.count == 5, "40 products in chunks of 8")
        let gone = Set(before.keys).subtracting(after.keys)
        let renamed = Set(after.keys).subtracting(before.keys)
        #expect(gone.count == 1 && renamed.count == 1)
        // The same chunk number, under its new contents' name.
        func number(_ path: String?) -> Substring? { path?.split(separator: "-").dropFirst().first }
        #expect(number(gone.first) != nil && number(gone.first) == number(renamed.first))
        for (path, data) in before where after[path] != nil { #expect(after[path] == data) }
    }

    @Test func theManifestIsWhatJSONEncoderWrites() throws {
        let manifest = Fixtures.indexer(Fixtures.shop).build().manifest
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(manifest)
        #expect(String(decoding: SearchIndexer.json(manifest), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}
