import ArgumentParser
import CatalogModel
import Foundation
import Importer

extension Vitrine {
    struct ImportReviews: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reviews",
            abstract: "Import a review service's CSV export (Judge.me, Yotpo) into Content/reviews/.",
            discussion: """
                Each row's product is found in the catalog by its handle (the slug Vitrine's Shopify \
                import keeps), SKU, product id, page address or title. HTML in a review becomes plain \
                text, dates become ISO 8601, the shop's public reply becomes the review's response. \
                Unpublished, spam and shop-wide reviews are left out and counted; so is a row whose \
                product is not in the catalog, with a warning at its line. Ids come from the service's \
                review id, or a hash of the row, so importing the same export again writes the same \
                file. The file is replaced whole (atomically); one holding reviews this import did not \
                write is replaced only with --force.

                Examples:
                  vitrine import reviews judgeme-reviews.csv --from judgeme
                  vitrine import reviews yotpo_reviews.csv --from yotpo --date-order dmy --dry-run
                  vitrine import reviews reviews.csv --from judgeme --content shop/Content --output reviews/old-shop.jsonl
                """)

        enum Service: String, ExpressibleByArgument, CaseIterable {
            case judgeme, yotpo
        }

        enum DateOrder: String, ExpressibleByArgument, CaseIterable {
            case dmy, mdy
        }

        @Argument(help: ArgumentHelp("The service's review export.", valueName: "FILE.csv")) var csv: String

        @Option(name: .customLong("from"), help: ArgumentHelp("The service the file comes from: judgeme or yotpo.", valueName: "SERVICE"))
        var service: Service

        @Option(name: .long, help: ArgumentHelp("Content folder whose products the reviews are matched to.", valueName: "DIR"))
        var content: String = "Content"

        @Option(
            name: .long,
            help: ArgumentHelp("The file to write, relative to the content folder (default: reviews/<SERVICE>.jsonl).", valueName: "FILE"))
        var output: String?

        @Option(
            name: .customLong("date-order"),
            help: ArgumentHelp(
                "How to read dates with slashes: dmy (31/01/2026) or mdy (01/31/2026). Default: as the file shows, else dmy for Judge.me.",
                valueName: "ORDER"))
        var dateOrder: DateOrder?

        @Flag(name: .customLong("dry-run"), help: "Check the export and print the summary; write nothing.")
        var dryRun = false

        @Flag(help: "Replace the output file even if it holds reviews this import did not write.")
        var force = false

        func validate() throws {
            if let output, !output.hasSuffix(".jsonl") {
                throw ValidationError("--output \(output): a reviews file ends in .jsonl, e.g. reviews/\(service.rawValue).jsonl")
            }
        }

        func run() throws {
            let contentURL = URL(fileURLWithPath: content)
            let importer = ReviewImporter(
                service: ReviewImporter.Service(rawValue: service.rawValue)!,
                dateOrder: dateOrder.flatMap { ReviewImporter.DateOrder(rawValue: $0.rawValue) }, now: Date())
            let relative = output ?? importer.defaultOutput
            let outputURL = relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : contentURL.appendingPathComponent(relative)
            let result = importer.importFile(URL(fileURLWithPath: csv), content: contentURL, output: outputURL, force: force, dryRun: dryRun)
            for diagnostic in result.diagnostics { Console.error(diagnostic.description) }
            guard !result.failed else {
                Console.error("Nothing written: fix the errors above and run the import again.")
                throw ExitCode.failure
            }
            var display = ReviewImporter.display(outputURL, content: contentURL)
            if result.files.count > 1 {
                display += " and \(result.files.count - 1) more file\(result.files.count == 2 ? "" : "s") ("
                    + result.files.dropFirst().map(\.lastPathComponent).joined(separator: ", ") + ")"
            }
            Console.error(result.summary + (dryRun ? "; dry run, nothing written to \(display)" : " into \(display)"))
            let folder = outputURL.deletingLastPathComponent().standardizedFileURL
            if folder != contentURL.appendingPathComponent(ReviewImporter.reviewsFolder).standardizedFileURL {
                Console.error("note: a build reads reviews only from \(content)/\(ReviewImporter.reviewsFolder)/*.jsonl")
            }
        }
    }
}
