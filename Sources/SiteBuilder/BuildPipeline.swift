import BuildEngine
import CatalogModel
import ContentLoader
public import Foundation
import ImageDerivatives
import Parallel
import SearchIndexer
import SiteArchive
import SiteRenderer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every build, from the content folder to files in place: the content read and checked, the
/// pictures derived, the pages, feeds and API planned, then written to a destination (`Writing`:
/// a staged folder, the served folder in place, or an archive, each an `OutputDestination`
/// written by the same loops in `BuildPipeline+Writing`).
///
/// Given the record of the previous build, it renders only the files whose dependencies the
/// change touches and carries every other file over; the result is the same, byte for byte, as
/// a build without a record at the same clock. `vitrine build` is a pipeline that keeps no record
/// (`keepsRecord: false`); `vitrine build --incremental` makes one per run from the record saved
/// beside the output; the preview server keeps one alive, so it also keeps the parsed content of
/// unchanged files. Calls must not overlap.
public final class BuildPipeline: @unchecked Sendable {
    /// How a build reaches the output folder.
    public enum Writing: Sendable {
        /// A complete new folder beside the old one, swapped in at the end (unchanged files are
        /// hard links to the old ones): readers see the old site or the new one, never a mix.
        case staged
        /// Changed files replaced one by one (each atomically), gone files deleted: what the
        /// preview server does after its first build, as it is the fastest way to a served page.
        case inPlace
        /// One tar file at the options' output path (`ArchiveOutput`), renamed into place when
        /// complete. Only for a full build without a record: nothing is reused from an archive.
        case archive
    }

    public let options: BuildOptions
    /// The last successful build's record; nil before the first.
    public private(set) var state: BuildState? {
        didSet { stateToken = StateToken() }
    }
    /// Set when the state changed since it was last saved.
    public private(set) var stateChanged = false
    private let memo: DecodeMemo?
    private let keepsRecord: Bool
    /// The last build's record while it is still being read from disk (`vitrine build
    /// --incremental`): the content is read beside it.
    private var pendingState: Background<BuildState?>?
    /// What the last full pass (or a quick one since) made the site from, kept only when parsed
    /// content is kept: the quick path patches it.
    var current: Current?

    struct Current {
        var catalog: Catalog
        var templates: TemplateLibrary
        var images: Set<String>
    }

    var keepsParsedContent: Bool { memo != nil }

    /// Made for the state it was made from (the token changes with the state).
    private var quickIndexCache: (token: StateToken, index: QuickIndex)?
    private var stateToken = StateToken()
    final class StateToken {}

    func quickIndex(for state: BuildState) -> QuickIndex {
        if let cached = quickIndexCache, cached.token === stateToken { return cached.index }
        let index = QuickIndex(state)
        quickIndexCache = (stateToken, index)
        return index
    }

    /// - Parameters:
    ///   - state: what the output folder was built from, when known (`BuildCache.load`).
    ///   - keepsParsedContent: keep every parsed file for the next build (the preview server).
    ///   - keepsRecord: remember what was built so the next build can reuse it; false for a
    ///     one-off full build, which then neither reads the input files twice nor keeps a state.
    public init(options: BuildOptions, state: BuildState? = nil, keepsParsedContent: Bool = false, keepsRecord: Bool = true) {
        self.options = options
        self.state = keepsRecord ? state : nil
        self.memo = keepsParsedContent ? DecodeMemo() : nil
        self.keepsRecord = keepsRecord
    }

    /// A pipeline whose previous state is being read meanwhile; it is waited for once the content
    /// is being read beside it. At 100,000 products the record took 0.7 s to read, on one core.
    convenience init(options: BuildOptions, reading state: Background<BuildState?>) {
        self.init(options: options)
        pendingState = state
    }

