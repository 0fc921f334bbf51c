import Foundation
import CatalogModel

extension SiteBuilder {
    /// `vitrine build --incremental`: renders only what changed since the last incremental build
    /// into this output folder, reusing the rest; with no usable record of that build, renders all.
    /// The output is the same as `build`'s. The record is kept beside the output (`BuildCache`).
    ///
    /// When nothing changed, the stamp written after the last build (`UpToDateStamp`) says so
    /// without the record being read.
    public static func buildIncrementally(_ options: BuildOptions) -> BuildReport {
        if let report = UpToDateStamp.upToDate(options, clock: options.clock) { return report }
        UpToDateStamp.discard(forOutput: options.outputFolder)
        let builder = IncrementalBuilder(options: options, state: BuildCache.load(forOutput: options.outputFolder))
        var report = builder.build(writing: .staged)
        guard report.succeeded, let state = builder.state else { return report }
        if builder.stateChanged {
            do {
                try BuildCache.save(state, forOutput: options.outputFolder)
            } catch {
                report.diagnostics.append(.warning(
                    "cannot save the incremental build record: \(error.localizedDescription); the next build renders everything",
                    at: SourceLocation(path: BuildCache.location(forOutput: options.outputFolder).lastPathComponent)))
                return report
            }
        }
        UpToDateStamp.write(state: state, options: options)
        return report
    }
}
