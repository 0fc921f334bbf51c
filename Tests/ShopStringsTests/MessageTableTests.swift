import CatalogModel
import Foundation
import ShopStrings
import Testing

@Suite struct MessageTableTests {
    private func parse(_ json: String, language: String = "en") -> (table: MessageTable, diagnostics: [Diagnostic]) {
        MessageTable.parse(Data(json.utf8), language: language, path: "Templates/i18n/\(language).json")
    }

    @Test func readsTextsAndPluralForms() {
        let (table, diagnostics) = parse(#"{"bag": "Bag", "count": {"one": "{count} product", "other": "{count} products"}}"#)
        #expect(diagnostics.isEmpty)
        #expect(table.messages["bag"] == .text(MessageText(parsing: "Bag")))
        #expect(table.messages["count"]?.form(count: 1, language: "en").formatted(["count": "1"]) == "1 product")
        #expect(table.messages["count"]?.form(count: 7, language: "en").formatted(["count": "7"]) == "7 products")
    }

    @Test func badJSONIsReportedAtItsLineAndColumn() {
        let (_, diagnostics) = parse("{\n  \"bag\": \"Bag\",\n  \"brands\" \"Brands\"\n}")
        #expect(diagnostics.map(\.description) == [#"Templates/i18n/en.json:3:12: error: expected : after "brands""#])
    }

    @Test func aPluralMessageWithoutOtherIsAnError() {
        let (table, diagnostics) = parse("{\n\"n\": {\"one\": \"one item\"}}")
        #expect(table.messages["n"] == nil)
        #expect(diagnostics.map(\.description) == [
            #"Templates/i18n/en.json:2:1: error: plural message "n" has no "other" form, which every language needs"#
        ])
    }

    @Test func anUnknownPluralCategoryIsAnErrorAtItsName() {
        let (_, diagnostics) = parse(#"{"n": {"single": "x", "other": "y"}}"#)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location == SourceLocation(path: "Templates/i18n/en.json", line: 1, column: 8))
    }

    @Test func aValueThatIsNeitherTextNorFormsIsAnError() {
        let (_, diagnostics) = parse(#"{"n": 3}"#)
        #expect(diagnostics.first?.message.hasPrefix(#"message "n" must be a string"#) == true)
    }

    @Test func escapesAndBracesThatAreNotPlaceholdersAreText() {
        let (table, _) = parse(#"{"a": "\u00e9t\u00e9 { x } {1} \"q\" {name}"}"#)
        #expect(table.messages["a"]?.parameters == ["name"])
        #expect(table.messages["a"]?.form(count: nil, language: "en").formatted(["name": "N"]) == #"été { x } {1} "q" N"#)
    }

    @Test func aPlaceholderTheEnglishMessageLacksIsAnError() {
        let english = parse(#"{"hello": "Hello {name}", "n": {"one": "one", "other": "{count} items"}}"#).table
        let korean = parse(#"{"hello": "{user}님 안녕하세요", "n": {"other": "{count}개"}}"#, language: "ko").table
        let diagnostics = korean.placeholderDiagnostics(against: english)
        #expect(diagnostics.map(\.message) == [#"message "hello" uses the placeholder {user}, which it is not given; it takes {name}"#])
    }

    @Test func aPluralMessageLackingACategoryItsLanguageNeedsIsAWarning() {
        let english = parse(#"{"n": {"one": "one", "other": "{count} items"}}"#).table
        let arabic = parse(#"{"n": {"one": "x", "other": "y"}}"#, language: "ar").table
        let diagnostics = arabic.placeholderDiagnostics(against: english)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains(#""zero", "two", "few", "many""#) == true)
    }

    @Test func aTranslatedIDEnglishLacksIsAWarningWithTheClosestID() {
        let english = parse(#"{"addToBag": "Add to bag"}"#).table
        let german = parse("{\n\"addToBga\": \"In den Warenkorb\"}", language: "de").table
        #expect(german.placeholderDiagnostics(against: english).isEmpty)
        #expect(german.unknownMessageDiagnostics(against: english).map(\.description) == [
            #"Templates/i18n/de.json:2:1: warning: message "addToBga" is not in the en table, so no page asks for it; did you mean "addToBag"?"#
        ])
    }

    @Test func missingMessagesAreListedOneWarningEach() {
        let english = parse(#"{"a": "A", "b": "B", "c": "C"}"#).table
        let french = parse(#"{"b": "Bé"}"#, language: "fr").table
        #expect(french.missingMessages(against: english) == ["a", "c"])
        #expect(french.missingDiagnostics(against: english).map(\.description) == [
            #"Templates/i18n/fr.json: warning: message "a" has no fr text; pages show the en one"#,
            #"Templates/i18n/fr.json: warning: message "c" has no fr text; pages show the en one"#,
        ])
    }

    @Test func onlyTablesInTheI18nFolderAreTables() {
        #expect(MessageTable.language(ofThemePath: "i18n/ko.json") == "ko")
        #expect(MessageTable.language(ofThemePath: "i18n/old/ko.json") == nil)
        #expect(MessageTable.language(ofThemePath: "static/ko.json") == nil)
    }
}
