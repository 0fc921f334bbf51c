import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

@Suite struct ShardMergeTests {
    func buildShards(_ fixture: ShopFixture, count: Int, clock: Date = ShopFixture.clock) throws -> [URL] {
        try (1...count).map { index in
            let part = fixture.root.appendingPathComponent("part-\(index)")
            var options = buildOptions(fixture, output: part)
            options.clock = clock
            options.shard = BuildShard(index: index, count: count)
            let report = SiteBuilder.build(options)
            guard report.succeeded else { throw TestFailure("shard \(index)/\(count): \(report.diagnostics)") }
            return part
        }
    }

    @Test(arguments: [1, 2, 3, 50])
    func mergedShardsEqualAFullBuildByteForByte(count: Int) throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let full = FolderContents.entries(in: fixture.output)
        #expect(full.count > 50)
        let parts = try buildShards(fixture, count: count)
        // Fewer brands (and far fewer pages) than 50 shards: some parts are empty, and that is fine.
        let merged = fixture.root.appendingPathComponent("Merged")
        let report = ShardMerge.merge(parts: parts.reversed(), into: merged)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.shardCount == count)
        #expect(report.fileCount == FolderContents.files(in: fixture.output).count)
        let joined = FolderContents.entries(in: merged)
        #expect(FolderContents.differences(full, joined).isEmpty, "\(FolderContents.differences(full, joined).prefix(10))")
    }

    @Test func eachPartHoldsOnlyItsOwnFilesAndTheyDoNotOverlap() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let parts = try buildShards(fixture, count: 3)
        var owners: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            for path in FolderContents.files(in: part).keys where path != ShardManifest.fileName {
                #expect(owners[path] == nil, "\(path) is in two parts")
                owners[path] = index + 1
                #expect(BuildShard(index: index + 1, count: 3)!.owns(path))
            }
        }
        let searchParts = Set(owners.filter { $0.key.hasPrefix("search/") }.values)
        #expect(searchParts.count == 1, "the search index is written by one shard")
    }

    @Test func partsThatDoNotMakeOneSiteAreRefusedAndTheOutputIsKept() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let before = FolderContents.entries(in: fixture.output)
        let parts = try buildShards(fixture, count: 2)

        func refusal(_ parts: [URL]) -> String {
            let report = ShardMerge.merge(parts: parts, into: fixture.output)
            #expect(!report.succeeded)
            #expect(FolderContents.entries(in: fixture.output) == before, "the previous output is untouched")
            return report.diagnostics.map(\.description).joined(separator: "\n")
        }

        #expect(refusal([parts[0]]).contains("shard 2/2 missing"))
        #expect(refusal([parts[0], parts[0], parts[1]]).contains("given twice"))
        #expect(refusal([parts[0], fixture.content]).contains("no shard manifest here"))

        // The same shard of a build at another clock is another build.
        let other = fixture.root.appendingPathComponent("other-2")
        var options = buildOptions(fixture, output: other)
        options.clock = ShopFixture.clock.addingTimeInterval(86_400 * 400)
        options.shard = BuildShard(index: 2, count: 2)
        #expect(SiteBuilder.build(options).succeeded)
        #expect(refusal([parts[0], other]).contains("of another build"))

        // A part that lost a file after its build.
        let victim = try #require(FolderContents.files(in: parts[1]).keys.first { $0 != ShardManifest.fileName })
        try FileManager.default.removeItem(at: parts[1].appendingPathComponent(victim))
        #expect(refusal(parts).contains("build this shard again"))
        let leftovers = try fixture.stagingLeftovers()
        #expect(leftovers.isEmpty, "no staging folder is left behind: \(leftovers)")
    }

    @Test func aFailedShardLeavesItsPreviousPartUntouched() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let parts = try buildShards(fixture, count: 2)
        let before = FolderContents.entries(in: parts[0])
        try fixture.write("---\nsku: B-1\nname: Broken\nbrand: origins\nprice: free\n---\n", to: "Content/products/broken.md")
        var options = buildOptions(fixture, output: parts[0])
        options.shard = BuildShard(index: 1, count: 2)
        #expect(!SiteBuilder.build(options).succeeded)
        #expect(FolderContents.entries(in: parts[0]) == before)
    }
}
