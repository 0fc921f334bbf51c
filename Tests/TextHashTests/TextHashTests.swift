import Foundation
import Testing
import TextHash

/// Dictionaries trust these hashes: equal texts must hash alike, and different ones must spread.
@Suite struct TextHashTests {
    @Test func textsThatSwiftCallsEqualHashAlike() {
        // Composed and decomposed accents, and the Kelvin sign, whose canonical form is ASCII "K".
        let pairs = [("caf\u{E9}", "cafe\u{301}"), ("\u{212A}elvin", "Kelvin"), ("a-long-product-slug-0001", "a-long-product-slug-0001")]
        for (left, right) in pairs {
            #expect(left == right)
            #expect(TextHash.hash(of: left) == TextHash.hash(of: right))
        }
    }

    @Test func everyByteAndTheLengthCount() {
        // Lengths across the eight-byte steps, and texts that differ in one byte or only in length.
        var seen = Set<UInt64>()
        for length in 0...40 {
            let base = String(repeating: "a", count: length)
            #expect(seen.insert(TextHash.hash(of: base)).inserted)
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                #expect(seen.insert(TextHash.hash(of: String(decoding: bytes, as: UTF8.self))).inserted)
            }
        }
        #expect(TextHash.hash(of: "a\u{0}") != TextHash.hash(of: "a"))
    }

    @Test func mixedHashesSpreadOverATablesBuckets() {
        // The low bits pick the bucket: a thousand names must not crowd into a few of 1,024, under
        // any seed.
        for seed in [0, 1, 12_345, -7] {
            let buckets = Set((0..<1_000).map { TextHash.mixed(TextHash.hash(of: "product-\($0)"), seed: seed) & 1_023 })
            #expect(buckets.count > 550)
        }
        #expect(TextHash.mixed(42, seed: 1) != TextHash.mixed(42, seed: 2))
    }

    /// Read in place or through a copy, the bytes are the text's UTF-8, whatever kind of string.
    @Test(arguments: ["", "price", "a text longer than fifteen bytes", "Crème brûlée 😀", String(repeating: "é", count: 40)])
    func utf8BytesAreTheTextsUTF8(text: String) {
        #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
        let sliced = String(("«" + text + "»").dropFirst().dropLast())
        #expect(sliced.withUTF8Bytes { Array($0) } == Array(text.utf8))
    }
}