    /// A builder that keeps parsed content needs the catalog in hand even when nothing changed,
    /// for the quick path; false when the content does not load.
    private func loadForQuickUpdates() -> Bool {
        guard keepsParsedContent, current == nil else { return true }
        let checked = SiteBuilder.check(
            content: options.contentFolder, templates: options.templatesFolder, strict: options.strict, memo: memo,
            now: options.clock)
        guard checked.succeeded, let catalog = checked.catalog, let templates = checked.templates else { return false }
        current = Current(catalog: catalog, templates: templates, images: Set(checked.imageFiles))
        return true
    }

    /// Builds at `clock` (default: the options' clock). `scan` may be passed when the caller has
    /// just taken one (the preview server's watcher has). Writing in place, the pages and copied
    /// files go first and `pagesWritten` is called before the rest (feeds, data files) is
    /// rendered, so the preview can reload open pages without waiting for a large product feed.
    ///
    /// With no record kept (`keepsRecord: false`) it renders everything and reads no file twice.
    public func build(
        clock: Date? = nil, writing: Writing, scan: InputScan? = nil,
        pagesWritten: (@Sendable ([String]) -> Void)? = nil
    ) -> BuildReport {
        let started = Date()
        let clock = clock ?? options.clock
        let early = pendingState.map { _ in
            Background { [options, memo] in
                SiteBuilder.check(
                    content: options.contentFolder, templates: options.templatesFolder, strict: options.strict, memo: memo,
                    now: clock)
            }
        }
        if let pending = pendingState {
            state = pending.value
            pendingState = nil
        }
        let inputs = keepsRecord
            ? digests(of: scan ?? InputScan(content: options.contentFolder, templates: options.templatesFolder)) : [:]
        let setting = Self.setting(of: options)
        if let report = upToDate(inputs: inputs, setting: setting, clock: clock, writing: writing, started: started) {
            return report
        }

        let checked = early?.value ?? SiteBuilder.check(
            content: options.contentFolder, templates: options.templatesFolder, strict: options.strict, memo: memo, now: clock)
        let loaded = Date()
        var report = BuildReport(
            succeeded: false, diagnostics: checked.diagnostics, contentFileCount: checked.contentFileCount)
        report.isIncremental = keepsRecord
        guard checked.succeeded, var validated = checked.catalog, let templates = checked.templates else { return report }
        validated = validated.priced(at: clock) { ParallelMap.indices($0, $1) }
        // The search index's file names hash its contents, so it is built whole before any of its
        // files can be planned: beside the pictures and the pages rather than before them (it
        // reads no picture).
        let shard = keepsRecord ? nil : options.shard
        // A shop with markets writes its root storefront from a catalog of its own, which the
        // search index and the pages share: made once, it cost a fifth of the storefronts' catalogs.
        let rootCatalog = Background { [validated] in SiteBuilder.rootCatalog(validated) }
        let search = Background {
            shard.map(\.ownsSearchIndex) ?? true ? SearchIndexer(catalog: rootCatalog.value, now: clock).jobs() : []
        }
        let pictures = derivePictures(for: validated, imageFiles: checked.imageFiles)
        report.picturesMade = pictures.made
        report.picturesReused = pictures.reused
        guard pictures.diagnostics.isEmpty else {
            report.diagnostics = (report.diagnostics + pictures.diagnostics).sorted()
            return report
        }
        validated.pictures = pictures.pictures
        let catalog = validated
        let derived = Date()
        if keepsParsedContent { current = Current(catalog: catalog, templates: templates, images: Set(checked.imageFiles)) }

        var plan = Plan(
            jobs: SiteBuilder.plannedJobs(
                catalog: catalog, templates: templates, options: options, now: clock, search: false, root: rootCatalog.value),
            copies: copyPlan(checked: checked, templates: templates) + derivedCopies(pictures))
        if let shard {
            plan.jobs.removeAll { !shard.owns($0.path) }
            plan.copies.removeAll { !shard.owns($0.path) }
            // The catalog's fingerprint reads every record: on another thread, beside the rendering.
            let (templatesFolder, strict) = (options.templatesFolder, options.strict)
            plan.shard = (shard, Background {
                ShardManifest.buildIdentity(catalog: catalog, templates: templatesFolder, clock: clock, strict: strict)
            })
        }
        plan.runs = SiteBuilder.storefrontRuns(of: plan.jobs, site: catalog.site)
        var next = keepsRecord
            ? BuildState(
                setting: setting, clock: clock, basePath: catalog.site.basePath, inputs: inputs,
                records: BuildState.RecordFacts.facts(
                    of: catalog, displayName: options.contentFolder.standardizedFileURL.lastPathComponent),
                outputs: OutputDependencies([:]),
                copies: Dictionary(plan.copies.map { ($0.path, $0.input) }, uniquingKeysWith: { a, _ in a }),
                diagnostics: checked.diagnostics, contentFileCount: checked.contentFileCount, pageCount: 0, feedCount: 0)
            : nil
        let previous = keepsRecord ? state : nil
        let changes = Changes(
            previous: previous, set: previous.flatMap { old in next.map { ChangeSet.between(old, $0) } } ?? .all,
            missing: writing == .staged && previous != nil ? missingOutputs(previous!) : [], inputs: inputs)
        // The record needs the inputs of every file rendered again, some read more than once: worked
        // out once, on all cores. The others keep the previous record's (`OutputDependencies.carrying`),
        // and a full build never reads them.
        if keepsRecord { plan.jobs = ParallelMap.map(plan.jobs) { changes.isDirty($0) ? $0.resolvingDependencies() : $0 } }
        let planned = Date()

        let rendered = PathList()
        // Gathered beside the rendering: after it, on one core, they took a tenth of a second at
        // 100,000 products.
        let plannedPaths = Background { [jobs = plan.jobs] in OutputJob.paths(of: jobs) }
        plan.paths = plannedPaths
        let searchJobs: [OutputJob]
        do {
            searchJobs = try write(
                &plan, search: search, changes: changes, writing: writing, clock: clock, rendered: rendered,
                pagesWritten: pagesWritten)
        } catch {
            // Files written in place before the failure no longer match the record: start over next time.
            let interrupted = error as? PatchInterrupted
            let changedInPlace = writing == .inPlace || interrupted != nil
            if changedInPlace { state = nil }
            report.diagnostics.append(.error(
                "cannot write the output: \((interrupted?.underlying ?? error).localizedDescription)"
                    + (changedInPlace ? "; the next build writes everything again" : "; the previous output is unchanged"),
                at: SourceLocation(path: options.outputFolder.lastPathComponent)))
            return report
        }
        let written = Date()
        let pageCount = OutputJob.count(of: .page, in: plan.jobs) + OutputJob.count(of: .page, in: searchJobs)
        let feedCount = OutputJob.count(of: .feed, in: plan.jobs) + OutputJob.count(of: .feed, in: searchJobs)
        if var record = next {
            // The first of two jobs with one path wins: the plan's before the search index's, each in its order.
            let jobs = plan.jobs + searchJobs
            record.outputs = OutputDependencies.carrying(
                from: previous?.outputs, entries: ParallelMap.map(jobs) { ($0.path, changes.isDirty($0) ? $0.dependencies : nil) })
            record.pageCount = pageCount
            record.feedCount = feedCount
            next = record
            state = record
            stateChanged = true
            // Ready for the next edit rather than made while someone waits for a page.
            if keepsParsedContent { _ = quickIndex(for: record) }
        }
        // Derived pictures are distinct by construction and alone in their folder: counted, not
        // hashed (12,000 names put in a set took a hundredth of a second at the end of the build).
        // The other paths apart: added to the plan's set, they would copy it (the worker still holds it).
        let planPaths = plannedPaths.value
        var others = Set<String>()
        for job in searchJobs where !planPaths.contains(job.path) { others.insert(job.path) }
        for copy in plan.copies where !copy.isDerived && !planPaths.contains(copy.path) { others.insert(copy.path) }
        let derivedCount = plan.copies.count(where: \.isDerived)
        // Only a build that succeeded may forget pictures: a failed one may be fixed back.
        if options.shard == nil, options.pictureCache == nil { pictureCache.prune(keeping: pictures.keys) }
        report.succeeded = true
        report.pageCount = pageCount
        report.feedCount = feedCount
        report.fileCount = planPaths.count + others.count + derivedCount
        if keepsRecord {
            // Each file once, so the counts add up to `fileCount`: a copy replaces a rendered file at its path.
            let copyPaths = Set(plan.copies.lazy.filter { !$0.isDerived }.map(\.path))
            let dirtyCopies = changes.dirtyCopies(plan.copies)
            report.renderedPaths = rendered.sorted().filter { !copyPaths.contains($0) }
            report.copiedCount = dirtyCopies.count(where: \.isDerived) + Set(dirtyCopies.lazy.filter { !$0.isDerived }.map(\.path)).count
            report.reusedCount = report.fileCount - report.renderedCount - report.copiedCount
            report.removedPaths = previous.map { stalePaths(plan, searchJobs: searchJobs, previous: $0) } ?? []
        }
        report.duration = Date().timeIntervalSince(started)
        report.phases = [
            (early == nil ? "read and validate content" : "read and validate content, and the last build's record beside it",
             loaded.timeIntervalSince(started)),
            ("derive pictures (\(pictures.made.formatted()) made, \(pictures.reused.formatted()) from the cache)", derived.timeIntervalSince(loaded)),
            ("plan the pages, feeds and API", planned.timeIntervalSince(derived)),
            ("render and write \((plan.jobs.count + searchJobs.count).formatted()) files (the search index is built meanwhile)", written.timeIntervalSince(planned)),
        ]
        if options.leavesMemoryToExit { KeptToExit.keep([checked, catalog, plan, searchJobs, search, plannedPaths]) }
        return report
    }

