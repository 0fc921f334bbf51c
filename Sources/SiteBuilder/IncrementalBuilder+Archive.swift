import BuildEngine
import Foundation
import Parallel
import SiteArchive

extension IncrementalBuilder {
    /// Writes the plan's files (the large ones last), the copied files, then the search index into
    /// one archive, each entry dated `clock`. Where a folder build writes two files at one path,
    /// the later stays; so it does when the archive is unpacked: a plan file a copied file
    /// replaces is left out, of the search index's files with one (content-hashed) name only one
    /// is kept, and any other pair would be two entries, the later one winning.
    func writeArchive(_ plan: Plan, search: Background<[OutputJob]>, clock: Date) throws -> [OutputJob] {
        let archive = try ArchiveOutput(destination: options.outputFolder, modified: clock)
        var handed = 0
        do {
            let jobs = plan.jobs
            let copied = Set(plan.copies.map(\.path))
            let counter = ProgressCounter(total: jobs.count, report: options.progress)
            let failures = FailureList()
            let chunk = 16
            let order = OutputJob.renderingOrder(of: jobs, chunk: chunk)
            // Large files (feeds, sitemaps, lists of everything) go last, through files beside the
            // archive, and so do the pages a worker renders after one in the same chunk: a worker
            // spending seconds on a large file would otherwise hold the writer at those pages'
            // place, and the other core with it once that is a window ahead.
            var late = [Bool](repeating: false, count: jobs.count)
            var largeInChunk = false
            for position in order.indices {
                if position % chunk == 0 { largeInChunk = false }
                if jobs[order[position]].isLarge { largeInChunk = true } else { late[position] = largeInChunk }
            }
            // Numbered in three runs: the other pages in rendering order, the late ones, the large ones.
            let lateCount = late.count { $0 }
            var next = (other: 0, late: jobs.count - OutputJob.count(large: jobs) - lateCount, large: jobs.count - OutputJob.count(large: jobs))
            var sequences = [Int](repeating: 0, count: jobs.count)
            for position in order.indices {
                if jobs[order[position]].isLarge {
                    (sequences[position], next.large) = (next.large, next.large + 1)
                } else if late[position] {
                    (sequences[position], next.late) = (next.late, next.late + 1)
                } else {
                    (sequences[position], next.other) = (next.other, next.other + 1)
                }
            }
            ParallelMap.forEach(count: jobs.count, chunk: chunk) { [sequences, late] position in
                let index = order[position]
                let (path, sequence) = (jobs[index].path, sequences[position])
                if jobs[index].isLarge {
                    do {
                        if archive.hasFailed || copied.contains(path) {
                            archive.skip(sequence)
                        } else if let stream = jobs[index].stream {
                            try archive.add(streaming: stream, at: path, sequence: sequence)
                        } else {
                            let data = jobs[index].render()
                            try archive.add(streaming: { sink in data.withUnsafeBytes { sink.write($0) } }, at: path, sequence: sequence)
                        }
                    } catch {
                        failures.add(path, error)
                        archive.abandon(error)
                    }
                } else {
                    // A late page must not wait for room: the writer reaches it only after all the others.
                    let goesOn = late[position] ? !archive.hasFailed : archive.waitForRoom(before: sequence)
                    if goesOn, !copied.contains(path) {
                        archive.add(jobs[index].render(), at: path, sequence: sequence)
                    } else {
                        archive.skip(sequence)
                    }
                }
                counter.step()
            }
            handed = jobs.count
            if let failure = failures.first { throw failure }
            for copy in plan.copies {
                archive.addCopy(of: copy.source, at: copy.path, sequence: handed)
                handed += 1
            }
            let searchJobs = search.value
            var last: [String: Int] = [:]
            for (index, job) in searchJobs.enumerated() { last[job.path] = index }
            for (index, job) in searchJobs.enumerated() {
                if archive.waitForRoom(before: handed), last[job.path] == index {
                    archive.add(job.render(), at: job.path, sequence: handed)
                } else {
                    archive.skip(handed)
                }
                handed += 1
            }
            try archive.finish(count: handed)
            try archive.commit()
            return searchJobs
        } catch {
            archive.abandon(error)
            try? archive.finish(count: handed)
            archive.discard()
            throw error
        }
    }
}
