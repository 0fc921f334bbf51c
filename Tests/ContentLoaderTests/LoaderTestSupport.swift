import CatalogModel
import ContentLoader
import Foundation
import Testing
import VitrineTestSupport

/// Loads the fixture shop with some files replaced and returns what the loader said.
func load(_ changes: [String: String?] = [:]) throws -> ContentLoader.Result {
    let fixture = try ShopFixture(changes: changes)
    defer { fixture.cleanUp() }
    return ContentLoader(contentFolder: fixture.content).load()
}

/// Loads the fixture shop with files written as raw bytes (text in another encoding).
func load(bytes: [String: [UInt8]]) throws -> ContentLoader.Result {
    let fixture = try ShopFixture()
    defer { fixture.cleanUp() }
    for (path, data) in bytes { try Data(data).write(to: fixture.content.appendingPathComponent(path)) }
    return ContentLoader(contentFolder: fixture.content).load()
}

/// The one diagnostic at `path:line:column`, checked for severity and wording.
func expectDiagnostic(
    _ result: ContentLoader.Result, _ severity: Diagnostic.Severity = .error, at location: String, _ contains: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let matches = result.diagnostics.filter { $0.location.description == location && $0.message.contains(contains) }
    #expect(
        matches.count == 1 && matches.first?.severity == severity,
        "expected \(severity) at \(location) containing “\(contains)”; got:\n\(result.diagnostics.map(\.description).joined(separator: "\n"))",
        sourceLocation: sourceLocation)
}

/// A product file whose keys are the given lines, so line numbers are easy to read off:
/// line 1 is `---`, the first key is on line 2.
func product(_ lines: [String], body: String = "Text.") -> String {
    (["---"] + lines + ["---", body]).joined(separator: "\n")
}

let validProductLines = ["sku: T-1", "name: Toner", "brand: origins", "price: 10.00"]

/// The fixture with another shop's brands and products in place of the sample ones: brands
/// `hana` and `kumo`, SKUs `KT-0107` and `KT-0112`, and nothing named origins or aven, so
/// advice quoting the sample shop shows.
func loadOtherShop(_ changes: [String: String?] = [:]) throws -> ContentLoader.Result {
    var files: [String: String?] = [
        "brands/origins.md": nil, "brands/aven.json": nil, "products/origins/night-serum.md": nil,
        "products/origins/day-cream.md": nil, "products/origins/eye-balm.md": nil, "products/aven-mist.json": nil,
        "promotions/xmas.md": nil, "promotions/spring.md": nil, "promotions/summer.json": nil,
        "brands/kumo.md": "---\ntitle: Kumo Tea\n---\n",
        "brands/hana.json": #"{"title": "Hana"}"#,
        "products/green-tea.md": product(["sku: KT-0107", "name: Green Tea", "brand: kumo", "price: 8.00"]),
        "products/rice-mask.md": product(["sku: KT-0112", "name: Rice Mask", "brand: hana", "price: 15.00"]),
    ]
    files.merge(changes) { _, new in new }
    return try load(files)
}

/// The sample shop's names, which no advice to another shop may quote.
let sampleShopNames = ["origins", "aven", "ORG-", "AVN-", "DIA-", "GINZ"]
