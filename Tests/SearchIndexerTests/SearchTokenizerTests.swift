import CatalogModel
@testable import SearchIndexer
import Testing

@Suite struct SearchTokenizerTests {
    @Test func splitsOnAnythingButLettersAndDigits() {
        #expect(SearchTokenizer.words(in: "Night-A-Mins Renewing Night Cream") == ["night", "a", "mins", "renewing", "night", "cream"])
        #expect(SearchTokenizer.words(in: "SKU EST-ANR-50, SPF 50+ (100 ml)") == ["sku", "est", "anr", "50", "spf", "50", "100", "ml"])
        #expect(SearchTokenizer.words(in: "  ¡¿…—  ") == [])
    }

    @Test func foldsCaseAndAccents() {
        #expect(SearchTokenizer.words(in: "Estée LAUDER") == ["estee", "lauder"])
        #expect(SearchTokenizer.words(in: "Crème Fraîche Sérénité Génifique Hypnôse") == ["creme", "fraiche", "serenite", "genifique", "hypnose"])
        #expect(SearchTokenizer.words(in: "Straße Œuvre Ærø Łódź") == ["strasse", "oeuvre", "aero", "lodz"])
        #expect(SearchTokenizer.words(in: "NIGHT") == SearchTokenizer.words(in: "night"))
    }

    @Test func keepsOtherScriptsAndNumbers() {
        #expect(SearchTokenizer.words(in: "미백 세럼 2026") == SearchTokenizer.words(in: "미백") + SearchTokenizer.words(in: "세럼") + ["2026"])
        #expect(SearchTokenizer.words(in: "미백 세럼").count == 2, "Korean is written with spaces: words, not pairs")
        // Final sigma: the script lower-cases by context, so both sides store σ.
        #expect(SearchTokenizer.words(in: "ΚΡΕΜΑΣ") == SearchTokenizer.words(in: "κρεμασ"))
    }

    @Test func asciiFastPathAgreesWithTheGeneralPath() {
        let texts = ["Advanced Night Repair Serum", "a-b_c.d/e", "SPF50+ x2", "Tab\tand\nnewline", "UPPER lower 123abc"]
        for text in texts {
            // Appending a non-ASCII word sends the same text down the general (folded) path.
            let general = SearchTokenizer.words(in: text + " é")
            #expect(general == SearchTokenizer.words(in: text) + ["e"], "\(text)")
        }
    }

    @Test func everyASCIICharacterFoldsAsOnTheGeneralPath() {
        let all = String(decoding: (0..<128).flatMap { [UInt8(ascii: "x"), UInt8($0)] }, as: UTF8.self)
        #expect(SearchTokenizer.words(in: all + " é") == SearchTokenizer.words(in: all) + ["e"])
    }

    /// The text is checked for ASCII eight bytes at a time: one accented letter, wherever it
    /// stands, must send the text down the general path, where it folds into its word.
    @Test func oneAccentedLetterAnywhereIsFoldedIntoItsWord() {
        for length in [1, 7, 8, 9, 16, 17, 24] {
            for position in 0...length {
                let letters = Array(repeating: "a", count: length)
                let text = (letters[..<position] + ["é"] + letters[position...]).joined()
                let folded = String(repeating: "a", count: position) + "e" + String(repeating: "a", count: length - position)
                #expect(SearchTokenizer.words(in: text) == [folded], "\(text)")
            }
        }
    }

    @Test func dropsWordsLongerThanTheLimit() {
        let long = String(repeating: "a", count: SearchTokenizer.maximumLength + 1)
        let limit = String(repeating: "b", count: SearchTokenizer.maximumLength)
        #expect(SearchTokenizer.words(in: "\(long) ok \(limit)") == ["ok", limit])
    }

    /// Japanese and Chinese have no spaces: any two or more characters a shopper types out of a
    /// name must be found, so a run is stored as its pairs, and a query is looked up by its pairs.
    @Test func textWithoutSpacesIsStoredAsPairsOfCharacters() {
        #expect(SearchTokenizer.words(in: "美容液 セラム 2026") == ["美容", "容液", "セラ", "ラム", "2026"])
        #expect(SearchTokenizer.words(in: "薬用美白化粧水です") == ["薬用", "用美", "美白", "白化", "化粧", "粧水", "水で", "です"])
        let stored = Set(SearchTokenizer.words(in: "薬用美白化粧水です"))
        for query in ["化粧水", "美白", "用美白化"] {
            #expect(Set(SearchTokenizer.words(in: query)).isSubset(of: stored), "\(query)")
        }
        #expect(!Set(SearchTokenizer.words(in: "化水")).isSubset(of: stored), "characters not side by side do not match")
        #expect(SearchTokenizer.words(in: "水") == ["水"], "a single character stays a word")
        #expect(SearchTokenizer.words(in: "SPF50の日焼け止め") == ["spf50", "の日", "日焼", "焼け", "け止", "止め"])
    }

