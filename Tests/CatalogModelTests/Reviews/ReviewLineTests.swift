import CatalogModel
import Foundation
import Testing

/// A checked review line read back for printing: fields found where they are, texts copied only
/// when they are exactly their bytes.
@Suite struct ReviewLineTests {
    static let entry = ReviewShelf.Entry(
        date: 0, file: 0, lineNumber: 1, offset: 0, length: 0, rating: 4, verified: true, hasResponse: false, hash: 0)

    func parse(_ text: String) -> ReviewLine? {
        let bytes = Array(text.utf8)
        return ReviewLine(bytes, line: 0..<bytes.count, entry: Self.entry)
    }

    func text(_ line: ReviewLine, _ token: ReviewLine.Token?) -> String? { token.map { line.text($0) } }

    @Test func findsEveryFieldInAnyOrderAndSkipsOthers() throws {
        let line = try #require(parse(
            #"{"extra": {"a": [1, "}", {"b": "]\""}], "c": null}, "date": "2026-11-02", "author": "Jin", "#
                + #""response": {"date": "2026-11-03", "body": "Thanks!", "note": [true]}, "rating": 4, "verified": true, "#
                + #""title": "Cool", "body": "Cooling.", "language": "ko", "product": "ORG-EB-15", "id": "b1"}"#))
        #expect(text(line, line.id) == "b1")
        #expect(text(line, line.product) == "ORG-EB-15")
        #expect(text(line, line.body) == "Cooling.")
        #expect(text(line, line.author) == "Jin")
        #expect(text(line, line.title) == "Cool")
        #expect(text(line, line.language) == "ko")
        #expect(text(line, line.date) == "2026-11-02")
        #expect(text(line, line.responseBody) == "Thanks!")
        #expect(text(line, line.responseDate) == "2026-11-03")
        #expect(line.response(in: Timestamp.utc)?.date.rfc3339 == "2026-11-03T00:00:00Z")
        #expect(line.sku(of: Slug("eye-balm")!) == "ORG-EB-15")
    }

    @Test func aKeyWrittenWithEscapesIsStillItsKey() throws {
        let line = try #require(parse(#"{"id":"x","product":"p","bo\u0064y":"Escaped key","author":"A","date":"2026-01-01"}"#))
        #expect(text(line, line.body) == "Escaped key")
    }

    @Test func textsAreDecodedAndTrimmedAsTheLoaderReadThem() throws {
        let line = try #require(parse(
            #"{"id":" r1 ","product":"night-serum","body":"Caf\u00e9 \"ok\"\n","author":"\u00a0Mina\u3000","date":"2026-01-01","title":"x"}"#))
        #expect(text(line, line.id) == "r1")
        #expect(text(line, line.body) == "Café \"ok\"")
        #expect(text(line, line.author) == "Mina")
        #expect(line.sku(of: Slug("night-serum")!) == nil, "the product's own slug names no variant")
    }

    @Test func onlyTextsThatAreTheirBytesAreCopied() throws {
        let line = try #require(parse(
            #"{"id":"r1","product":"p","body":"  spaced  ","author":"한국","date":"2026-01-01","title":"a\/b","language":"en"}"#))
        #expect(line.verbatim(try #require(line.id)).map { Array($0) } == Array("r1".utf8))
        #expect(line.verbatim(try #require(line.language)).map { Array($0) } == Array("en".utf8))
        #expect(line.verbatim(try #require(line.body)) == nil, "white space to trim")
        #expect(line.verbatim(try #require(line.author)) == nil, "a character beyond ASCII at an end could be white space")
        #expect(line.verbatim(try #require(line.title)) == nil, "an escape")
    }

    /// A line changed under the build (cut short, or no longer a review) is no line, never a crash.
    @Test func bytesThatAreNoReviewGiveNoLine() {
        let whole = #"{"id":"r1","product":"p","body":"b","author":"a","date":"2026-01-01","response":{"body":"x","date":"2026-01-02"}}"#
        #expect(parse(whole) != nil)
        for cut in 0..<whole.utf8.count {
            let bytes = Array(whole.utf8.prefix(cut))
            #expect(ReviewLine(bytes, line: 0..<bytes.count, entry: Self.entry) == nil, "\(cut)")
        }
        #expect(parse(#"["id","r1"]"#) == nil)
        #expect(parse(#"{"id":"r1","product":"p","body":"b","author":"a"}"#) == nil, "no date")
        let bytes = Array(whole.utf8)
        #expect(ReviewLine(bytes, line: 0..<bytes.count + 5, entry: Self.entry) == nil)
    }

    /// Bytes the loader never saw (a file changed under the build) may hold a broken escape: the
    /// text reads as far as the token goes, never further.
    @Test func aBrokenEscapeReadsNoFurtherThanItsToken() throws {
        let line = try #require(parse(#"{"id":"a\u12","product":"p","body":"end\\","author":"\u00","date":"2026-01-01"}"#))
        #expect(text(line, line.id) == "a\u{12}")
        #expect(text(line, line.body) == "end\\")
        #expect(text(line, line.author) == "\u{0}")
    }

    /// The feed and the API print the date from the entry when the loader kept its offset, and
    /// from the line otherwise: the same text either way.
    @Test func theDateIsPrintedFromTheEntryAsFromTheLine() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Kathmandu"))
        for written in ["2026-03-01", "2026-03-01T09:30:00Z", "2026-03-01T09:30:00-08:00", "2026-07-01T23:59:59"] {
            let stamp = try Timestamp.parse(written, in: zone).get()
            let text = #"{"id":"r","product":"p","body":"b","author":"a","date":"\#(written)"}"#
            let bytes = Array(text.utf8)
            var entry = Self.entry
            entry.date = Int64(stamp.date.timeIntervalSince1970.rounded(.down))
            let unknown = try #require(ReviewLine(bytes, line: 0..<bytes.count, entry: entry))
            entry.utcOffsetMinutes = ReviewShelf.Entry.offsetMinutes(stamp.utcOffset)
            let kept = try #require(ReviewLine(bytes, line: 0..<bytes.count, entry: entry))
            #expect(kept.rfc3339(in: zone) == stamp.rfc3339, "\(written)")
            #expect(unknown.rfc3339(in: zone) == stamp.rfc3339, "\(written)")
        }
        #expect(ReviewShelf.Entry.offsetMinutes(20_700) == 345)
        #expect(ReviewShelf.Entry.offsetMinutes(-17_762) == ReviewShelf.Entry.unknownOffset, "local mean time has seconds")
    }

    /// A million reviews are a million entries: the offset fits in what was padding.
    @Test func anEntryStaysFortyEightBytes() {
        #expect(MemoryLayout<ReviewShelf.Entry>.stride == 48)
    }
}
