import CatalogModel
@testable import ContentEditor
import ContentLoader
import Foundation
import Testing

/// The translation form's pieces on their own: which default texts it offers to translate,
/// what a post of it writes, and where a message about the file goes.
@Suite struct TranslationFormTests {
    static let record = """
        ---
        name: Silk Foundation
        tags: [foundation, silk]
        options: [shade, finish]
        variants:
          - sku: S-1
            shade: 1N Neutral
            finish: Matte
          - sku: S-2
            shade: 2W Warm
            finish: Matte
        price: 40.00
        ---

        A foundation.
        """

    func source(_ text: String, json: Bool = false) throws -> RecordSource {
        try RecordSource.parse(Data(text.utf8), kind: .product, isJSON: json, path: "Content/products/silk.md").get()
    }

    func form(translation: String?) throws -> TranslationForm {
        TranslationForm(
            kind: .product, record: ContentFolder.RecordFile(kind: .product, slug: "silk", relative: "products/silk.md"),
            language: "ko", defaultLanguage: "en", relative: "products/silk.ko.md", exists: translation != nil, revision: "",
            recordSource: try source(Self.record), translation: try translation.map { try source($0) })
    }

    @Test func theTermsAreTheRecordsOptionNamesAndValuesEachOnceThenWhatOnlyTheTranslationHas() throws {
        let form = try form(translation: "---\nvalues: {\"2W Warm\": \"2W 웜\", \"9Z Gone\": \"9Z\"}\n---\n")
        #expect(form.defaults["name"] == "Silk Foundation" && form.defaults["tags"] == "foundation\nsilk" && form.defaults["slug"] == "silk")
        #expect(form.defaultBody.contains("A foundation."))
        #expect(form.terms["options"]?.map(\.original) == ["shade", "finish"])
        #expect(form.terms["values"]?.map(\.original) == ["1N Neutral", "2W Warm", "Matte", "9Z Gone"])
        #expect(form.terms["values"]?.map(\.text) == ["", "2W 웜", "", "9Z"])
        #expect(form.terms["values"]?.map(\.inRecord) == [true, true, true, false])
        #expect(form.terms["stores"] == nil, "a product has no stores")
        let html = form.html(csrf: "t")
        #expect(html.contains("(no longer in the product: clear it)"))
        #expect(!html.contains("name=\"price\""))
    }

    @Test func aPostWritesOnlyTheFilledFieldsAndLeavesUnchangedKeysAlone() throws {
        let existing = "---\nname: \"실크\"\ntags: [파운데이션]\n---\n"
        var form = try form(translation: existing)
        form.take(FormBody(fields: [
            "name": ["실크"], "tags": ["파운데이션\n실크\n"], "slug": [""],
            "_term.options.0": ["shade"], "options.0": ["색상"], "_term.options.1": ["finish"], "options.1": [" "],
            "_term.values.0": ["1N Neutral"], "values.0": [""], "_term.values.1": ["Matte"], "values.1": ["매트"],
            "_body": ["본문."],
        ]))
        let changes = form.changes(base: try source(existing), path: "Content/products/silk.ko.md")
        #expect(changes.map(\.key) == ["tags", "options", "values"], "the name is as the file has it; empty fields are not written")
        #expect(changes.compactMap(\.value).map(YAMLText.value) == ["[\"파운데이션\", \"실크\"]", "shade: \"색상\"", "Matte: \"매트\""])
        #expect(!form.isEmpty)
        var empty = try self.form(translation: nil)
        empty.take(FormBody(fields: ["name": [" "], "_term.values.0": ["1N Neutral"], "values.0": [""], "_body": ["\n"]]))
        #expect(empty.isEmpty)
        #expect(empty.changes(base: nil, path: "x").isEmpty)
    }

    @Test func aMessageGoesToTheInputOfTheTextItNames() throws {
        var form = try form(translation: nil)
        form.terms["stores"] = []
        #expect(form.field(of: "values.2W Warm: is 301 characters long; the limit is 300") == "values.1")
        #expect(form.field(of: "values: \"Matte\" is not a value of any of the product's variants") == "values.2")
        #expect(form.field(of: "options.finish: the product has no option `finish`") == "options.1")
        #expect(form.field(of: "options: expected texts by their default text") == "options")
        #expect(form.field(of: "name: is 301 characters long; the limit is 300") == "name")
        #expect(form.field(of: "slug: \"A B\" has characters outside") == "slug")
        #expect(form.field(of: "`price` is the same in every language") == nil)
    }

    @Test func rightToLeftLanguagesGetTheirDirection() throws {
        var form = try form(translation: nil)
        #expect(form.languageAttributes == "lang=\"ko\"")
        for language in ["ar", "he", "fa", "ur", "ar-EG"] {
            form.language = language
            #expect(form.languageAttributes == "lang=\"\(language)\" dir=\"rtl\"")
        }
    }
}
