import ArgumentParser
import CatalogModel
import Foundation
import Importer

/// What every import format takes.
struct ImportOptions: ParsableArguments {
    @Option(help: "Content folder to write into.") var output = "Content"
    @Option(help: "Currency of the prices (ISO 4217).") var currency = "USD"
    @Flag(help: "Replace files that already exist.") var force = false

    func money() throws -> Currency {
        guard let money = Currency(code: currency) else {
            throw ValidationError("--currency \(currency) is not an ISO 4217 code; write e.g. USD or EUR")
        }
        return money
    }
}

extension Vitrine {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn another shop system's export into a content folder.",
            discussion: """
                Writes everything or nothing, and never replaces an existing file without --force. \
                Problems are printed as file:line:column: error: …, with a non-zero exit.

                Examples:
                  vitrine import parse export/Category.json export/Product.json export/Promotion.json
                  vitrine import parse export/*.json --files export/files --output shop/Content
                  vitrine import shopify products_export.csv
                  vitrine import woocommerce wc-product-export.csv
                  vitrine import reviews judgeme-reviews.csv --from judgeme
                  vitrine import shopify-translations translations.csv
                """,
            subcommands: [Parse.self, Shopify.self, WooCommerce.self, ImportReviews.self, ImportTranslations.self])

        /// Writes a successful import, or prints why not; shared by every format.
        static func finish(_ result: ImportResult, _ options: ImportOptions) throws {
            for diagnostic in result.diagnostics.sorted() { Console.error(diagnostic.description) }
            guard !result.failed else {
                Console.error("Nothing written: fix the errors above and run the import again.")
                throw ExitCode.failure
            }
            do {
                let written = try ImportWriter(output: URL(fileURLWithPath: options.output), force: options.force)
                    .write(result, currency: try options.money())
                Console.error(
                    "Imported \(result.files.count) records and \(result.images.count) images into \(options.output)/ (\(written.count) files)")
            } catch {
                Console.error("error: \(error)")
                throw ExitCode.failure
            }
        }
    }

    struct Shopify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "shopify",
            abstract: "Import Shopify's product CSV: products with variants and images, vendors as brands, types as categories.",
            discussion: """
                The CSV from Shopify's admin (Products → Export). Rows are grouped by Handle; the report \
                lists what the content model cannot say (inventory counts, compare-at prices, drafts).

                Examples:
                  vitrine import shopify products_export.csv
                  vitrine import shopify products_export.csv --currency EUR --output shop/Content
                """)

        @Argument(help: "The product CSV.") var csv: String
        @OptionGroup var options: ImportOptions

        func run() throws {
            try Import.finish(ShopifyImporter(currency: try options.money()).importFile(URL(fileURLWithPath: csv)), options)
        }
    }

    struct Parse: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "parse",
            abstract: "Import a Parse JSON export: Category → brands, Product → products, Promotion → promotions.",
            discussion: """
                Give one file per class, named as Parse exports them (Category.json, Product.json, \
                Promotion.json). Products get the SKU PARSE-<objectId>; a float price that is not an \
                exact amount (31.999999) is an error to correct in the export, not rounded.

                Examples:
                  vitrine import parse export/*.json
                  vitrine import parse export/*.json --files export/files --currency EUR --output Content
                """)

        @Argument(help: "The export's class files.") var exports: [String]
        @Option(name: .customLong("files"), help: "Folder holding the export's files (pictures); without it their URLs are kept.")
        var filesFolder: String?
        @OptionGroup var options: ImportOptions

        func run() throws {
            let importer = ParseImporter(currency: try options.money(), filesFolder: filesFolder.map { URL(fileURLWithPath: $0) })
            try Import.finish(importer.importFiles(exports.map { URL(fileURLWithPath: $0) }), options)
        }
    }

    struct WooCommerce: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "woocommerce",
            abstract: "Import WooCommerce's product CSV: simple and variable products, categories as a tree, sales as promotions.",
            discussion: """
                The CSV from WooCommerce's Products → Export. Variations join their parent by its ID \
                or SKU; a sale price with a start date becomes a promotion when a percentage gives it exactly.

                Examples:
                  vitrine import woocommerce wc-product-export.csv
                  vitrine import woocommerce wc-product-export.csv --currency EUR --output shop/Content
                """)

        @Argument(help: "The product CSV.") var csv: String
        @OptionGroup var options: ImportOptions

        func run() throws {
            try Import.finish(WooCommerceImporter(currency: try options.money()).importFile(URL(fileURLWithPath: csv)), options)
        }
    }
}