    /// The report of a build that has nothing to do: same program, settings and content as the
    /// recorded build, and a clock whose move changes no file; nil when there is work.
    private func upToDate(
        inputs: [String: BuildState.InputFile], setting: String, clock: Date, writing: Writing, started: Date
    ) -> BuildReport? {
        guard keepsRecord, let state, state.setting == setting, Self.sameContent(state.inputs, inputs),
            state.clock == clock || !Self.clockMatters(from: state.clock, to: clock, state: state)
        else { return nil }
        let missing = writing == .staged ? missingOutputs(state) : []
        guard missing.isEmpty, loadForQuickUpdates() else { return nil }
        if state.inputs != inputs {
            self.state?.inputs = inputs
            stateChanged = true
        }
        var report = BuildReport(succeeded: true, diagnostics: state.diagnostics, contentFileCount: state.contentFileCount)
        report.pageCount = state.pageCount
        report.feedCount = state.feedCount
        // A copied file at a rendered file's path is one file.
        report.fileCount = state.outputs.count + state.copies.keys.count { !state.outputs.contains($0) }
        report.reusedCount = report.fileCount
        report.isIncremental = true
        report.upToDate = true
        report.duration = Date().timeIntervalSince(started)
        return report
    }

    /// What a build writes: every output job but the search index's, and the files copied as they are.
    struct Plan {
        var jobs: [OutputJob]
        var copies: [Copy]
        /// The runs of `jobs` written one after another, each forgetting how to render its files
        /// once they are written: one a storefront (`SiteBuilder.storefrontRuns`).
        var runs: [Range<Int>] = []
        /// For a shard: which one, and the identity its manifest records; nil for a whole site.
        var shard: (part: BuildShard, build: Background<String>)?
        /// The jobs' paths, gathered beside the rendering once the plan is complete.
        var paths: Background<Set<String>>?
    }

