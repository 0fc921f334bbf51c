import CatalogModel
import ContentLoader
import Foundation
import Importer
import Testing
import VitrineTestSupport

/// A Parse export of the old app's three classes, written by hand from Parse's export format:
/// pointers, dates and files as typed objects, a float price, accents and an ampersand in names.
@Suite struct ParseImporterTests {
    static let category = """
        {"results": [
          {"objectId": "cat1", "title": "Estée Louder", "createdAt": "2019-03-01T10:00:00.000Z",
           "image": {"__type": "File", "name": "logo-estee.png", "url": "https://files.example.com/logo-estee.png"}},
          {"objectId": "cat2", "title": "Origins & Co", "createdAt": "2019-03-02T10:00:00.000Z"}
        ]}
        """
    static let product = """
        {"results": [
          {"objectId": "p1", "name": "Night Repair Serum", "detail": "A **night** serum.", "unitPrice": 84.5,
           "priceUnit": "ea", "brand": {"__type": "Pointer", "className": "Category", "objectId": "cat1"},
           "createdAt": {"__type": "Date", "iso": "2020-01-05T09:30:00.000Z"},
           "thumbnail": {"__type": "File", "name": "serum-thumb.png", "url": "https://files.example.com/serum-thumb.png"},
           "fullsizeImage": {"__type": "File", "name": "serum.png", "url": "https://files.example.com/serum.png"}},
          {"objectId": "p2", "name": "Night Repair Serum", "unitPrice": 12, "priceUnit": "ml",
           "brand": {"__type": "Pointer", "className": "Category", "objectId": "cat2"}, "createdAt": "2020-02-01T00:00:00.000Z"}
        ]}
        """
    static let promotion = """
        {"results": [
          {"objectId": "pr1", "content": "10% off for X'mas\\nAll serums, until Christmas.", "createdAt": "2020-12-01T00:00:00.000Z"}
        ]}
        """

    func export(_ files: [String: String]) throws -> (URL, [URL]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var urls: [URL] = []
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            urls.append(url)
        }
        return (folder, urls)
    }

    @Test func anExportBecomesContentThatChecksStrictly() throws {
        let (folder, files) = try export(["Category.json": Self.category, "Product.json": Self.product, "Promotion.json": Self.promotion])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ParseImporter().importFiles(files)
        #expect(!result.failed, "\(result.diagnostics)")
        #expect(result.files.keys.sorted() == [
            "brands/estee-louder.md", "brands/origins-co.md", "products/night-repair-serum-2.md", "products/night-repair-serum.md",
            "promotions/10-off-for-x-mas.md",
        ])
        let serum = try #require(result.files["products/night-repair-serum.md"])
        #expect(serum.contains("sku: \"PARSE-p1\""))
        #expect(serum.contains("brand: estee-louder"))
        #expect(serum.contains("price: 84.50"), "the float 84.5 as the exact amount")
        #expect(serum.contains("image: \"https://files.example.com/serum.png\""), "without --files the URL is kept")
        #expect(serum.contains("date: 2020-01-05T09:30:00Z"))
        #expect(serum.hasSuffix("---\nA **night** serum.\n"))

        let content = folder.appendingPathComponent("Content")
        try ImportWriter(output: content).write(result)
        let loaded = ContentLoader(contentFolder: content).load()
        #expect(loaded.diagnostics.isEmpty, "vitrine check --strict accepts it: \(loaded.diagnostics)")
        let catalog = try #require(loaded.catalog)
        #expect(catalog.products.map(\.sku).sorted() == ["PARSE-p1", "PARSE-p2"])
        #expect(catalog.productBySKU["PARSE-p2"]?.brand == Slug("origins-co"))
        let promotion = try #require(catalog.promotions.first)
        #expect(promotion.title == "10% off for X'mas" && promotion.starts.iso8601 == "2020-12-01T00:00:00Z")
        // The same export again gives the same files, and refuses to overwrite them.
        #expect(ParseImporter().importFiles(files).files == result.files)
        #expect(throws: ImportWriter.Failure.self) { try ImportWriter(output: content).write(result) }
        try ImportWriter(output: content, force: true).write(result)
    }

    @Test func filesAreCopiedFromTheFilesFolder() throws {
        let (folder, files) = try export(["Category.json": Self.category, "Product.json": Self.product])
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = folder.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        for name in ["logo-estee.png", "serum.png", "serum-thumb.png"] { try Data([0x89, 0x50]).write(to: pictures.appendingPathComponent(name)) }
        let result = ParseImporter(filesFolder: pictures).importFiles(files)
        #expect(result.images.keys.sorted() == ["images/brands/logo-estee.png", "images/products/serum-thumb.png", "images/products/serum.png"])
        #expect(result.files["products/night-repair-serum.md"]?.contains("image: \"images/products/serum.png\"") == true)
        let content = folder.appendingPathComponent("Content")
        try ImportWriter(output: content).write(result)
        #expect(ContentLoader(contentFolder: content).load().diagnostics.isEmpty)
    }

    @Test func aFloatThatIsNotAnExactPriceIsAnErrorAtItsPlace() throws {
        let (folder, files) = try export([
            "Category.json": Self.category,
            "Product.json": """
                {"results": [
                  {"objectId": "p1", "name": "Serum", "unitPrice": 31.999999,
                   "brand": {"__type": "Pointer", "className": "Category", "objectId": "cat9"}}
                ]}
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ParseImporter().importFiles(files)
        #expect(result.failed)
        let messages = result.diagnostics.map(\.description)
        #expect(messages.contains { $0.hasPrefix("Product.json:2:52: error: unitPrice: 31.999999 is not an exact price in USD; it is probably 32.00 stored as a float") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Product.json:3:13: error: brand: points at Category cat9") }, "\(messages)")
        // Nothing is written for a failed import: the command stops before the writer.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Content").path))
    }

    @Test func aFileNameThatIsAPathIsRefused() throws {
        let (folder, files) = try export([
            "Category.json": #"{"results": [{"objectId": "c1", "title": "A", "image": {"__type": "File", "name": "../../etc/passwd"}}]}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ParseImporter(filesFolder: folder).importFiles(files)
        #expect(result.failed && result.images.isEmpty)
        #expect(result.diagnostics.map(\.description).contains { $0.contains("image: \"../../etc/passwd\" is not a plain file name") })
    }

    @Test func malformedExportsAreReportedWithTheirPosition() throws {
        let (folder, files) = try export(["Product.json": "{\"results\": [\n  {\"name\": \"x\"},\n]", "Order.json": "{}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = ParseImporter().importFiles(files).diagnostics.map(\.description)
        #expect(messages.contains { $0.hasPrefix("Order.json: error: not a class Vitrine imports") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Product.json:") && $0.contains("error:") }, "\(messages)")
    }
}
