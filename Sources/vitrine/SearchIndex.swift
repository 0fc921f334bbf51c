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
                """)

        @OptionGroup var source: SourceOptions

        @Option(name: .long, help: ArgumentHelp("Also write the index files to DIR/search/.", valueName: "DIR"))
        var output: String?

        @Flag(name: .long, help: "Print the figures as one JSON object.")
        var json = false

        func run() throws {
            let started = Date()
            let checked = SiteBuilder.check(content: URL(fileURLWithPath: source.content), templates: nil, strict: source.strict)
            for diagnostic in checked.diagnostics { Console.error(diagnostic.description) }
            guard checked.diagnostics.errorCount == 0, let catalog = checked.catalog else {
                Console.error(checked.diagnostics.summary(fileCount: checked.contentFileCount))
                throw ExitCode.failure
            }
            let loaded = Date()
            let index = SiteBuilder.searchIndexer(for: catalog).build()
            let indexed = Date()
            if let output { try write(index, to: URL(fileURLWithPath: output)) }
            let written = Date()

            let figures: [String: Any] = [
                "products": catalog.products.count, "words": index.termCount, "files": index.files.count,
                "bytes": index.byteCount,
                "loadSeconds": loaded.timeIntervalSince(started), "indexSeconds": indexed.timeIntervalSince(loaded),
                "writeSeconds": output == nil ? 0 : written.timeIntervalSince(indexed),
            ]
            if json {
                let data = try JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys])
                Console.out(String(decoding: data, as: UTF8.self))
            } else {
                let seconds = { (value: Double) in String(format: "%.2f s", value) }
                var line = "Indexed \(catalog.products.count.formatted()) products: \(index.termCount.formatted()) words in "
                    + "\(index.files.count.formatted()) files, \(index.byteCount.formatted()) bytes; "
                    + "content loaded in \(seconds(loaded.timeIntervalSince(started))), index built in \(seconds(indexed.timeIntervalSince(loaded)))"
                if output != nil { line += ", written in \(seconds(written.timeIntervalSince(indexed)))" }
                Console.out(line)
            }
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
