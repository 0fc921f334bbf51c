import BuildEngine
import Foundation
import Parallel

extension BuildPipeline {
    /// The plan's files into `destination`, in the order every destination takes them: the jobs a
    /// storefront at a time (each storefront's rendering forgotten once it is written; all at
    /// once, four storefronts of 100,000 products peaked at 3.4 GiB), the copied files, then the
    /// search index once it is built. A copy replaces a rendered file at its path: the rendered
    /// file is not made, so no destination is handed two files at one path.
    ///
    /// `pagesFirst`, for the preview writing in place: the pages and the copies go first, and it is
    /// told the pages written before the rest is rendered, so open pages reload without waiting
    /// for a large product feed.
    ///
    /// Returns the search index's jobs and how many files (sequence numbers) were handed over.
    func writeFiles(
        _ plan: inout Plan, copies: [Copy], search: Background<[OutputJob]>, changes: Changes,
        to destination: some OutputDestination, rendered: PathList, pagesFirst: (@Sendable ([String]) -> Void)? = nil
    ) throws -> (searchJobs: [OutputJob], count: Int) {
        let failures = FailureList()
        let copied = Set(copies.lazy.filter { !$0.isDerived }.map(\.path))
        var handed = 0
        func jobs(_ jobs: [OutputJob], replaced: Set<String>, counter: ProgressCounter?) throws {
            write(
                jobs, from: handed, changes: changes, to: destination, replaced: replaced, rendered: rendered, failures: failures,
                counter: counter)
            handed += jobs.count
            if let failure = failures.first { throw failure }
        }
        func copyFiles() throws {
            write(copies, from: handed, changes: changes, to: destination, failures: failures)
            handed += copies.count
            if let failure = failures.first { throw failure }
        }

        if let pagesFirst {
            try jobs(plan.jobs.filter { $0.category == .page }, replaced: copied, counter: nil)
            try copyFiles()
            pagesFirst(rendered.sorted())
            try jobs(plan.jobs.filter { $0.category != .page }, replaced: copied, counter: nil)
        } else {
            let counter = ProgressCounter(total: plan.jobs.count, report: options.progress)
            for run in plan.runs.isEmpty ? [plan.jobs.indices] : plan.runs {
                try jobs(Array(plan.jobs[run]), replaced: copied, counter: counter)
                for index in run { plan.jobs[index].forgetRendering() }
            }
            try copyFiles()
        }
        let searchJobs = search.value
        try jobs(searchJobs, replaced: [], counter: nil)
        return (searchJobs, handed)
    }

    /// Renders the jobs the change makes dirty on all cores, and keeps the others from the
    /// previous build where the destination can; numbered from `first`.
    func write(
        _ jobs: [OutputJob], from first: Int, changes: Changes, to destination: some OutputDestination, replaced: Set<String>,
        rendered: PathList, failures: FailureList, counter: ProgressCounter?
    ) {
        // Chunks of sixteen spare the workers a lock per file; a handful of files (a patch, the
        // preview's quick path) is spread one by one, or one core would make them all.
        let chunk = jobs.count < 256 ? 1 : 16
        let order = OutputJob.renderingOrder(of: jobs, chunk: chunk)
        let numbering = destination.isSequential ? OutputJob.writingNumbers(of: jobs, order: order, chunk: chunk) : nil
        ParallelMap.forEach(count: jobs.count, chunk: chunk) { position in
            defer { counter?.step() }
            // The job's parts read in place: a copy of each job (its path, kind and three closures
            // retained and released) was 1 % of a 100,000-product build in `perf`.
            let index = order[position]
            let path = jobs[index].path
            let sequence = first + (numbering?.numbers[position] ?? position)
            if replaced.contains(path) || (!changes.isWhole && !changes.isDirty(jobs[index]) && destination.keep(path)) {
                return destination.skip(sequence)
            }
            // A large file, and a page rendered after one in its chunk, is handed over without
            // waiting for room (`ArchiveOutput.waitForRoom`).
            let waits = !jobs[index].isLarge && !(numbering?.late[position] ?? false)
            guard waits ? destination.waitForRoom(before: sequence) : !destination.hasFailed else {
                return destination.skip(sequence)
            }
            do {
                let file: OutputFile =
                    if let stream = jobs[index].stream {
                        .stream(stream)
                    } else if jobs[index].isLarge {
                        .large(jobs[index].render())
                    } else {
                        .bytes(jobs[index].render())
                    }
                try destination.write(file, to: path, sequence: sequence)
                rendered.add(path)
            } catch {
                failures.add(path, error)
            }
        }
    }

    /// Copies the files the change touches, keeps the others where the destination can;
    /// pictures cleaned of their metadata are read and cleaned here. Photos are most of a shop's
    /// bytes: on all cores.
    func write(
        _ copies: [Copy], from first: Int, changes: Changes, to destination: some OutputDestination, failures: FailureList
    ) {
        ParallelMap.forEach(count: copies.count, chunk: 1) { index in
            let copy = copies[index]
            guard changes.isDirty(copy) || !destination.keep(copy.path) else { return destination.skip(first + index) }
            do {
                let file: OutputFile = copy.cleansMetadata ? .large(try copy.cleanedContents()) : .copy(of: copy.source)
                try destination.write(file, to: copy.path, sequence: first + index)
            } catch {
                failures.add(copy.path, error)
            }
        }
    }
}
