import BuildEngine
import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// A new or removed review reaches exactly the files a full build would write, and
/// renders the reviewed product's files again, not every product's.
@Suite("Incremental builds with reviews")
struct IncrementalReviewBuildTests {
    func buildAndCompare(_ shop: SampleShop, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> BuildReport {
        try shop.buildIncrementallyLikeAFullBuild(sourceLocation: sourceLocation)
    }

    let line = #"{"id": "t-1", "product": "ginzing-eye-cream", "rating": 2, "body": "Too rich for me.", "author": "Test B.", "date": "2026-01-05"}"#

    @Test func aNewReviewRendersItsProductsFilesAndMatchesAFullBuild() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        _ = try buildAndCompare(shop)
        try shop.write("Content/reviews/incremental-test.jsonl", line + "\n")
        let added = try buildAndCompare(shop)
        #expect(added.renderedPaths.contains("products/ginzing-eye-cream/index.html"))
        #expect(!added.renderedPaths.contains("products/lip-glow-oil/index.html"), "a product the review is not about")

        try shop.delete("Content/reviews/incremental-test.jsonl")
        _ = try buildAndCompare(shop)
    }

    @Test func aReviewOfAnUnknownProductFailsTheBuildAndKeepsTheOutput() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        #expect(SiteBuilder.buildIncrementally(shop.options()).succeeded)
        let before = FolderContents.entries(in: shop.output)
        try shop.write("Content/reviews/incremental-test.jsonl", line.replacingOccurrences(of: "ginzing-eye-cream", with: "ginzing-eye-crem") + "\n")
        let report = SiteBuilder.buildIncrementally(shop.options())
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.message.contains("did you mean ginzing-eye-cream?") })
        #expect(FolderContents.differences(before, FolderContents.entries(in: shop.output)) == [])
    }
}
