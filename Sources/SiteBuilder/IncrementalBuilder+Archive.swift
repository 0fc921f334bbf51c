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
            // Large files go last, through files beside the archive, and so do the pages rendered
            // after them in their chunks (`writingNumbers`).
            let (sequences, late) = OutputJob.writingNumbers(of: jobs, order: order, chunk: chunk)
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
            // Pictures cleaned of their metadata are read and cleaned on all cores, each streamed to a
            // file beside the archive rather than held in memory until the writer reaches it.
            let copies = plan.copies
            ParallelMap.forEach(count: copies.count, chunk: 1) { [handed] index in
                let (copy, sequence) = (copies[index], handed + index)
                guard copy.cleansMetadata else { return archive.addCopy(of: copy.source, at: copy.path, sequence: sequence) }
                do {
                    let data = try copy.cleanedContents()
                    try archive.add(streaming: { sink in data.withUnsafeBytes { sink.write($0) } }, at: copy.path, sequence: sequence)
                } catch {
                    failures.add(copy.path, error)
                    archive.abandon(error)
                }
            }
            handed += copies.count
            if let failure = failures.first { throw failure }
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
