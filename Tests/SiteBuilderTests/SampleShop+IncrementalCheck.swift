import BuildEngine
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

extension SampleShop {
    /// Builds incrementally into the shop's Output/ and checks that it succeeds and leaves exactly
    /// the files a full build with the same clock writes.
    @discardableResult
    func buildIncrementallyLikeAFullBuild(clock: Date = SampleShop.clock, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws -> BuildReport
    {
        let report = SiteBuilder.buildIncrementally(options(clock: clock))
        #expect(report.succeeded, "\(report.diagnostics)", sourceLocation: sourceLocation)
        let full = try fullBuild(clock: clock)
        #expect(FolderContents.differences(full, FolderContents.entries(in: output)) == [], sourceLocation: sourceLocation)
        return report
    }
}
