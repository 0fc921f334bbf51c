import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

@Suite struct ArchiveBuildTests {
    @Test func anArchiveHoldsEveryFileOfAFolderBuildOnce() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let file = fixture.root.appendingPathComponent("site.tar")
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let report = SiteBuilder.buildArchive(buildOptions(fixture, output: file))
        #expect(report.succeeded)
        let entries = try #require(TarContents.entries(of: file))
        let folder = FolderContents.files(in: fixture.output)
        #expect(folder.count > 50)
        #expect(entries.count == folder.count, "no path twice")
        #expect(report.fileCount == entries.count)
        let archived = try #require(TarContents.files(of: file))
        #expect(FolderContents.differences(archived, folder).isEmpty)
        #expect(entries.allSatisfy { $0.modified == Int(ShopFixture.clock.timeIntervalSince1970) })
    }

    @Test func largeFilesComeAfterThePagesAndCopiedFilesAfterThem() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let file = fixture.root.appendingPathComponent("site.tar")
        #expect(SiteBuilder.buildArchive(buildOptions(fixture, output: file)).succeeded)
        let paths = try #require(TarContents.entries(of: file)).map(\.path)
        let feed = try #require(paths.firstIndex(of: "feeds/products.xml"))
        let lastPage = try #require(paths.lastIndex { $0.hasPrefix("products/") && $0.hasSuffix("/index.html") })
        let firstCopy = try #require(paths.firstIndex { $0.hasPrefix("images/") || $0.hasPrefix("pictures/") })
        #expect(lastPage < feed, "the merchant feed, made for longest, does not hold the pages back")
        #expect(feed < firstCopy)
        #expect(paths.last?.hasPrefix("search/") == true, "the search index, built beside the pages, comes last")
    }

    @Test func twoArchiveBuildsAreByteIdentical() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let first = fixture.root.appendingPathComponent("a.tar")
        let second = fixture.root.appendingPathComponent("b.tar")
        #expect(SiteBuilder.buildArchive(buildOptions(fixture, output: first)).succeeded)
        #expect(SiteBuilder.buildArchive(buildOptions(fixture, output: second)).succeeded)
        let bytes = try Data(contentsOf: first)
        #expect(bytes.count > 100_000)
        #expect(bytes == (try Data(contentsOf: second)))
    }

    /// A shop with markets is written a storefront at a time: the archive still holds each of
    /// the folder build's files once, and two archive builds are still the same bytes.
    @Test func aShopWithStorefrontsArchivesEveryFileOnceInAFixedOrder() throws {
        let fixture = try ShopFixture(changes: ["site.json": StorefrontBuildTests.site])
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let first = fixture.root.appendingPathComponent("a.tar")
        let second = fixture.root.appendingPathComponent("b.tar")
        #expect(SiteBuilder.buildArchive(buildOptions(fixture, output: first)).succeeded)
        #expect(SiteBuilder.buildArchive(buildOptions(fixture, output: second)).succeeded)
        let entries = try #require(TarContents.entries(of: first))
        let folder = FolderContents.files(in: fixture.output)
        #expect(folder.keys.contains { $0.hasPrefix("ko-kr/") }, "the storefronts are built")
        let twice = Dictionary(grouping: entries.map(\.path), by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(twice.isEmpty, "no path twice")
        #expect(FolderContents.differences(try #require(TarContents.files(of: first)), folder).isEmpty)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    }

    @Test func aBuildRefusedByValidationLeavesThePreviousArchiveExactlyAsItWas() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let file = fixture.root.appendingPathComponent("site.tar")
        #expect(SiteBuilder.buildArchive(buildOptions(fixture, output: file)).succeeded)
        let before = try Data(contentsOf: file)
        try fixture.write("---\nsku: B-1\nname: Broken\nbrand: origins\nprice: free\n---\n", to: "Content/products/broken.md")
        let report = SiteBuilder.buildArchive(buildOptions(fixture, output: file))
        #expect(!report.succeeded)
        #expect(try Data(contentsOf: file) == before)
        let leftovers = try fixture.stagingLeftovers()
        #expect(leftovers.isEmpty, "no staging file is left behind: \(leftovers)")
    }

    @Test func anArchiveIsNotWrittenOverAFolder() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let before = FolderContents.entries(in: fixture.output)
        let report = SiteBuilder.buildArchive(buildOptions(fixture))
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains {
            $0.description.contains("cannot write the output") && $0.description.contains("is a folder")
                && $0.description.contains("the previous output is unchanged")
        })
        #expect(FolderContents.entries(in: fixture.output) == before)
        let leftovers = try fixture.stagingLeftovers()
        #expect(leftovers.isEmpty, "no staging file is left behind: \(leftovers)")
    }
}
