import Foundation
import ShopStrings
import Testing

@Suite struct ShopStringsTests {
    private let tables: [String: MessageTable] = [
        "en": MessageTable.parse(
            Data(#"{"bag": "Bag", "brands": "Brands", "products": {"one": "{count} product", "other": "{count} products"}, "hi": "Hi {name}"}"#.utf8),
            language: "en", path: "en.json").table,
        "fr": MessageTable.parse(
            Data(#"{"bag": "Panier", "products": {"one": "{count} produit", "many": "{count} de produits", "other": "{count} produits"}}"#.utf8),
            language: "fr", path: "fr.json").table,
    ]

    @Test func aMessageComesFromTheLanguageAskedFor() {
        let strings = ShopStrings(tables: tables, language: "fr")
        #expect(strings.text("bag") == ShopStrings.Text(text: "Panier", language: "fr"))
    }

    @Test func aMissingMessageFallsBackToEnglishAndSaysSo() {
        let strings = ShopStrings(tables: tables, language: "fr")
        #expect(strings.text("brands") == ShopStrings.Text(text: "Brands", language: "en"))
        #expect(strings("hi", ["name": "Léa"]) == "Hi Léa")
    }

    @Test func aLanguageWithoutATableIsEnglish() {
        #expect(ShopStrings(tables: tables, language: "sv").text("bag").language == "en")
    }

    @Test func pluralFormsFollowTheLanguagesRules() {
        let french = ShopStrings(tables: tables, language: "fr")
        #expect(french("products", count: 0) == "0 produit")
        #expect(french("products", count: 2) == "2 produits")
        #expect(french("products", count: 1_000_000) == "1000000 de produits")
        let english = ShopStrings(tables: tables, language: "en")
        #expect(english("products", count: 0) == "0 products")
        #expect(english("products", count: 1) == "1 product")
    }

    @Test func aMessageNoTableHasShowsItsID() {
        #expect(ShopStrings(tables: tables, language: "fr")("nowhere") == "nowhere")
    }

    @Test func plainTextsHoldEveryTextMessageFallingBackAndPatternsAsWritten() {
        let texts = ShopStrings(tables: tables, language: "fr").plainTexts
        #expect(texts["bag"]?.text == "Panier")
        #expect(texts["brands"]?.language == "en")
        #expect(texts["hi"]?.text == "Hi {name}")
        #expect(texts["products"] == nil)
    }

    @Test func aLocaleNamesItsLanguage() {
        #expect(ShopStrings.language(ofLocale: "en_US") == "en")
        #expect(ShopStrings.language(ofLocale: "ko-KR") == "ko")
        #expect(ShopStrings.language(ofLocale: "ja") == "ja")
    }
}
