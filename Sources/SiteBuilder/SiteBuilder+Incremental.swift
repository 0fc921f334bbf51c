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
        let started = Date()
        if let report = UpToDateStamp.upToDate(options, clock: options.clock) { return report }
        UpToDateStamp.discard(forOutput: options.outputFolder)
        let outputFolder = options.outputFolder
        let builder = BuildPipeline(options: options, reading: Background { BuildCache.load(forOutput: outputFolder) })
        var report = builder.build(writing: .staged)
        if report.succeeded, let state = builder.state {
            let built = Date()
            save(state, options: options, changed: builder.stateChanged, report: &report)
            report.phases.append(("save the record and its stamp", Date().timeIntervalSince(built)))
        }
        report.duration = Date().timeIntervalSince(started)
        return report
    }

    /// Saves the record when it changed, then the no-change stamp; a record that cannot be saved
    /// is a warning, and then no stamp is written.
    private static func save(_ state: BuildState, options: BuildOptions, changed: Bool, report: inout BuildReport) {
        if changed {
            do {
                try BuildCache.save(state, forOutput: options.outputFolder)
            } catch {
                report.diagnostics.append(.warning(
                    "cannot save the incremental build record: \(error.localizedDescription); the next build renders everything",
                    at: SourceLocation(path: BuildCache.location(forOutput: options.outputFolder).lastPathComponent)))
                return
            }
        }
        UpToDateStamp.write(state: state, options: options)
    }
}
