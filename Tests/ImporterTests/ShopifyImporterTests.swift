import CatalogModel
import ContentLoader
import Foundation
import Importer
import Testing
import VitrineTestSupport

/// Shopify's product CSV, written by hand from its documented columns: a product in three shades
/// over four rows (one only an image), a plain product whose description has a quoted comma, a
/// line break and a script, one without a vendor, a draft; CRLF line ends and a byte order mark.
@Suite struct ShopifyImporterTests {
    static let header = "Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,"
        + "Option3 Name,Option3 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Barcode,"
        + "Image Src,Image Position,Variant Image,Status"
    static let rows = [
        #"glow-foundation,Glow Foundation,"<p>A <strong>luminous</strong> foundation.</p><script>alert(1)</script>",Diar,Foundation,"makeup, glow",true,Shade,1N Neutral,,,,,DIA-1N,5,52.00,,,https://cdn.example.com/f1.png,1,https://cdn.example.com/f-1n.png,active"#,
        #"glow-foundation,,,,,,,,2W Warm,,,,,DIA-2W,0,52.00,,,https://cdn.example.com/f2.png,2,,"#,
        #"glow-foundation,,,,,,,,4R Rosewood,,,,,DIA-4R,3,54.00,60.00,,,,,"#,
        #"glow-foundation,,,,,,,,,,,,,,,,,,https://cdn.example.com/f3.png,3,,"#,
        #"night-serum,"Night Serum, 50 ml","<h2>How to use</h2><ul><li>Two drops</li><li>At night</li></ul><p>Line one<br>line two</p>",Esta Louder,Serum,night,true,Title,Default Title,,,,,EST-50,12,84.00,,0887654321015,https://cdn.example.com/s.png,1,,active"#,
        "plain-balm,Plain Balm,\"<p>Soft,\nsoothing</p>\",,Balm,,true,Title,Default Title,,,,,BALM-1,1,9.50,,,,,,active",
        #"hidden-thing,Hidden Thing,<p>Not yet</p>,Diar,,,false,Title,Default Title,,,,,HID-1,1,5.00,,,,,,draft"#,
    ]

    func csv(_ lines: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shopify-\(UUID().uuidString).csv")
        try Data(("\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: url)
        return url
    }

    @Test func anExportBecomesContentThatChecksStrictly() throws {
        let url = try csv([Self.header] + Self.rows)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = ShopifyImporter().importFile(url)
        #expect(!result.failed, "\(result.diagnostics)")
        #expect(result.files.keys.sorted() == [
            "brands/diar.md", "brands/esta-louder.md", "brands/unbranded.md", "categories/balm.md", "categories/foundation.md",
            "categories/serum.md", "products/glow-foundation.md", "products/night-serum.md", "products/plain-balm.md",
        ])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shopify-content-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ImportWriter(output: folder).write(result)
        let loaded = ContentLoader(contentFolder: folder).load()
        #expect(loaded.diagnostics.isEmpty, "vitrine check --strict accepts it: \(loaded.diagnostics)")
        let catalog = try #require(loaded.catalog)

        let foundation = try #require(catalog.productBySlug[Slug("glow-foundation")!])
        #expect(foundation.options == ["shade"])
        #expect(foundation.variants.map(\.sku) == ["DIA-1N", "DIA-2W", "DIA-4R"])
        #expect(foundation.variants.map(\.values) == [["1N Neutral"], ["2W Warm"], ["4R Rosewood"]])
        #expect(foundation.variants.map { ($0.price ?? foundation.price).minorUnits } == [5200, 5200, 5400])
        #expect(foundation.variants[1].availability == .outOfStock, "inventory 0")
        #expect(foundation.variants[0].image == .remote("https://cdn.example.com/f-1n.png"))
        #expect(foundation.image == .remote("https://cdn.example.com/f1.png"))
        #expect(foundation.images == [.remote("https://cdn.example.com/f2.png"), .remote("https://cdn.example.com/f3.png")])
        #expect(foundation.tags == ["makeup", "glow"] && foundation.categories == [Slug("foundation")!])
        #expect(foundation.detail.html == "<p>A <strong>luminous</strong> foundation.</p>\n", "the script is gone")

        let serum = try #require(catalog.productBySlug[Slug("night-serum")!])
        #expect(serum.name == "Night Serum, 50 ml" && serum.sku == "EST-50" && serum.gtin == "0887654321015")
        #expect(serum.variants.isEmpty, "Shopify's Default Title is no option")
        #expect(serum.detail.html.contains("<h2 id=\"how-to-use\">How to use</h2>"))
        #expect(serum.detail.html.contains("<li>Two drops</li>"))
        let balm = try #require(catalog.productBySlug[Slug("plain-balm")!])
        #expect(balm.brand == Slug("unbranded") && balm.detail.plainText == "Soft, soothing")
        #expect(catalog.productBySlug[Slug("hidden-thing")!] == nil)

        // The report names what the content model could not say.
        let report = result.diagnostics.map(\.description)
        #expect(report.contains { $0.contains("glow-foundation: compare-at price 60.00 not imported") })
        #expect(report.contains { $0.contains("plain-balm: no Vendor") })
        #expect(report.contains { $0.contains("hidden-thing: a draft") })
        #expect(ShopifyImporter().importFile(url).files == result.files, "the same import twice gives the same files")
    }

    @Test func badRowsAreReportedAtTheirLine() throws {
        let url = try csv([Self.header, Self.rows[4], "broken-price,Broken,,Diar,,,true,Title,Default Title,,,,,BR-1,1,free,,,,,,active"])
        defer { try? FileManager.default.removeItem(at: url) }
        let messages = ShopifyImporter().importFile(url).diagnostics.map(\.description)
        #expect(messages.contains { $0.contains(":3:1: error: broken-price: Variant Price: \"free\" is not a decimal amount") }, "\(messages)")
        let missing = try csv(["Handle,Title", "a,A"])
        defer { try? FileManager.default.removeItem(at: missing) }
        #expect(ShopifyImporter().importFile(missing).diagnostics.map(\.description).contains {
            $0.contains(":1:1: error: missing column \"Variant Price\"")
        })
    }

    @Test func anUnreadableOrMalformedFileIsAnError() throws {
        let absent = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).csv")
        #expect(ShopifyImporter().importFile(absent).diagnostics.map(\.description).contains { $0.contains("error: cannot read the file") })
        // A row cut short by an unclosed quote: what is left has no price.
        let cut = try csv([Self.header, #"broken,"Broken,Diar"#])
        defer { try? FileManager.default.removeItem(at: cut) }
        let result = ShopifyImporter().importFile(cut)
        // An error at the row, so `vitrine import` writes nothing.
        #expect(result.failed && result.diagnostics.contains { $0.severity == .error && $0.location.line == 2 }, "\(result.diagnostics)")
    }

    @Test func htmlBecomesMarkdown() {
        let markdown = HTMLToMarkdown.convert(
            #"<h3>Use</h3><p onclick="x()">Apply <em>gently</em> &amp; <a href="https://e.com/a">read more</a>.</p>"#
                + "<table><tr><th>Size</th><th>Price</th></tr><tr><td>50 ml</td><td>$10</td></tr></table><style>p{}</style>")
        #expect(markdown == "### Use\n\nApply *gently* & [read more](https://e.com/a).\n\n| Size | Price |\n|---|---|\n| 50 ml | $10 |\n")
    }
}
