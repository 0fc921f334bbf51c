import Foundation
import CatalogModel

extension SiteBuilder {
    /// `vitrine build --incremental`: renders only what changed since the last incremental build
    /// into this output folder, reusing the rest; with no usable record of that build, renders all.
    /// The output is the same as `build`'s. The record is kept beside the output (`BuildCache`).
    public static func buildIncrementally(_ options: BuildOptions) -> BuildReport {
        let builder = IncrementalBuilder(options: options, state: BuildCache.load(forOutput: options.outputFolder))
        var report = builder.build(writing: .staged)
        if report.succeeded, builder.stateChanged, let state = builder.state {
            do {
                try BuildCache.save(state, forOutput: options.outputFolder)
            } catch {
                report.diagnostics.append(.warning(
                    "cannot save the incremental build record: \(error.localizedDescription); the next build renders everything",
                    at: SourceLocation(path: BuildCache.location(forOutput: options.outputFolder).lastPathComponent)))
            }
        }
        return report
    }
}
