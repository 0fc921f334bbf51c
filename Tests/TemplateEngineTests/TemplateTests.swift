import Foundation
import TemplateEngine
import Testing

/// What the engine does beyond the specification: the parts of swift-mustache's language the
/// default theme uses, the values page builders pass, and mistakes reported where they are.
@Suite struct TemplateTests {
    static func render(_ text: String, _ context: Any, partials: [String: String] = [:]) throws -> String {
        var templates = [try Template(name: "main", text: text)]
        for (name, body) in partials { templates.append(try Template(name: name, text: body)) }
        return TemplateSet(templates).render("main", context)
    }

    static func syntaxError(_ text: String) -> TemplateSyntaxError? {
        do {
            _ = try Template(name: "main", text: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func emptyTransformTellsListsAndStringsApart() throws {
        let template = "{{^empty(tags)}}<ul>{{#tags}}<li>{{.}}</li>{{/tags}}</ul>{{/empty(tags)}}{{#empty(note)}}no note{{/empty(note)}}"
        #expect(try Self.render(template, ["tags": ["a", "b"], "note": ""]) == "<ul><li>a</li><li>b</li></ul>no note")
        #expect(try Self.render(template, ["tags": [String](), "note": "x"]) == "")
        // A missing value has no transform: the inverted section shows, as with swift-mustache.
        #expect(try Self.render("{{^empty(tags)}}shown{{/empty(tags)}}", [String: Any]()) == "shown")
    }

    @Test func listTransformsOnTextsGiveWhatTheyGiveOnAnyList() throws {
        let template = "{{count(tags)}}|{{first(tags)}}|{{last(tags)}}|{{#reversed(tags)}}{{.}}{{/reversed(tags)}}|{{#empty(tags)}}none{{/empty(tags)}}"
        let texts: [String] = ["a", "b", "c"]
        let boxed: [Any] = ["a", "b", "c"]
        #expect(try Self.render(template, ["tags": texts]) == "3|a|c|cba|")
        #expect(try Self.render(template, ["tags": boxed]) == "3|a|c|cba|")
        #expect(try Self.render(template, ["tags": [String]()]) == "0||||none")
    }

    @Test func listsOfDictionariesAndOtherValuesIterate() throws {
        let context: [String: Any] = ["cards": [["name": "A"], ["name": "B"]] as [[String: Any]], "numbers": [1, 2, 3]]
        #expect(try Self.render("{{#cards}}{{name}}{{/cards}}|{{#numbers}}{{.}}{{^last()}},{{/last()}}{{/numbers}}", context) == "AB|1,2,3")
    }

    @Test func falseNullAndEmptyListsAreFalseButEmptyTextAndZeroAreNot() throws {
        let context: [String: Any] = ["no": false, "none": NSNull(), "empty": [Any](), "text": "", "zero": 0]
        #expect(try Self.render("{{#no}}1{{/no}}{{#none}}2{{/none}}{{#empty}}3{{/empty}}{{#text}}4{{/text}}{{#zero}}5{{/zero}}", context) == "45")
    }

    /// Generic code holding an `Any` as its type parameter boxes it again when it returns it as
    /// `Any`: the engine's exact-type shortcut must look through the outer box.
    @Test func valuesBoxedTwiceAreReadAsTheirInnerType() throws {
        func boxed<T>(_ value: T) -> Any { value }
        let text: Any = "rose & co"
        let number: Any = 7
        let flag: Any = false
        let item: Any = ["name": "Serum"] as [String: Any]
        let tags: Any = ["a", "b"] as [String]
        let context: [String: Any] = [
            "text": boxed(text), "number": boxed(number), "flag": boxed(flag), "item": boxed(item), "tags": boxed(tags),
        ]
        let template = "{{text}}|{{number}}|{{^flag}}off{{/flag}}|{{#item}}{{name}}{{/item}}|{{#tags}}{{.}}{{/tags}}"
        #expect(try Self.render(template, context) == "rose &amp; co|7|off|Serum|ab")
    }

    @Test func optionalValuesInsideAnyAreUnwrapped() throws {
        let present: String? = "here"
        let absent: String? = nil
        let list: [[String: Any]]? = [["n": "a"], ["n": "b"]]
        let nested: Int?? = .some(nil)
        let context: [String: Any] = [
            "present": present as Any, "absent": absent as Any, "list": list as Any, "nested": nested as Any,
        ]
        #expect(try Self.render("{{present}}|{{#absent}}x{{/absent}}{{^absent}}none{{/absent}}", context) == "here|none")
        #expect(try Self.render("{{#list}}{{n}}{{/list}}|{{^nested}}empty{{/nested}}", context) == "ab|empty")
    }

    @Test func escapingCoversTheFiveMarkupCharactersAndTextContentTurnsItOff() throws {
        let context = ["value": #"<a href="x">Tom & Jerry's</a>"#]
        #expect(try Self.render("{{value}}", context) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(try Self.render("{{%CONTENT_TYPE:TEXT}}\n{{value}}", context) == #"<a href="x">Tom & Jerry's</a>"#)
    }

    @Test func aPartialThatIncludesItselfForeverStops() throws {
        let rendered = try Self.render("{{>loop}}", ["x": 1], partials: ["loop": "x{{>loop}}"])
        #expect(rendered.count == 200)
    }

    @Test func structsAreReadByTheirPropertyNames() throws {
        struct Card { let title: String; let price: Int }
        #expect(try Self.render("{{#card}}{{title}} {{price}}{{/card}}", ["card": Card(title: "Mascara", price: 12)]) == "Mascara 12")
    }

    @Test func mistakesAreReportedAtTheirLineAndColumn() {
        #expect(Self.syntaxError("line one\n  {{#items}}\nno end") == TemplateSyntaxError(
            message: "section `items` is never closed; add {{/items}}", line: 2, column: 3))
        let mismatched = Self.syntaxError("a\n{{#items}}x{{/item}}")
        #expect(mismatched?.line == 2)
        #expect(mismatched?.column == 12)
        #expect(mismatched?.message.contains("close {{#items}} with {{/items}}") == true)
        #expect(Self.syntaxError("{{name") == TemplateSyntaxError(message: "unfinished tag; close it with }}", line: 1, column: 1))
        #expect(Self.syntaxError("{{/stray}}")?.message == "{{/stray}} closes a section that was never opened")
        #expect(Self.syntaxError("{{=<% %>}}")?.message == "invalid set-delimiter tag; write e.g. {{=<% %>=}}")
        #expect(Self.syntaxError("{{%CONTENT_TYPE:PDF}}")?.message == "unknown content type PDF; write HTML or TEXT")
        #expect(Self.syntaxError("{{a b}}")?.message == "a tag needs one name without spaces, e.g. {{title}}")
    }

    @Test func escapingReplacesTheFiveMarkupCharactersOnly() {
        #expect(HTMLEscaping.escape("Fish & Chips <b>\"1\" 'a'</b> é 👍🏽") == "Fish &amp; Chips &lt;b&gt;&quot;1&quot; &#39;a&#39;&lt;/b&gt; é 👍🏽")
        #expect(HTMLEscaping.escape("plain text, no change") == "plain text, no change")
        #expect(HTMLEscaping.escape("") == "")
    }

    /// The theme loader checks these names and an incremental build follows them; a comment or a
    /// dynamic name is no use of a template.
    @Test func partialUsesAreRecordedWhereTheyAreWritten() throws {
        let template = try Template(name: "t", text: "a\n  {{> header }}{{! {{>not}} }}\n{{<layout}}{{/layout}}{{>*dynamic}}")
        #expect(template.partials.map { "\($0.name)@\($0.line):\($0.column)" } == ["header@2:3", "layout@3:1"])
    }
}
