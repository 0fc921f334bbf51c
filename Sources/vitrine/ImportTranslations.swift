import ArgumentParser
import CatalogModel
import ContentLoader
import Foundation
import Importer

extension Vitrine {
    struct ImportTranslations: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "shopify-translations",
            abstract: "Import Shopify's translation export into translation files beside the records.",
            discussion: """
                The CSV from Shopify's admin (Settings → Languages → Export): one row per resource, field \
                and locale. Products, collections and pages are matched by their handle (the slug \
                `vitrine import shopify` kept); a translated title, description and handle become \
                products/<slug>.<language>.md. Option names and values go to every product that has them. \
                Locales not in site.json's languages, and fields the content model has no place for, are \
                reported and left out. Writes everything or nothing; an existing translation is replaced \
                only with --force.

                Examples:
                  vitrine import shopify-translations translations.csv
                  vitrine import shopify-translations translations.csv --content shop/Content --force
                """)

        @Argument(help: ArgumentHelp("Shopify's translation export.", valueName: "FILE.csv")) var csv: String

        @Option(help: ArgumentHelp("Content folder whose records are translated.", valueName: "DIR")) var content = "Content"

        @Flag(help: "Replace translation files that already exist.") var force = false

        func run() throws {
            let folder = URL(fileURLWithPath: content)
            let loaded = ContentLoader(contentFolder: folder).load()
            guard let catalog = loaded.catalog else {
                for diagnostic in loaded.diagnostics where diagnostic.severity == .error { Console.error(diagnostic.description) }
                Console.error("Nothing written: the content folder has errors; fix them (vitrine check) and import again.")
                throw ExitCode.failure
            }
            let importer = ShopifyTranslationImporter(catalog: catalog, contentDisplayName: folder.standardizedFileURL.lastPathComponent)
            let result = importer.importFile(URL(fileURLWithPath: csv))
            for diagnostic in result.diagnostics.sorted() { Console.error(diagnostic.description) }
            guard !result.failed else {
                Console.error("Nothing written: fix the errors above and run the import again.")
                throw ExitCode.failure
            }
            do {
                let written = try ImportWriter(output: folder, force: force).write(result)
                Console.error("Imported \(written.count) translation file\(written.count == 1 ? "" : "s") into \(content)/")
            } catch {
                Console.error("error: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
