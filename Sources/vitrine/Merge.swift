import ArgumentParser
import Foundation
import SiteBuilder

extension Vitrine {
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join the parts of a sharded build into the whole site.",
            discussion: """
                Each part is the output folder of `vitrine build --shard K/N`. Every part of one build
                must be given, built from the same content, theme and --clock; the result is the
                same, file for file and byte for byte, as one `vitrine build`. It is written beside
                the output and swapped in at the end: a refused or failed merge leaves the previous
                output as it was.

                Examples:
                  vitrine build --shard 1/2 --output part-1 --clock 2026-12-01T00:00:00Z
                  vitrine build --shard 2/2 --output part-2 --clock 2026-12-01T00:00:00Z
                  vitrine merge part-1 part-2 --output Output
                """)

        @Argument(help: ArgumentHelp("The output folders of the shards, in any order.", valueName: "part"))
        var parts: [String]

        @Option(name: .long, help: ArgumentHelp("Folder the whole site is written to.", valueName: "DIR"))
        var output: String = "Output"

        @OptionGroup var verbosity: OutputVerbosity
        @OptionGroup var diagnosticOptions: DiagnosticOptions

        func run() throws {
            let report = ShardMerge.merge(parts: parts.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: output))
            DiagnosticPrinter(format: diagnosticOptions.diagnostics, content: ".", templates: ".").print(report.diagnostics)
            guard report.succeeded else { throw ExitCode.failure }
            let summary = report.summary + " into \(output)/"
            if !verbosity.isQuiet { diagnosticOptions.diagnostics == .json ? Console.error(summary) : Console.out(summary) }
        }
    }
}
