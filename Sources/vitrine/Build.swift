import ArgumentParser
import CatalogModel
import Foundation
import SiteBuilder

extension Vitrine {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate the content and write the whole site into the output folder.",
            discussion: """
                The site is written to a temporary folder beside the output and swapped in only when
                everything succeeded: a failed build leaves the previous output exactly as it was.

                Examples:
                  vitrine build
                  vitrine build --content shop/Content --output public --clock 2026-12-01T00:00:00Z
                  SOURCE_DATE_EPOCH=1796083200 vitrine build --quiet
                  vitrine build --diagnostics json
                """)

        @OptionGroup var source: SourceOptions
        @OptionGroup var verbosity: OutputVerbosity
        @OptionGroup var diagnosticOptions: DiagnosticOptions

        @Option(name: .long, help: ArgumentHelp("Folder the site is written to.", valueName: "DIR"))
        var output: String = "Output"

        @Flag(
            name: .long,
            help: "Render only what changed since the last incremental build into this output folder; the result is the same as a full build.")
        var incremental = false

        @OptionGroup var clock: ClockOptions

        func run() throws {
            let now = clock.now
            let quiet = verbosity.isQuiet
            let showProgress = !quiet && Console.errorIsTerminal
            var progress: (@Sendable (Int, Int) -> Void)?
            if showProgress {
                progress = { done, total in Console.progress("Rendering \(done)/\(total)") }
            }
            let options = BuildOptions(
                contentFolder: URL(fileURLWithPath: source.content),
                templatesFolder: URL(fileURLWithPath: source.templates),
                outputFolder: URL(fileURLWithPath: output),
                clock: now, strict: source.strict,
                progress: progress)
            let report = incremental ? SiteBuilder.buildIncrementally(options) : SiteBuilder.build(options)
            if showProgress { Console.clearProgress() }
            DiagnosticPrinter(format: diagnosticOptions.diagnostics, content: source.content, templates: source.templates)
                .print(report.diagnostics)
            guard report.succeeded else {
                Console.error(report.diagnostics.summary(fileCount: report.contentFileCount))
                throw ExitCode.failure
            }
            if !report.diagnostics.isEmpty { Console.error(report.diagnostics.summary(fileCount: report.contentFileCount)) }
            // With JSON diagnostics standard output holds only them; the rest goes to standard error.
            let json = diagnosticOptions.diagnostics == .json
            let say = { (text: String) in json ? Console.error(text) : Console.out(text) }
            if verbosity.verbose {
                for (phase, seconds) in report.phases {
                    say(String(format: "%7.3f s  ", seconds) + phase)
                }
                say("Read \(report.contentFileCount.formatted()) content files; wrote \(report.fileCount.formatted()) files to \(output)/")
            }
            if !quiet { say(report.summary) }
        }
    }
}
