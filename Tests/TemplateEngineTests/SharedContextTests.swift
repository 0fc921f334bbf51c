import Foundation
import Testing

@testable import TemplateEngine

/// A partial rendered from a shared context is kept and reused only while reusing it gives the
/// bytes rendering again would.
@Suite struct SharedContextTests {
    static func set(_ main: String, card: String) throws -> TemplateSet {
        TemplateSet([try Template(name: "main", text: main), try Template(name: "card", text: card)])
    }

    @Test func aCardReadingOnlyItselfIsKeptAndReused() throws {
        let set = try Self.set("{{#cards}}{{>card}}\n{{/cards}}", card: "<li>{{name}}{{#sale}} (sale){{/sale}}</li>")
        let card = SharedContext(["name": "A & B", "sale": true])
        let first = set.render("main", ["cards": [card, card]])
        #expect(first == "<li>A &amp; B (sale)</li>\n<li>A &amp; B (sale)</li>\n")
        #expect(card.keptCount == 1)
        #expect(set.render("main", ["cards": [card]]) == "<li>A &amp; B (sale)</li>\n")
    }

    @Test func aCardReadingThePageAroundItIsRenderedForEachPage() throws {
        let set = try Self.set("{{#cards}}{{>card}}{{/cards}}", card: "{{name}} at {{shop}}")
        let card = SharedContext(["name": "A"])
        #expect(set.render("main", ["cards": [card], "shop": "One"]) == "A at One")
        #expect(set.render("main", ["cards": [card], "shop": "Two"]) == "A at Two")
        #expect(card.keptCount == 0)
    }

    @Test func aNameTheCardLacksIsReusedOnlyWhereThePageLacksItToo() throws {
        let set = try Self.set("{{#cards}}{{>card}}{{/cards}}", card: "{{#picture}}[{{picture}}]{{/picture}}{{name}}")
        let card = SharedContext(["name": "A"])
        #expect(set.render("main", ["cards": [card]]) == "A")
        #expect(card.keptCount == 1)
        // The page around now has the name the card lacked: as swift-mustache does, it is found there.
        #expect(set.render("main", ["cards": [card], "picture": "p.jpg"]) == "[p.jpg]A")
        #expect(set.render("main", ["cards": [card]]) == "A")
    }

    @Test func blocksAndIndentationAreRenderedEachTime() throws {
        // A block reads the overrides in force: never kept.
        let blocks = try Self.set("{{#cards}}{{>card}}{{/cards}}", card: "{{$label}}{{name}}{{/label}}")
        let card = SharedContext(["name": "A"])
        #expect(blocks.render("main", ["cards": [card]]) == "A")
        #expect(card.keptCount == 0)
        // Indented, the partial indents every line: rendered each time, with the indentation.
        let indented = try Self.set("{{#cards}}\n  {{>card}}\n{{/cards}}", card: "<li>\n{{name}}\n</li>\n")
        let other = SharedContext(["name": "B"])
        #expect(indented.render("main", ["cards": [other, other]]) == "  <li>\n  B\n  </li>\n  <li>\n  B\n  </li>\n")
        #expect(other.keptCount == 0)
    }

    @Test func anotherTemplateSetDoesNotReuseTheBytes() throws {
        let first = try Self.set("{{#cards}}{{>card}}{{/cards}}", card: "1:{{name}}")
        let second = try Self.set("{{#cards}}{{>card}}{{/cards}}", card: "2:{{name}}")
        let card = SharedContext(["name": "A"])
        #expect(first.render("main", ["cards": [card]]) == "1:A")
        #expect(second.render("main", ["cards": [card]]) == "2:A")
    }

    @Test func plainTurnsSharedContextsIntoDictionariesForAnotherEngine() throws {
        let card = SharedContext(["name": "A"])
        let plain = SharedContext.plain(["related": ["products": [card]], "tags": ["x"]] as [String: Any])
        let related = try #require((plain as? [String: Any])?["related"] as? [String: Any])
        let products = try #require(related["products"] as? [[String: Any]])
        #expect(products.first?["name"] as? String == "A")
    }
}