    /// Which files must be written again: all of them with no previous build.
    struct Changes {
        let previous: BuildState?
        let set: ChangeSet
        /// Files the previous build wrote that are gone from the output folder.
        let missing: Set<String>
        let inputs: [String: BuildState.InputFile]
        /// Whether the change touches what the previous build made a path from; nil for a path it did not make.
        private let touchedBefore: @Sendable (String) -> Bool?

        init(previous: BuildState?, set: ChangeSet, missing: Set<String>, inputs: [String: BuildState.InputFile]) {
            self.previous = previous
            self.set = set
            self.missing = missing
            self.inputs = inputs
            if let previous {
                touchedBefore = previous.outputs.touchTest(set)
            } else {
                touchedBefore = { _ in nil }
            }
        }

        /// Whether every file is written afresh: no record of a previous build, or a change that touches all.
        var isWhole: Bool { previous == nil || set.everything }

        /// Whether a file is rendered again. One the last build made from inputs none of which
        /// changed is made from the same inputs now, so only the last build's dependencies are
        /// asked, never this build's: working those out for every file was a second of a
        /// one-price build at 100,000 products.
        func isDirty(_ job: OutputJob) -> Bool {
            guard previous != nil, !set.everything, let touchedBefore = touchedBefore(job.path) else { return true }
            return touchedBefore || missing.contains(job.path)
        }

