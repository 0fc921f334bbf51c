import CatalogModel
@testable import ContentLoader
import Foundation
import Testing

@Suite struct FieldReaderHelpersTests {
    @Test(arguments: [
        "Day Cream", "", "a\r\nb", "a\rb", "Crème brûlée", "e\u{301}", "🇫🇷 flag", "tab\tand\nline", String(repeating: "x", count: 300),
    ])
    func characterCountIsTheStringsCount(text: String) {
        #expect(FieldReader.characterCount(text) == text.count)
    }

    @Test(arguments: [
        ("10", true), ("0", true), ("12.5", true), ("100.00", true), ("", false), (".5", false), ("5.", false),
        ("1.2.3", false), ("ten", false), ("1e2", false), ("-5", false), ("+5", false), ("1,5", false), ("１０", false),
    ])
    func plainDecimalIsDigitsWithOneOptionalFraction(text: String, expected: Bool) {
        #expect(FieldReader.isPlainDecimal(text) == expected)
    }

    @Test func percentAcceptsAFractionAndRefusesAnExponent() throws {
        let half = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "discountPercent: 12.5"])])
        #expect(half.diagnostics.isEmpty, "\(half.diagnostics)")
        #expect(half.catalog?.promotions.first { $0.slug.rawValue == "p" }?.discountPercent == Decimal(string: "12.5"))
        let exponent = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "discountPercent: 1e1"])])
        expectDiagnostic(exponent, at: "Content/promotions/p.md:4:18", "is not a number")
    }

    /// Keys are kept in a list, not a dictionary: a key given twice still reads as its last value,
    /// an absent required key is still reported, and an absent optional one is not.
    @Test func aKeyGivenTwiceReadsAsItsLastValueAndAbsentKeysAsBefore() {
        let file = SourceLocation(path: "Content/brands/b.json", line: 1, column: 1)
        func entry(_ key: String, _ text: String, line: Int) -> RawEntry {
            let at = SourceLocation(path: file.path, line: line, column: 1)
            return RawEntry(key: key, keyLocation: at, value: RawNode(.scalar(text, .string), at: at))
        }
        let root = RawNode(.map([entry("title", "First", line: 2), entry("country", "FR", line: 3), entry("title", "Last", line: 4)]), at: file)
        var reader = FieldReader(kind: .brand, root: root, json: true, file: file)
        #expect(reader.text("title") == "Last")
        #expect(reader.location(of: "title").line == 4)
        #expect(reader.text("website") == nil)
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
        var empty = FieldReader(kind: .brand, root: RawNode(.map([]), at: file), json: true, file: file)
        #expect(empty.text("title") == nil)
        #expect(empty.diagnostics.contains { $0.message.contains("missing required key `title`") })
    }

    func promotion(_ lines: [String]) -> String { (["---"] + lines + ["---", "Flyer."]).joined(separator: "\n") }
}
