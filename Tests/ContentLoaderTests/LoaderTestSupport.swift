import CatalogModel
import ContentLoader
import Testing
import VitrineTestSupport

/// Loads the fixture shop with some files replaced and returns what the loader said.
func load(_ changes: [String: String?] = [:]) throws -> ContentLoader.Result {
    let fixture = try ShopFixture(changes: changes)
    defer { fixture.cleanUp() }
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