        func isDirty(_ copy: Copy) -> Bool {
            guard let previous, !set.everything, previous.copies[copy.path] == copy.input,
                let digest = inputs[copy.input]?.digest, previous.inputs[copy.input]?.digest == digest
            else { return true }
            return missing.contains(copy.path)
        }

        func dirtyCopies(_ copies: [Copy]) -> [Copy] { copies.filter(isDirty) }

        /// Every file written afresh, as in a build without a record.
        static let all = Changes(previous: nil, set: .all, missing: [], inputs: [:])
    }

    /// Writes the plan, then the search index once it is built; returns the search index's jobs.
    /// The destinations differ only in how they begin and end: the loops are `writeFiles`.
    private func write(
        _ plan: inout Plan, search: Background<[OutputJob]>, changes: Changes, writing: Writing, clock: Date, rendered: PathList,
        pagesWritten: (@Sendable ([String]) -> Void)?
    ) throws -> [OutputJob] {
        switch writing {
        case .archive:
            let archive = try ArchiveOutput(destination: options.outputFolder, modified: clock)
            do {
                let written = try writeFiles(&plan, copies: plan.copies, search: search, changes: changes, to: archive, rendered: rendered)
                try archive.finish(count: written.count)
                try archive.commit()
                return written.searchJobs
            } catch {
                // Abandoned, the writer stops without waiting for the files not handed over.
                archive.abandon(error)
                try? archive.finish(count: 0)
                archive.discard()
                throw error
            }
        case .staged:
            if let dirty = smallPatch(plan, changes: changes) {
                return try patch(plan, dirty: dirty, search: search, changes: changes, rendered: rendered)
            }
            let output = try OutputFolder(destination: options.outputFolder)
            do {
                // Derived pictures are placed as the output is swapped in (`OutputFolder.commit`).
                let derived = plan.copies.filter(\.isDerived).map { LinkedFile(source: $0.source, path: $0.path) }
                let (root, folder) = (output.destination.path, PictureDerivation.publishedFolder)
                let listing = derived.isEmpty ? nil : Background { DerivedListing.make(root: root, folder: folder, wanted: derived) }
                let copies = plan.copies.filter { !$0.isDerived }
                let searchJobs = try writeFiles(&plan, copies: copies, search: search, changes: changes, to: output, rendered: rendered)
                    .searchJobs
                if let shard = plan.shard {
                    // Distinct paths: a copy replaces a rendered file at its path.
                    let files = Set(plan.jobs.map(\.path) + plan.copies.map(\.path) + searchJobs.map(\.path)).count
                    let manifest = ShardManifest(shard: shard.part, build: shard.build.value, files: files)
                    try output.write(manifest.encoded(), to: ShardManifest.fileName)
                }
                try output.commit(derived: derived, derivedFolder: folder, listing: listing?.value)
                return searchJobs
            } catch {
                output.discard()
                throw error
            }
        case .inPlace:
            let output = InPlaceOutput(root: options.outputFolder)
            let searchJobs = try writeFiles(
                &plan, copies: plan.copies, search: search, changes: changes, to: output, rendered: rendered,
                pagesFirst: { pagesWritten?($0) }
            ).searchJobs
            removeStale(plan, searchJobs: searchJobs, changes: changes, from: output)
            return searchJobs
        }
    }

