public import CatalogModel
public import Foundation
public import SiteBuilder

/// The site being previewed: builds it, keeps what the last build was (good or broken), and
/// tells open pages about every change. Builds run one at a time off the actor, on their own
/// thread, so serving files and events goes on while a build renders.
public actor PreviewSite {
    public nonisolated let options: BuildOptions
    /// Names this server run, so a page that reconnects to a restarted server reloads.
    public nonisolated let session: String
    private let builder: BuildPipeline
    private let now: @Sendable () -> Date
    private let log: @Sendable (String) -> Void

    /// Counts the site versions served; a page that missed a reload sees it moved on.
    public private(set) var generation = 0
    /// The diagnostics of the latest build when it failed; nil while the site builds.
    public private(set) var failure: [Diagnostic]?
    /// The path the site is served under, from the last good build.
    public private(set) var basePath = "/"
    /// Whether some build succeeded: there is a site to serve.
    public private(set) var hasSite = false
    /// The inputs the latest build saw (the watcher compares new scans with it).
    public private(set) var lastScan: InputScan?
    private var wroteInPlace = false
    /// Pages the quick path wrote since the last full pass: the full pass writes the same bytes
    /// again, which needs no second reload.
    private var quickPages = Set<String>()
    private var subscribers: [UUID: AsyncStream<PreviewEvent>.Continuation] = [:]
    private var eventsFinished = false

    /// - Parameters:
    ///   - now: the clock of each build (fixed with `--clock`, else the wall clock).
    ///   - log: where build results and diagnostics are printed.
    public init(
        options: BuildOptions, now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.options = options
        self.now = now
        self.log = log
        self.session = UUID().uuidString.lowercased()
        self.builder = BuildPipeline(
            options: options, state: BuildCache.load(forOutput: options.outputFolder), keepsParsedContent: true)
    }

    public nonisolated var outputFolder: URL { options.outputFolder.standardizedFileURL }

    /// The first build: a complete new output folder swapped in (reusing a previous incremental
    /// build's files when its record is there). Later builds change files in place.
    @discardableResult
    public func start() async -> BuildReport {
        let scan = InputScan(content: options.contentFolder, templates: options.templatesFolder)
        return await build(scan: scan, writing: .staged)
    }

    /// Builds again after the watcher saw `scan` differ from the last one.
    @discardableResult
    public func rebuild(scan: InputScan) async -> BuildReport {
        willWriteInPlace()
        return await build(scan: scan, writing: hasSite ? .inPlace : .staged)
    }

    /// From now on the output changes file by file: the saved record would not describe it
    /// (it is saved again when the server stops).
    private func willWriteInPlace() {
        guard !wroteInPlace else { return }
        BuildCache.discard(forOutput: options.outputFolder)
        wroteInPlace = true
    }

    /// Builds again when the time has moved enough to change a page (a promotion started or
    /// ended, a new year), even though no file changed. The watcher asks every second.
    @discardableResult
    public func clockTick() async -> BuildReport? {
        guard hasSite, let state = builder.state, let scan = lastScan,
            BuildPipeline.clockChangesPages(from: state.clock, to: now(), state: state)
        else { return nil }
        return await rebuild(scan: scan)
    }

    /// The clock for the next build. The preview keeps the clock of its last build until moving
    /// it would change a page; otherwise every edit would also render the feeds, which print the
    /// build time, again. The output is always exactly a full build's at the clock it keeps.
    private func clockForBuild() -> Date {
        let candidate = now()
        guard let state = builder.state,
            !BuildPipeline.clockChangesPages(from: state.clock, to: candidate, state: state)
        else { return candidate }
        return state.clock
    }

    /// What the watcher calls after files changed: the quick path when it applies (an edit to an
    /// existing product or brand that moves it in no list), else a full pass. Returns true when
    /// the quick path ran, so a full pass is still owed (for feeds and the rest).
    public func changed(to scan: InputScan) async -> Bool {
        let keys = lastScan.map { scan.differences(from: $0) } ?? []
        guard hasSite, failure == nil, !keys.isEmpty else {
            await rebuild(scan: scan)
            return false
        }
        lastScan = scan
        willWriteInPlace()
        let builder = self.builder
        let quick = await Self.offActor { builder.quickUpdate(changedInputs: keys) }
        guard let quick else {
            await rebuild(scan: scan)
            return false
        }
        quickPages.formUnion(quick.renderedPaths)
        if !quick.renderedPaths.isEmpty {
            generation += 1
            broadcast(.reload(generation: generation))
        }
        let ms = Int((quick.duration * 1000).rounded())
        log("Updated \(quick.renderedPaths.count.formatted()) page\(quick.renderedPaths.count == 1 ? "" : "s") in \(ms) ms"
            + (quick.renderedPaths.isEmpty ? "" : " (" + quick.renderedPaths.prefix(3).joined(separator: ", ")
                + (quick.renderedPaths.count > 3 ? ", …" : "") + ")"))
        return true
    }

    /// Runs synchronous work on its own thread rather than on the actor.
    private static func offActor<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }

    private func build(scan: InputScan, writing: BuildPipeline.Writing) async -> BuildReport {
        lastScan = scan
        let builder = self.builder
        let clock = clockForBuild()
        let early = EarlyReload(site: self, alreadyShown: quickPages)
        let report = await Self.offActor {
            builder.build(clock: clock, writing: writing, scan: scan, pagesWritten: { early.pagesWritten($0) })
        }
        await early.finished()
        for diagnostic in report.diagnostics { log(diagnostic.description) }
        if report.succeeded {
            let recovered = failure != nil
            failure = nil
            hasSite = true
            basePath = builder.state?.basePath ?? "/"
            // Open pages reload when a page changed that the quick path did not already write, a
            // page is gone, or a copied file (a picture, the stylesheet) changed.
            let newPages = report.renderedPaths.contains { Self.isPage($0) && !quickPages.contains($0) }
            let goneOrCopied = report.removedPaths.contains(where: Self.isPage)
                || report.copiedCount > 0
            if !report.upToDate, !early.sent, recovered || newPages || goneOrCopied {
                generation += 1
                broadcast(.reload(generation: generation))
            }
            quickPages = []
            log(describe(report))
        } else {
            failure = report.diagnostics.filter { $0.severity == .error }
            broadcast(.failed(errors: report.diagnostics.map { $0.description }))
            log(hasSite
                ? "Build failed: still serving the last good site; fix the errors above and save."
                : "Build failed: nothing to serve yet; fix the errors above and save.")
        }
        return report
    }

    static func isPage(_ path: String) -> Bool { path.hasSuffix(".html") }

    private func describe(_ report: BuildReport) -> String {
        let ms = Int((report.duration * 1000).rounded())
        if report.upToDate { return "Up to date (\(ms) ms)" }
        var line = "Built in \(ms) ms: rendered \(report.renderedCount.formatted())"
        let shown = report.renderedPaths.prefix(5)
        if !shown.isEmpty {
            line += " (" + shown.joined(separator: ", ") + (report.renderedCount > shown.count ? ", …" : "") + ")"
        }
        if report.removedCount > 0 { line += ", removed \(report.removedCount.formatted())" }
        return line
    }

    /// Called once a build's pages are on disk: open pages reload while the feeds are still
    /// being written. The content is valid by then, so an error overlay can go.
    fileprivate func pagesWritten() {
        failure = nil
        hasSite = true
        generation += 1
        broadcast(.reload(generation: generation))
    }

    /// Events for one open page, starting with `hello`; ends when the server stops.
    public func events() -> AsyncStream<PreviewEvent> {
        let (stream, continuation) = AsyncStream<PreviewEvent>.makeStream(bufferingPolicy: .bufferingNewest(16))
        continuation.yield(.hello(session: session, generation: generation, errors: currentErrors))
        if eventsFinished {
            continuation.finish()
            return stream
        }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        return stream
    }

    public var subscriberCount: Int { subscribers.count }

    private var currentErrors: [String] { failure?.map(\.description) ?? [] }

    private func unsubscribe(_ id: UUID) { subscribers[id] = nil }

    func broadcast(_ event: PreviewEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    /// Ends every event stream, so open connections close and the server can stop.
    public func finishEvents() {
        eventsFinished = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    /// Saves the last good build's record beside the output, so the next `vitrine serve` or
    /// `vitrine build --incremental` starts from it.
    public func saveState() {
        guard let state = builder.state else { return }
        try? BuildCache.save(state, forOutput: options.outputFolder)
    }
}

/// Sends the reload of a build as soon as its pages are written, once, unless the quick path
/// already wrote them all.
private final class EarlyReload: @unchecked Sendable {
    private let site: PreviewSite
    private let alreadyShown: Set<String>
    private let lock = NSLock()
    private var done = false

    init(site: PreviewSite, alreadyShown: Set<String>) {
        self.site = site
        self.alreadyShown = alreadyShown
    }

    var sent: Bool { lock.withLock { done } }

    private var task: Task<Void, Never>?

    func pagesWritten(_ paths: [String]) {
        guard paths.contains(where: { !alreadyShown.contains($0) }) else { return }
        let site = self.site
        lock.lock()
        done = true
        task = Task { await site.pagesWritten() }
        lock.unlock()
    }

    /// Waits for the reload to have been sent, so what the build reports afterwards comes after it.
    func finished() async {
        await pending?.value
    }

    private var pending: Task<Void, Never>? { lock.withLock { task } }
}
