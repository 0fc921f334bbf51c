import DefaultTheme
import Foundation
import ShopStrings
import Testing

/// The built-in theme's tables, as `vitrine` embeds them: complete in every language it ships.
@Suite struct ShippedTablesTests {
    static let languages = ["en", "ko", "ja", "fr", "de", "es", "ar"]

    private static func table(_ language: String) throws -> MessageTable {
        let path = "i18n/\(language).json"
        let data = try #require(DefaultTheme.files[path], "the built-in theme has no \(path)")
        let (table, diagnostics) = MessageTable.parse(data, language: language, path: path)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return table
    }

    @Test(arguments: languages)
    func eachTableHasExactlyTheEnglishMessages(language: String) throws {
        let english = try Self.table("en")
        #expect(english.messages.count > 100)
        let table = try Self.table(language)
        #expect(table.missingMessages(against: english) == [])
        #expect(Set(table.messages.keys) == Set(english.messages.keys))
    }

    /// A plural form may spell its number out ("منتج واحد"), so `{count}` is not required of every
    /// plural message; every other placeholder is.
    @Test(arguments: languages)
    func eachMessageHasTheEnglishPlaceholders(language: String) throws {
        let english = try Self.table("en")
        let table = try Self.table(language)
        for (id, message) in table.messages {
            let reference = try #require(english.messages[id])
            var mine = Set(message.parameters), theirs = Set(reference.parameters)
            if case .plural = message {
                mine.remove(Message.pluralParameter)
                theirs.remove(Message.pluralParameter)
            }
            #expect(mine == theirs, "\(language): \(id)")
        }
        #expect(table.placeholderDiagnostics(against: english).isEmpty)
    }

    @Test(arguments: languages)
    func pluralMessagesHaveTheCategoriesTheLanguageNeeds(language: String) throws {
        let english = try Self.table("en")
        let table = try Self.table(language)
        var plurals = 0
        for (id, message) in table.messages {
            guard case .plural(let forms) = message else {
                if case .plural = english.messages[id] { Issue.record("\(language): \(id) is plural in English") }
                continue
            }
            plurals += 1
            let missing = PluralCategory.required(in: language).subtracting(forms.keys)
            #expect(missing.isEmpty, "\(language): \(id) lacks \(missing.map(\.rawValue).sorted())")
        }
        #expect(plurals > 5)
    }

    @Test func arabicCountsTakeTheirOwnForms() throws {
        let strings = ShopStrings(tables: ["ar": try Self.table("ar"), "en": try Self.table("en")], language: "ar")
        #expect(strings("reviewCount", count: 2) == "مراجعتان")
        #expect(strings("reviewCount", count: 3) == "3 مراجعات")
        #expect(strings("reviewCount", count: 11) == "11 مراجعة")
    }
}