    // MARK: Inputs

    /// Digests of every scanned file; a file whose stamp is unchanged and settled keeps the
    /// digest it had, the others are read again (in parallel).
    func digests(of scan: InputScan) -> [String: BuildState.InputFile] {
        var result: [String: BuildState.InputFile] = [:]
        var stale: [(key: String, stamp: FileStamp)] = []
        for (key, stamp) in scan.files {
            if let old = state?.inputs[key], old.stamp == stamp, stamp.isSettled(readAt: old.readAt) {
                result[key] = old
            } else {
                stale.append((key, stamp))
            }
        }
        let fresh = ParallelMap.map(stale) { item -> BuildState.InputFile in
            let readAt = FileStamp.now()
            let digest = ContentDigest.ofFile(atPath: self.path(ofInput: item.key)) ?? ""
            return BuildState.InputFile(stamp: item.stamp, readAt: digest.isEmpty ? 0 : readAt, digest: digest)
        }
        for (item, file) in zip(stale, fresh) { result[item.key] = file }
        return result
    }

    func path(ofInput key: String) -> String {
        if key.hasPrefix(InputScan.contentPrefix) {
            return options.contentFolder.standardizedFileURL.path + "/" + key.dropFirst(InputScan.contentPrefix.count)
        }
        return options.templatesFolder.standardizedFileURL.path + "/" + key.dropFirst(InputScan.templatesPrefix.count)
    }

    static func sameContent(_ a: [String: BuildState.InputFile], _ b: [String: BuildState.InputFile]) -> Bool {
        a.count == b.count && a.allSatisfy { key, file in b[key]?.digest == file.digest && !file.digest.isEmpty }
    }

    /// What must match for a previous build's files to be reused: this program (a new version may
    /// render differently) and the folders and strictness it was given.
    static func setting(of options: BuildOptions) -> String {
        [
            ToolIdentity.current, options.contentFolder.standardizedFileURL.path,
            options.templatesFolder.standardizedFileURL.path, options.strict ? "strict" : "lenient",
        ].joined(separator: "|")
    }

    var pictureCache: PictureCache {
        PictureCache(folder: options.pictureCache ?? BuildCache.pictures(forOutput: options.outputFolder))
    }

    /// The pictures the catalog's records name, derived or taken from the cache.
    /// Content pictures all lie under `images/` and derived ones under `pictures/`, so the two
    /// never share a name.
    func derivePictures(for catalog: Catalog, imageFiles: [String]) -> PictureDerivation.Outcome {
        let listed = Set(imageFiles)
        return PictureDerivation(contentFolder: options.contentFolder, cache: pictureCache, settings: catalog.site.images)
            .run(uses: catalog.imageUses.filter { listed.contains($0.key) })
    }

    // MARK: Output

    /// Files the previous build wrote that are no longer in the output folder. Asked on all cores,
    /// relative to the open folder: 212,000 `access` calls by full path on one core were half a
    /// second of a one-price build at 100,000 products.
    func missingOutputs(_ state: BuildState) -> Set<String> {
        let paths = state.outputs.paths + state.copies.keys
        let root = open(options.outputFolder.standardizedFileURL.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return Set(paths) }
        defer { close(root) }
        let parts = ParallelMap.map(ranges: paths.count, minimum: 4096) { range in
            range.filter { faccessat(root, paths[$0], F_OK, 0) != 0 }
        }
        return Set(parts.joined().map { paths[$0] })
    }
}

/// Paths collected from parallel workers.
final class PathList: @unchecked Sendable {
    private var paths: [String] = []
    private let lock = NSLock()

    func add(_ path: String) {
        lock.lock()
        paths.append(path)
        lock.unlock()
    }

    /// Sorted, each path once.
    func sorted() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        var result: [String] = []
        result.reserveCapacity(paths.count)
        for path in paths.sorted() where path != result.last { result.append(path) }
        return result
    }
}
