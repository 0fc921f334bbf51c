import BuildEngine
import CatalogModel
import Foundation
@testable import SiteBuilder
import Testing

@Suite("What each output was made from, carried from build to build")
struct OutputDependenciesTests {
    let serum = Dependency.record(.product, Slug("serum")!)
    let cream = Dependency.record(.product, Slug("cream")!)
    let gone = Dependency.record(.product, Slug("gone")!)

    @Test func aFileNotRenderedAgainKeepsWhatTheLastRecordSaidAndARenderedOneTakesItsNewSet() {
        let previous = OutputDependencies([
            "products/serum/index.html": [serum, .site], "products/cream/index.html": [cream, .site],
            "products/gone/index.html": [gone],
        ])
        let next = OutputDependencies.carrying(from: previous, entries: [
            ("products/serum/index.html", nil), ("products/cream/index.html", [cream, .list(.product)]),
            ("products/new/index.html", [.records(.product)]),
            // A second job at a path: the first wins, as in the build.
            ("products/serum/index.html", [.everything]),
        ])
        #expect(next.sets == [
            "products/serum/index.html": [serum, .site], "products/cream/index.html": [cream, .list(.product)],
            "products/new/index.html": [.records(.product)],
        ])
    }

    @Test func theSavedRecordHoldsOnlyDependenciesSomeFileStillHas() throws {
        let previous = OutputDependencies(["a.html": [serum, .site], "b.html": [gone]])
        let outputs = OutputDependencies.carrying(from: previous, entries: [("a.html", nil), ("c.html", [cream])])
        // The table still numbers `gone` until the record is written.
        #expect(outputs.numbered.table.contains(gone))
        let state = BuildState(
            setting: "s", clock: Date(timeIntervalSince1970: 0), basePath: "/", inputs: [:], records: [:], outputs: outputs,
            copies: [:], diagnostics: [], contentFileCount: 0, pageCount: 0, feedCount: 0)
        let reread = try #require(BuildCache.decode(BuildCache.encode(state, outputIdentity: "x"), outputIdentity: "x"))
        #expect(reread.outputs.sets == ["a.html": [serum, .site], "c.html": [cream]])
        #expect(Set(reread.outputs.numbered.table) == [serum, .site, cream])
    }
}
