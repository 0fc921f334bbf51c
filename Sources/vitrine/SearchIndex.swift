import ArgumentParser
import CatalogModel
import Foundation
import SearchIndexer
import SiteBuilder

extension Vitrine {
    struct SearchIndex: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search-index",
            abstract: "Build only the search index and report its size and build time.",
            discussion: """
                Builds the same files `vitrine build` writes under search/ (without the search page
                itself), prints how many words and files it made, their total size and how long each
                step took. With --output, also writes them to DIR/search/, which must be empty or absent.

                Examples:
                  vitrine search-index
                  vitrine search-index --content shop/Content --output /tmp/index --json
                  vitrine search-index --clock 2026-12-01T00:00:00Z   # prices as on that day
                """)

        @OptionGroup var source: SourceOptions
        @OptionGroup var clock: ClockOptions

        @Option(name: .long, help: ArgumentHelp("Also write the index files to DIR/search/.", valueName: "DIR"))
        var output: String?

        @Flag(name: .long, help: "Print the figures as one JSON object.")
        var json = false

        @Option(name: .customLong("repeat"), help: ArgumentHelp("Build the index N times and report the median time (for benchmarks).", valueName: "N"))
        var runs: Int = 1

        func validate() throws {
            if runs < 1 { throw ValidationError("--repeat must be at least 1") }
        }

        func run() throws {
            let started = Date()
            let checked = SiteBuilder.check(content: URL(fileURLWithPath: source.content), templates: nil, strict: source.strict)
            DiagnosticPrinter(format: .text, content: source.content, templates: nil).print(checked.diagnostics)
            guard checked.diagnostics.errorCount == 0, let catalog = checked.catalog else {
                Console.error(checked.diagnostics.summary(fileCount: checked.contentFileCount))
                throw ExitCode.failure
            }
            let loaded = Date()
            var index: SearchIndexer.Index?
            var durations: [Double] = []
            var cpuDurations: [Double] = []
            for _ in 0..<runs {
                let start = Date()
                let cpuStart = Self.processCPUSeconds()
                index = SearchIndexer(catalog: catalog, now: clock.now).build()
                cpuDurations.append(Self.processCPUSeconds() - cpuStart)
                durations.append(Date().timeIntervalSince(start))
            }
            guard let index else { return }
            let indexSeconds = durations.sorted()[durations.count / 2]
            let indexCPUSeconds = cpuDurations.sorted()[cpuDurations.count / 2]
            let beforeWrite = Date()
            if let output { try write(index, to: URL(fileURLWithPath: output)) }
            let writeSeconds = Date().timeIntervalSince(beforeWrite)

            if json {
                let figures: JSONValue = [
                    "products": .int(catalog.products.count), "words": .int(index.termCount), "files": .int(index.files.count),
                    "bytes": .int(index.byteCount),
                    "loadSeconds": .double(loaded.timeIntervalSince(started)), "indexSeconds": .double(indexSeconds),
                    "indexRuns": .array(durations.map(JSONValue.double)),
                    "indexCPUSeconds": .double(indexCPUSeconds), "indexCPURuns": .array(cpuDurations.map(JSONValue.double)),
                    "writeSeconds": .double(writeSeconds),
                ]
                Console.out(figures.encoded())
            } else {
                let seconds = { (value: Double) in String(format: "%.2f s", value) }
                var line = "Indexed \(catalog.products.count.formatted()) products: \(index.termCount.formatted()) words in "
                    + "\(index.files.count.formatted()) files, \(index.byteCount.formatted()) bytes; "
                    + "content loaded in \(seconds(loaded.timeIntervalSince(started))), index built in \(seconds(indexSeconds))"
                line += " (\(seconds(indexCPUSeconds)) of processor time on all cores"
                line += runs > 1 ? "; medians of \(runs) runs)" : ")"
                if output != nil { line += ", written in \(seconds(writeSeconds))" }
                Console.out(line)
            }
        }

        /// Processor time of every thread of this process: what the index costs whatever else the machine runs.
        static func processCPUSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }

        private func write(_ index: SearchIndexer.Index, to folder: URL) throws {
            let manager = FileManager.default
            let searchFolder = folder.appendingPathComponent(SearchIndexer.folder)
            if let existing = try? manager.contentsOfDirectory(atPath: searchFolder.path), !existing.isEmpty {
                throw ValidationError("\(searchFolder.path) already holds files; choose an empty or new folder")
            }
            try manager.createDirectory(at: searchFolder, withIntermediateDirectories: true)
            for file in index.files {
                try file.data.write(to: folder.appendingPathComponent(file.path))
            }
        }
    }
}
