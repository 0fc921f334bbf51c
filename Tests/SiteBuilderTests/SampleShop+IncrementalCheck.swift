import BuildEngine
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

extension SampleShop {
    /// Builds incrementally into the shop's Output/ and checks that it succeeds and leaves exactly
    /// the files a full build with the same clock writes, and that its record says each file
    /// depends on what a build without a previous record finds (files not rendered again keep
    /// the dependencies the last record gave them: a wrong one would show only edits later).
    @discardableResult
    func buildIncrementallyLikeAFullBuild(clock: Date = SampleShop.clock, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws -> BuildReport
    {
        let report = SiteBuilder.buildIncrementally(options(clock: clock))
        #expect(report.succeeded, "\(report.diagnostics)", sourceLocation: sourceLocation)
        let full = try fullBuild(clock: clock)
        #expect(FolderContents.differences(full, FolderContents.entries(in: output)) == [], sourceLocation: sourceLocation)
        let fresh = BuildPipeline(options: options(output: folder.appendingPathComponent("RecordReference"), clock: clock))
        #expect(fresh.build(writing: .staged).succeeded, sourceLocation: sourceLocation)
        let kept = BuildCache.load(forOutput: output)?.outputs.sets
        #expect(kept != nil, "no record beside the output", sourceLocation: sourceLocation)
        if let kept, let made = fresh.state?.outputs.sets, kept != made {
            let wrong = Set(kept.keys).union(made.keys).filter { kept[$0] != made[$0] }.sorted()
            Issue.record("\(wrong.count) files' recorded dependencies differ from a fresh build's, e.g. \(wrong.prefix(3))", sourceLocation: sourceLocation)
        }
        return report
    }
}
