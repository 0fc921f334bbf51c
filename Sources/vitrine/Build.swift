import ArgumentParser
import CatalogModel
import Foundation
import SiteArchive
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
                  vitrine build --shard 2/4 --output part-2 --clock 2026-12-01T00:00:00Z   # then vitrine merge
                  vitrine build --archive site.tar.gz   # one file to upload: tar -xzf site.tar.gz -C public

                With --archive the site is one tar file instead of a folder: a large catalog's million
                small files cost a disk more than rendering them, and many hosts take an archive. Its
                name says how it is compressed: .tar (not at all), .tar.gz or .tgz (gzip), .tar.zst or
                .tzst (zstd); any other name is refused.
                """)

        @OptionGroup var source: SourceOptions
        @OptionGroup var verbosity: OutputVerbosity
        @OptionGroup var diagnosticOptions: DiagnosticOptions

        @Option(name: .long, help: ArgumentHelp("Folder the site is written to (default: Output).", valueName: "DIR"))
        var output: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Write the site as one tar file instead of the output folder, compressed as its name ends (.tar, .tar.gz, .tgz, .tar.zst, .tzst); replaced only when the build succeeds.",
                valueName: "FILE"))
        var archive: String?

        @Flag(
            name: .long,
            help: "Render only what changed since the last incremental build into this output folder; the result is the same as a full build.")
        var incremental = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Write only part K of N of the site, for a CI matrix; join the parts with `vitrine merge`. Give every part the same --clock.",
                valueName: "K/N"))
        var shard: String?

        @OptionGroup var clock: ClockOptions
        @OptionGroup var pictures: PictureCacheOptions

        func validate() throws {
            if let archive {
                // Before anything is read or rendered, and before the previous archive is touched.
                if ArchiveCompression(fileName: archive) == nil {
                    throw ValidationError("--archive \(archive): \(ArchiveCompression.unknownEnding(of: archive))")
                }
                if incremental { throw ValidationError("--archive writes a whole site; leave out --incremental") }
                if shard != nil { throw ValidationError("--archive writes a whole site; parts are merged as folders, so leave out --shard") }
                if output != nil { throw ValidationError("--archive takes the place of --output; give only one of them") }
            }
            if let shard {
                if case .failure(let error) = BuildShard.parse(shard) { throw ValidationError(error.description) }
                if incremental { throw ValidationError("--shard writes a part of a full build; leave out --incremental") }
            }
        }

        func run() throws {
            let now = clock.now
            let quiet = verbosity.isQuiet
            let showProgress = !quiet && Console.errorIsTerminal
            var progress: (@Sendable (Int, Int) -> Void)?
            if showProgress {
                progress = { done, total in Console.progress("Rendering \(done)/\(total)") }
            }
            let destination = archive ?? output ?? "Output"
            var options = BuildOptions(
                contentFolder: URL(fileURLWithPath: source.content),
                templatesFolder: URL(fileURLWithPath: source.templates),
                outputFolder: URL(fileURLWithPath: destination),
                clock: now, strict: source.strict,
                progress: progress, shard: shard.flatMap { try? BuildShard.parse($0).get() }, pictureCache: pictures.folder)
            // The process ends with this build.
            options.leavesMemoryToExit = true
            let report =
                archive != nil
                ? SiteBuilder.buildArchive(options)
                : incremental ? SiteBuilder.buildIncrementally(options) : SiteBuilder.build(options)
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
                say("Read \(report.contentFileCount.formatted()) content files; wrote \(report.fileCount.formatted()) files to \(destination + (archive == nil ? "/" : ""))")
            }
            if !quiet { say(report.summary + (shard.map { " (shard \($0))" } ?? "")) }
        }
    }
}
