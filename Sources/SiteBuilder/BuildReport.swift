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
    /// Wall time of each step, for `--verbose`.
    public var phases: [(String, TimeInterval)] = []

    public init(succeeded: Bool, diagnostics: [Diagnostic], contentFileCount: Int) {
        self.succeeded = succeeded
        self.diagnostics = diagnostics
        self.contentFileCount = contentFileCount
    }

    /// `Built 10,304 pages, 7 feeds in 0.8 s`
    public var summary: String {
        let seconds = (duration * 10).rounded() / 10
        return "Built \(pageCount.formatted()) page\(pageCount == 1 ? "" : "s"), \(feedCount.formatted()) feed\(feedCount == 1 ? "" : "s") in \(seconds) s"
    }
}
