import ArgumentParser
import CatalogModel
import Foundation
import SiteBuilder

extension Vitrine {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate the content and templates without writing anything.",
            discussion: """
                Pictures are checked from their headers (a file that is not a picture, a kind
                browsers do not show, more pixels than images.maxPixels); only a build decodes them.
                Prints every problem as path:line:column: error: message, then a summary line;
                with --diagnostics json, one JSON object per problem on standard output. On GitHub
                Actions (GITHUB_ACTIONS=true) each problem is also a workflow command.
                With --messages LANGUAGE, also lists the messages the theme's string table for
                that language (i18n/LANGUAGE.json) lacks, one warning each; pages show the
                English text for them. Exits 0 when the content is valid, 1 when it is not.

                Examples:
                  vitrine check
                  vitrine check --content shop/Content --strict
                  vitrine check --diagnostics json
                  vitrine check --messages ko --messages ja
                """)

        @OptionGroup var source: SourceOptions
        @OptionGroup var verbosity: OutputVerbosity
        @OptionGroup var diagnosticOptions: DiagnosticOptions
        @Option(
            name: .customLong("messages"),
            help: ArgumentHelp("List the messages the theme's string table for this language lacks (repeatable).", valueName: "language"))
        var messageLanguages: [String] = []

        func run() throws {
            let content = URL(fileURLWithPath: source.content)
            var result = SiteBuilder.check(
                content: content, templates: URL(fileURLWithPath: source.templates), strict: source.strict, now: Date())
            result.diagnostics = (result.diagnostics + SiteBuilder.checkPictures(result, content: content)
                + SiteBuilder.checkTemplateNames(result, templates: URL(fileURLWithPath: source.templates), strict: source.strict)
                + SiteBuilder.checkMessages(result, languages: messageLanguages, templates: URL(fileURLWithPath: source.templates))).sorted()
            DiagnosticPrinter(format: diagnosticOptions.diagnostics, content: source.content, templates: source.templates)
                .print(result.diagnostics)
            if !result.diagnostics.isEmpty || !verbosity.isQuiet {
                Console.error(result.diagnostics.summary(fileCount: result.contentFileCount))
            }
            if !result.succeeded || result.diagnostics.errorCount > 0 { throw ExitCode.failure }
        }
    }
}
