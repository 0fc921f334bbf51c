@testable import SearchIndexer
import Testing

@Suite struct WordTableTests {
    func number(_ word: String, in table: inout WordTable) -> Int32 {
        var word = word
        return word.withUTF8 { table.number(of: $0) }
    }

    @Test func numbersWordsInFirstSeenOrderAndFindsThemAgain() {
        var table = WordTable(capacity: 4)
        let words = (0..<5000).map { "w\($0)" } + ["", "é", "night", "nights"]
        for (index, word) in words.enumerated() { #expect(number(word, in: &table) == Int32(index)) }
        for (index, word) in words.enumerated().reversed() { #expect(number(word, in: &table) == Int32(index)) }
        #expect(table.count == words.count)
        #expect(table.string(5002) == "night")
    }

    /// Words of 1 to 24 bytes that differ from one another in a single byte, at every position:
    /// all are told apart, whatever their hashes share.
    @Test func tellsApartWordsThatDifferInOneByteAtAnyPosition() {
        var table = WordTable(capacity: 4)
        var words: [String] = []
        for length in 1...24 {
            let base = String(repeating: "a", count: length)
            words.append(base)
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                words.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        for (index, word) in words.enumerated() { #expect(number(word, in: &table) == Int32(index)) }
        for (index, word) in words.enumerated() { #expect(number(word, in: &table) == Int32(index)) }
        #expect(table.count == words.count)
    }

    @Test func sortsByUTF8Bytes() {
        var table = WordTable()
        for word in ["zeta", "é", "alpha", "alp", "Zulu", "10", "9"] { _ = number(word, in: &table) }
        let sorted = table.sortedNumbers().map { table.string($0) }
        #expect(sorted == ["10", "9", "Zulu", "alp", "alpha", "zeta", "é"])
    }
}
