import ShopStrings
import Testing

@Suite struct PluralCategoryTests {
    @Test func englishAndGermanHaveOneOnlyForExactlyOne() {
        for language in ["en", "de", "en_US", "de-AT"] {
            #expect(PluralCategory.of(1, language: language) == .one)
            #expect(PluralCategory.of(0, language: language) == .other)
            #expect(PluralCategory.of(21, language: language) == .other)
        }
    }

    @Test func frenchCountsZeroAsOneAndMillionsAsMany() {
        #expect(PluralCategory.of(0, language: "fr") == .one)
        #expect(PluralCategory.of(1, language: "fr") == .one)
        #expect(PluralCategory.of(2, language: "fr") == .other)
        #expect(PluralCategory.of(1_000_000, language: "fr") == .many)
        #expect(PluralCategory.of(1_000_001, language: "fr") == .other)
    }

    @Test func spanishHasManyForMillionsButZeroIsOther() {
        #expect(PluralCategory.of(0, language: "es") == .other)
        #expect(PluralCategory.of(1, language: "es") == .one)
        #expect(PluralCategory.of(3_000_000, language: "es") == .many)
    }

    @Test func arabicUsesAllSixCategories() {
        let expected: [Int: PluralCategory] = [
            0: .zero, 1: .one, 2: .two, 3: .few, 10: .few, 11: .many, 99: .many, 100: .other, 102: .other, 103: .few, 111: .many,
        ]
        for (n, category) in expected { #expect(PluralCategory.of(n, language: "ar") == category, "\(n)") }
    }

    @Test func koreanAndJapaneseHaveOnlyOther() {
        for n in [0, 1, 2, 1_000_000] {
            #expect(PluralCategory.of(n, language: "ko") == .other)
            #expect(PluralCategory.of(n, language: "ja") == .other)
        }
    }

    @Test func requiredCategoriesAreThoseTheRulesCanReturn() {
        for language in ["en", "de", "es", "fr", "ko", "ja", "ar"] {
            let reached = Set((0...1_000).map { PluralCategory.of($0, language: language) } + [PluralCategory.of(1_000_000, language: language)])
            #expect(reached == PluralCategory.required(in: language), "\(language)")
        }
    }
}
