public import CatalogModel
public import Foundation

public struct BuildReport: Sendable {
    public var succeeded: Bool
    public var diagnostics: [Diagnostic]
    /// Content files read (site.json included).
    public var contentFileCount: Int
    public var pageCount: Int = 0
    public var feedCount: Int = 0
    /// Every file written, pages and copies included.
    public var fileCount: Int = 0
    public var duration: TimeInterval = 0
    /// Incremental builds: the files rendered this time, sorted, each once (a full build renders
    /// them all and leaves this empty). A file a copy replaces is the copy's, not listed here.
    public var renderedPaths: [String] = []
    /// Incremental builds: files copied this time (photos, derived pictures, theme files), each once.
    /// `renderedCount + copiedCount + reusedCount == fileCount`.
    public var copiedCount: Int = 0
    /// Incremental builds: files carried over unchanged, and files of the previous output dropped
    /// (sorted).
    public var reusedCount: Int = 0
    public var removedPaths: [String] = []
    public var removedCount: Int { removedPaths.count }
    /// Set by incremental builds; `upToDate` when nothing read had changed and nothing was written.
    public var isIncremental = false
    public var upToDate = false
    /// Photos derived by this build, and photos whose derived files came from the cache.
    public var picturesMade = 0
    public var picturesReused = 0

    public var renderedCount: Int { renderedPaths.count }

    /// Wall time of each step, for `--verbose`.
    public var phases: [(String, TimeInterval)] = []

    public init(succeeded: Bool, diagnostics: [Diagnostic], contentFileCount: Int) {
        self.succeeded = succeeded
        self.diagnostics = diagnostics
        self.contentFileCount = contentFileCount
    }

    /// `Built 10,304 pages, 7 feeds (22,416 files) in 0.8 s`: the file count, because static hosts
    /// cap it (Cloudflare Pages: 20,000 on its free plan).
    public var summary: String {
        let seconds = (duration * 10).rounded() / 10
        var counts = "\(pageCount.formatted()) page\(pageCount == 1 ? "" : "s"), \(feedCount.formatted()) feed\(feedCount == 1 ? "" : "s")"
        if upToDate { return "Up to date: \(counts), nothing changed (\(Int((duration * 1000).rounded())) ms)" }
        if fileCount > 0 { counts += " (\(fileCount.formatted()) file\(fileCount == 1 ? "" : "s"))" }
        if picturesMade > 0 { counts += ", \(picturesMade.formatted()) picture\(picturesMade == 1 ? "" : "s") derived" }
        if isIncremental {
            return "Built \(counts) in \(seconds) s: rendered \(renderedCount.formatted()), copied \(copiedCount.formatted()), "
                + "reused \(reusedCount.formatted()), removed \(removedCount.formatted())"
        }
        return "Built \(counts) in \(seconds) s"
    }
}
