import ArgumentParser
import CatalogModel
import Foundation
import SiteBuilder

extension Vitrine {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate the content and templates without writing anything.",
            discussion: """
                Prints every problem as path:line:column: error: message, then a summary line.
                Exits 0 when the content is valid, 1 when it is not.

                Examples:
                  vitrine check
                  vitrine check --content shop/Content --strict
                """)

        @OptionGroup var source: SourceOptions
        @OptionGroup var verbosity: OutputVerbosity

        func run() throws {
            let result = SiteBuilder.check(
                content: URL(fileURLWithPath: source.content), templates: URL(fileURLWithPath: source.templates),
                strict: source.strict)
            for diagnostic in result.diagnostics { Console.error(diagnostic.description) }
            if !result.diagnostics.isEmpty || !verbosity.isQuiet {
                Console.error(result.diagnostics.summary(fileCount: result.contentFileCount))
            }
            if !result.succeeded { throw ExitCode.failure }
        }
    }
}
