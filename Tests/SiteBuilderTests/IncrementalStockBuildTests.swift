import BuildEngine
import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// `stock.csv` changes reach exactly the files a full build would write, and render the products
/// whose rows changed again, not every product's.
@Suite("Incremental builds with stock.csv")
struct IncrementalStockBuildTests {
    func buildAndCompare(_ shop: SampleShop, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> BuildReport {
        try shop.buildIncrementallyLikeAFullBuild(sourceLocation: sourceLocation)
    }

    static let eyeCream = "products/ginzing-eye-cream/index.html"
    static let foundation = "products/forever-skin-glow-foundation/index.html"
    static let other = "products/lip-glow-oil/index.html"

    @Test func aChangedRowRendersItsProductsFilesAndMatchesAFullBuild() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        _ = try buildAndCompare(shop)

        try shop.write("Content/stock.csv", "sku,price,quantity\nORG-GINZ-15,31.00,\nDIR-FSG-0N,,0\n")
        let added = try buildAndCompare(shop)
        #expect(added.renderedPaths.contains(Self.eyeCream) && added.renderedPaths.contains(Self.foundation))
        #expect(!added.renderedPaths.contains(Self.other), "a product without a row")
        let page = try String(contentsOf: shop.output.appendingPathComponent(Self.eyeCream), encoding: .utf8)
        #expect(page.contains("31.00"))

        try shop.write("Content/stock.csv", "sku,price,quantity\nORG-GINZ-15,31.00,\nDIR-FSG-0N,,3\n")
        let changed = try buildAndCompare(shop)
        #expect(changed.renderedPaths.contains(Self.foundation))
        #expect(!changed.renderedPaths.contains(Self.eyeCream), "its row is as it was")

        try shop.delete("Content/stock.csv")
        let removed = try buildAndCompare(shop)
        #expect(removed.renderedPaths.contains(Self.eyeCream) && removed.renderedPaths.contains(Self.foundation))
    }

    @Test func aBadRowFailsTheBuildAndKeepsTheOutput() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        #expect(SiteBuilder.buildIncrementally(shop.options()).succeeded)
        let before = FolderContents.entries(in: shop.output)
        try shop.write("Content/stock.csv", "sku,price\nORG-GINZ-15,thirty\n")
        let report = SiteBuilder.buildIncrementally(shop.options())
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.description.hasSuffix("stock.csv:2:13: error: price: \"thirty\" is not a decimal amount; write e.g. 12.50") })
        #expect(FolderContents.differences(before, FolderContents.entries(in: shop.output)) == [])
    }
}
