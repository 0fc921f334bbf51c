import BuildEngine
import Foundation
import Parallel

extension BuildPipeline {
    /// The most files a change may touch to be patched into the output folder in place rather
    /// than built into a new folder beside it. A new folder links every unchanged file (at
    /// 100,000 products, 212,000 links: five seconds on tmpfs); a patch writes only what changed,
    /// and holds it in memory first.
    static let patchLimit = 4_096

    /// The plan's jobs to render again when this change is small enough to patch in place (a known
    /// previous build, not a change that touches everything, not a shard, at most `patchLimit`
    /// files to write); nil when it is not.
    func smallPatch(_ plan: Plan, changes: Changes) -> [OutputJob]? {
        guard changes.previous != nil, !changes.isWhole, plan.shard == nil else { return nil }
        // Asked of every job on all cores: on one, 212,000 jobs took a quarter of a second.
        let jobs = plan.jobs
        let dirty = ParallelMap.map(ranges: jobs.count, minimum: 4096) { range in range.filter { changes.isDirty(jobs[$0]) } }
            .joined()
        return dirty.count + changes.dirtyCopies(plan.copies).count <= Self.patchLimit ? dirty.map { jobs[$0] } : nil
    }

    /// A small change applied to the output folder in place. Everything is rendered into memory
    /// before the first file is touched, so a build that fails while rendering leaves the output
    /// as it was. Then the build record is discarded, and each file is written beside its place
    /// and renamed over it: a build killed while writing leaves a folder the next build does not
    /// trust, and rebuilds whole. Readers of the folder meanwhile get each file old or new, never
    /// half; the site as a whole changes file by file for the few milliseconds this takes
    /// (`vitrine deploy` publishes it with one switch).
    func patch(
        _ plan: Plan, dirty: [OutputJob], search: Background<[OutputJob]>, changes: Changes, rendered: PathList
    ) throws -> [OutputJob] {
        let held = HeldOutput(beside: options.outputFolder)
        defer { held.discard() }
        var part = plan
        (part.jobs, part.runs) = (dirty, [])
        let searchJobs = try writeFiles(&part, copies: plan.copies, search: search, changes: changes, to: held, rendered: rendered)
            .searchJobs
        BuildCache.discard(forOutput: options.outputFolder)
        let output = InPlaceOutput(root: options.outputFolder)
        do {
            try held.apply(to: output)
        } catch {
            throw PatchInterrupted(underlying: error)
        }
        removeStale(plan, searchJobs: searchJobs, changes: changes, from: output)
        return searchJobs
    }

    /// Removes what the previous build wrote and this one does not.
    func removeStale(_ plan: Plan, searchJobs: [OutputJob], changes: Changes, from output: InPlaceOutput) {
        guard let previous = changes.previous else { return }
        for path in stalePaths(plan, searchJobs: searchJobs, previous: previous) { output.remove(path) }
    }

    /// What `previous` wrote (rendered or copied) that this build does not, sorted, each once.
    /// Asked of each path rather than by sets of both builds' paths, which were hashed whole.
    func stalePaths(_ plan: Plan, searchJobs: [OutputJob], previous: BuildState) -> [String] {
        let planned = plan.paths?.value ?? Set(plan.jobs.map(\.path))
        let others = Set(searchJobs.map(\.path) + plan.copies.map(\.path))
        var stale = Set<String>()
        for path in previous.outputs.paths + previous.copies.keys where !planned.contains(path) && !others.contains(path) {
            stale.insert(path)
        }
        return stale.sorted()
    }
}

/// A patch that failed after the output folder began to change: the folder is part old, part new,
/// and the record is gone, so the next build writes everything.
struct PatchInterrupted: Error {
    var underlying: any Error
}