    @Test func fullWidthAndHalfWidthFormsFoldToTheirPlainForms() {
        #expect(SearchTokenizer.words(in: "ＳＰＦ５０ Ｓｅｒｕｍ") == ["spf50", "serum"])
        #expect(SearchTokenizer.words(in: "ｾﾗﾑ") == SearchTokenizer.words(in: "セラム"))
        #expect(SearchTokenizer.words(in: "ﬁne") == ["fine"])
    }

    /// The words the search page's script makes of these (scripts/e2e-search.py runs it in
    /// Chromium against the same rules): the index must hold the same ones.
    @Test func theSameWordsAsTheSearchPage() {
        let expected: [(String, [String])] = [
            ("がっこう", ["がっ", "っこ", "こう"]), ("ｾﾗﾑ", ["セラ", "ラム"]), ("ΚΡΕΜΑΣ", ["κρεμασ"]),
            ("Straße Œuvre", ["strasse", "oeuvre"]), ("미백 세럼 2026", ["미백", "세럼", "2026"]),
        ]
        for (text, words) in expected { #expect(SearchTokenizer.words(in: text) == words, "\(text)") }
    }

    /// The general path works on the folded text's bytes; it must give the words the scalar-by-
    /// scalar way gave (`referenceWords`, the former implementation), on any mix of scripts.
    @Test func bytePathAgreesWithTheScalarPath() {
        let alphabet: [String] = [
            "a", "Z", "9", " ", " ", "\n", "-", ".", "é", "E\u{301}", "ς", "Σ", "ß", "미", "백", "세", "럼", "ᄀ", "ᅡ", "の", "日", "焼",
            "セ", "ｾ", "ﾞ", "ー", "、", "。", "ر", "ة", "ي", "\u{64E}", "٣", "𠀋", "😀", "\u{200D}", "Ⅻ", "²", "ＳＰＦ", "\u{3000}",
        ]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3_000 {
            let length = Int.random(in: 0...(round % 10 == 0 ? 90 : 24), using: &generator)
            var text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            if round % 7 == 0 { text += String(repeating: "가", count: SearchTokenizer.maximumLength + round % 3 - 1) }
            #expect(SearchTokenizer.words(in: text) == Self.referenceWords(text), "\(text.debugDescription)")
        }
    }

    /// Letters, digits and marks answered by ranges for the common scripts, by the general
    /// category for the rest: the same for every scalar.
    @Test func wordRangesAgreeWithTheGeneralCategory() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if SearchTokenizer.isWordValue(value) != SearchTokenizer.isWordScalar(scalar) {
                Issue.record("U+\(String(value, radix: 16))")
            }
        }
    }

    /// The tokenizer's general path as it was written on scalars and `String`s.
    static func referenceWords(_ text: String) -> [String] {
        var words: [String] = []
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
                .filter { $0.count <= SearchTokenizer.maximumLength }
        }
        var word = String.UnicodeScalarView()
        var length = 0
        var unspaced: [Unicode.Scalar] = []
        func flush() {
            if length > 0, length <= SearchTokenizer.maximumLength { words.append(String(word)) }
            word = String.UnicodeScalarView()
            length = 0
        }
        func flushUnspaced() {
            if unspaced.count == 1 { words.append(String(unspaced[0])) }
            for index in unspaced.indices.dropLast() {
                var pair = String.UnicodeScalarView()
                pair.append(unspaced[index])
                pair.append(unspaced[index + 1])
                words.append(String(pair))
            }
            unspaced.removeAll()
        }
        for scalar in text.folded().unicodeScalars {
            if SearchTokenizer.isUnspacedScalar(scalar) {
                flush()
                unspaced.append(scalar)
            } else if SearchTokenizer.isWordScalar(scalar) {
                flushUnspaced()
                word.append(scalar == "ς" ? "σ" : scalar)
                length += 1
            } else {
                flush()
                flushUnspaced()
            }
        }
        flush()
        flushUnspaced()
        return words
    }
}
