import CatalogAPI
import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

/// The README's tables of content keys are generated (`scripts/update-readme-keys.sh`); these tests
/// fail when the model's key table and the README part.
@Suite struct ContentKeyTablesTests {
    static var readme: URL { ShopFixture.repositoryRoot.appendingPathComponent("README.md") }

    @Test func theReadmesTablesAreTheGeneratedOnes() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let section = try #require(
            ContentKeyTables.section(of: text),
            "README.md has no \(ContentKeyTables.beginMarker) … \(ContentKeyTables.endMarker); run scripts/update-readme-keys.sh")
        #expect(
            String(section) == ContentKeyTables.betweenMarkers,
            "README.md's content keys differ from the model's key table; run scripts/update-readme-keys.sh and review the diff")
    }

    @Test func everyKeyOfEveryKindHasARowWithItsSummary() throws {
        let tables = ContentKeyTables.tables
        try #require(!tables.isEmpty)
        for kind in RecordKind.allCases {
            let heading = kind == .site ? "site.json" : kind.rawValue.capitalized
            let table = try #require(tables.first { $0.heading == heading }, "\(kind)")
            for rule in kind.fields {
                let row = try #require(table.rows.first { $0.key == "`\(rule.key)`" }, "\(kind) \(rule.key)")
                #expect(row.meaning == rule.summary)
                #expect(row.required == rule.required)
                #expect(!row.type.isEmpty)
            }
        }
    }

    @Test func nestedValuesWithRulesHaveTablesOfTheirOwn() throws {
        let markdown = ContentKeyTables.markdown()
        for rule in ImageSettings.rules + ShippingRate.rules + Variant.rules(options: []) {
            #expect(markdown.contains("| `\(rule.key)` | \(rule.type.documentation) | \(rule.required ? "yes" : "no") | \(rule.summary) |"), "\(rule.key)")
        }
        for key in Store.keys { #expect(markdown.contains("| `\(key)` |"), "\(key)") }
        // This week's keys.
        for key in ["timeZone", "customKeys", "directBuy", "keepOriginalMetadata", "featured"] {
            #expect(markdown.contains("| `\(key)` |"), "\(key)")
        }
    }

    @Test func updatingReplacesOnlyTheTextBetweenTheMarkers() throws {
        let document = "# Shop\n\n\(ContentKeyTables.beginMarker)\nold\n\(ContentKeyTables.endMarker)\n\n## After\n"
        let updated = try #require(ContentKeyTables.updating(document))
        #expect(updated.hasPrefix("# Shop\n\n\(ContentKeyTables.beginMarker)\n\n### site.json\n"))
        #expect(updated.hasSuffix("|\n\n\(ContentKeyTables.endMarker)\n\n## After\n"))
        let section = try #require(ContentKeyTables.section(of: updated))
        let expected = ContentKeyTables.betweenMarkers
        #expect(String(section) == expected)
        #expect(ContentKeyTables.updating("# no markers\n") == nil)
    }
}
