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
    for job in SiteRenderer(catalog: catalog, templates: templates, now: now, language: "en").jobs() {
        pages[job.path] = String(decoding: job.render(), as: UTF8.self)
    }
    return pages
}
