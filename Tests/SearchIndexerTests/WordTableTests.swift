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

    @Test func sortsByUTF8Bytes() {
        var table = WordTable()
        for word in ["zeta", "é", "alpha", "alp", "Zulu", "10", "9"] { _ = number(word, in: &table) }
        let sorted = table.sortedNumbers().map { table.string($0) }
        #expect(sorted == ["10", "9", "Zulu", "alp", "alpha", "zeta", "é"])
    }
}
