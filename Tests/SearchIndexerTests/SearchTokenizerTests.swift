import CatalogModel
import SearchIndexer
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
        #expect(SearchTokenizer.words(in: "美容液 セラム 2026") == ["美容液", "セラム", "2026"])
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
}
