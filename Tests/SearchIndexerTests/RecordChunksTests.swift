import CatalogModel
import Foundation
@testable import SearchIndexer
import Testing

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

    @Test func theManifestIsWhatJSONEncoderWrites() throws {
        let manifest = Fixtures.indexer(Fixtures.shop).build().manifest
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(manifest)
        #expect(String(decoding: SearchIndexer.json(manifest), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}
