import CatalogModel
import Foundation
@testable import SiteBuilder
import Testing

@Suite struct BuildShardTests {
    @Test func parsesKOfNAndExplainsWhatIsWrongOtherwise() throws {
        #expect(try BuildShard.parse("2/4").get() == BuildShard(index: 2, count: 4))
        #expect(try BuildShard.parse("1/1").get() == BuildShard(index: 1, count: 1))
        for (text, reason) in [
            ("0/4", "count from 1 to 4"), ("5/4", "count from 1 to 4"), ("2", "write e.g. 2/4"),
            ("a/b", "write e.g. 2/4"), ("1/0", "use 1 to 10,000"), ("1/2/3", "write e.g. 2/4"),
        ] {
            guard case .failure(let error) = BuildShard.parse(text) else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(error.description.contains(reason), "\(text): \(error)")
        }
    }

    @Test func everyPathBelongsToExactlyOneShardAndTheSearchIndexToOne() {
        let paths = (0..<500).map { "products/p\($0)/index.html" } + ["index.html", "sitemap.xml", "search/index.html", "search/manifest.json", "search/chunk-ab12.json"]
        for count in [1, 2, 3, 7, 64] {
            let shards = (1...count).map { BuildShard(index: $0, count: count)! }
            for path in paths {
                #expect(shards.filter { $0.owns(path) }.count == 1, "\(path) among \(count)")
            }
            let searchOwners = Set(paths.filter { $0.hasPrefix("search/") }.map { BuildShard.shard(of: $0, among: count) })
            #expect(searchOwners.count == 1)
            #expect(shards.filter(\.ownsSearchIndex).count == 1)
        }
    }

    @Test func sharesAreEvenEnoughForACIMatrix() {
        let paths = (0..<10_000).map { "products/product-\($0)/index.html" }
        var counts = [Int](repeating: 0, count: 4)
        for path in paths { counts[BuildShard.shard(of: path, among: 4) - 1] += 1 }
        // 2,500 each on average; a skew of more than 10 % would make one job of the matrix the slow one.
        #expect(counts.allSatisfy { (2_250...2_750).contains($0) }, "\(counts)")
    }
}
