import CatalogModel
import ContentLoader
import Foundation
import Importer
import Testing
import VitrineTestSupport

/// WooCommerce's product CSV, written by hand from its exporter's columns: a variable product with
/// two variations (one joined by id, one by SKU), a simple product on a dated sale, categories as
/// paths, a brand attribute, an HTML description with a script, a draft.
@Suite struct WooCommerceImporterTests {
    static let header = "ID,Type,SKU,Name,Published,Short description,Description,Date sale price starts,Date sale price ends,"
        + "Tax class,In stock?,Stock,Sale price,Regular price,Categories,Tags,Images,Parent,"
        + "Attribute 1 name,Attribute 1 value(s),Attribute 2 name,Attribute 2 value(s),Brands"
    static let rows = [
        #"10,variable,LIP,Velvet Lipstick,1,,"<p>Matte, <em>velvet</em> finish.</p><script>x()</script>",,,,1,,,,"Make-up > Lips","lips, matte","https://cdn.example.com/l1.png, https://cdn.example.com/l2.png",,Colour,"Red, Nude",Brand,Diar,"#,
        #"11,variation,LIP-RED,Velvet Lipstick - Red,1,,,,,,1,,,32.00,,,,id:10,Colour,Red,,,"#,
        #"12,variation,LIP-NUDE,Velvet Lipstick - Nude,1,,,,,,0,,,34.00,,,,LIP,Colour,Nude,,,"#,
        #"20,simple,SER-30,"Night Serum, 30 ml",1,Short text,,2026-11-20,2026-12-25,reduced-rate,1,7,45.00,50.00,"Skincare > Serums, Skincare > Night",night,,,,,,,Esta Louder"#,
        #"30,simple,,Secret Balm,-1,,<p>Soon</p>,,,,1,,,9.00,Skincare,,,,,,,,"#,
    ]

    func csv(_ lines: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("woo-\(UUID().uuidString).csv")
        try Data(("\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: url)
        return url
    }

    @Test func anExportBecomesContentThatChecksStrictly() throws {
        let url = try csv([Self.header] + Self.rows)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = WooCommerceImporter().importFile(url)
        #expect(!result.failed, "\(result.diagnostics)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("woo-content-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ImportWriter(output: folder).write(result)
        let loaded = ContentLoader(contentFolder: folder).load()
        #expect(loaded.diagnostics.isEmpty, "vitrine check --strict accepts it: \(loaded.diagnostics)")
        let catalog = try #require(loaded.catalog)

        let lipstick = try #require(catalog.productBySlug[Slug("velvet-lipstick")!])
        #expect(lipstick.sku == "LIP" && lipstick.brand == Slug("diar") && lipstick.options == ["colour"])
        #expect(lipstick.variants.map(\.sku) == ["LIP-RED", "LIP-NUDE"])
        #expect(lipstick.variants.map(\.values) == [["Red"], ["Nude"]])
        #expect(lipstick.variants.map { ($0.price ?? lipstick.price).minorUnits } == [3200, 3400])
        #expect(lipstick.variants[1].availability == .outOfStock)
        #expect(lipstick.images == [.remote("https://cdn.example.com/l2.png")])
        #expect(lipstick.detail.html == "<p>Matte, <em>velvet</em> finish.</p>\n")
        let lips = try #require(catalog.categoryBySlug[Slug("lips")!])
        #expect(catalog.path(to: lips).map(\.title) == ["Make-up", "Lips"])

        let serum = try #require(catalog.productBySlug[Slug("night-serum-30-ml")!])
        #expect(serum.name == "Night Serum, 30 ml" && serum.price.minorUnits == 5000)
        #expect(serum.categories == [Slug("serums")!, Slug("night")!])
        #expect(serum.detail.plainText == "Short text", "the short description when there is no long one")
        // The dated sale became a promotion whose quote is exactly the sale price.
        let sale = try #require(catalog.promotions.first)
        #expect(sale.products == [serum.slug] && sale.discountPercent == 10)
        #expect(catalog.quote(for: serum, at: Records.date("2026-12-01")).price.minorUnits == 4500)
        #expect(catalog.productBySlug[Slug("secret-balm")!] == nil)
        let report = result.diagnostics.map(\.description)
        #expect(report.contains { $0.contains("Night Serum, 30 ml: stock counts and tax classes are not imported") })
        #expect(report.contains { $0.contains("Secret Balm: not published") })
    }

    @Test func aMissingColumnOrABadPriceIsAnErrorAtItsLine() throws {
        let missing = try csv(["Type,Name", "simple,X"])
        defer { try? FileManager.default.removeItem(at: missing) }
        #expect(WooCommerceImporter().importFile(missing).diagnostics.map(\.description).contains {
            $0.contains(":1:1: error: missing column \"Regular price\"")
        })
        let bad = try csv([Self.header, Self.rows[3], #"40,simple,B-1,Bad,1,,,,,,1,,,ten,,,,,,,,,"#])
        defer { try? FileManager.default.removeItem(at: bad) }
        let messages = WooCommerceImporter().importFile(bad).diagnostics.map(\.description)
        #expect(messages.contains { $0.contains(":3:1: error: Bad: Regular price: \"ten\" is not a decimal amount") }, "\(messages)")
    }
}
