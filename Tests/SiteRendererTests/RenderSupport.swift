import BuildEngine
import CatalogModel
import ContentLoader
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

/// Renders the fixture shop with the default theme and returns every page by output path.
func renderFixture(_ changes: [String: String?] = [:], now: Date = ShopFixture.clock) throws -> [String: String] {
    let fixture = try ShopFixture(changes: changes)
    defer { fixture.cleanUp() }
    let loaded = ContentLoader(contentFolder: fixture.content).load()
    let catalog = try #require(loaded.catalog, "\(loaded.diagnostics)")
    let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
    var pages: [String: String] = [:]
    for job in SiteRenderer(catalog: catalog, templates: templates, now: now).jobs() {
        pages[job.path] = String(decoding: job.render(), as: UTF8.self)
    }
    return pages
}

/// Compares a page with its recorded snapshot in `Snapshots/`; set VITRINE_RECORD_SNAPSHOTS=1 to re-record.
func assertSnapshot(_ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["VITRINE_RECORD_SNAPSHOTS"] != nil
        || !FileManager.default.fileExists(atPath: file.path)
    {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return
    }
    let expected = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    if expected != text {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = Array(zip(expectedLines, actualLines)).firstIndex { $0 != $1 } ?? min(expectedLines.count, actualLines.count)
        Issue.record(
            """
            \(name) differs from its snapshot at line \(first + 1):
              expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
              actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
            Re-record with VITRINE_RECORD_SNAPSHOTS=1 swift test if the change is intended.
            """, sourceLocation: sourceLocation)
    }
}
