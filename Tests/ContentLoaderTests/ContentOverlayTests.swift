import CatalogModel
import ContentLoader
import Foundation
import Testing
import VitrineTestSupport

/// The editor validates a change before writing it: the loader reads overlaid bytes in place of
/// the folder's, sees added and removed files, and never touches the folder.
@Suite struct ContentOverlayTests {
    static let product = "products/aven/cicalfate-creme-reparatrice.md"

    func loader(_ shop: SampleShop, _ overlay: ContentOverlay) -> ContentLoader {
        var loader = ContentLoader(contentFolder: shop.content)
        loader.overlay = overlay
        return loader
    }

    @Test func changedAddedAndRemovedFilesAreReadFromTheOverlayAndTheFolderIsUntouched() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = FolderContents.files(in: shop.content)
        let original = try String(contentsOf: shop.content.appendingPathComponent(Self.product), encoding: .utf8)
        let changed = original.replacingOccurrences(of: "price: 24.00", with: "price: 25.00")
        let added = "---\nsku: NEW-1\nname: New\nbrand: origins\nprice: 1.00\nimage: images/products/new.png\n---\n"
        let result = loader(shop, ContentOverlay(
            records: [
                Self.product: Data(changed.utf8), "products/origins/new.md": Data(added.utf8),
                "pages/about.md": nil,
            ],
            images: ["images/products/new.png": PixelSize(width: 640, height: 480)]
        )).load()
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        #expect(catalog.products.first { $0.slug.rawValue == "cicalfate-creme-reparatrice" }?.price.minorUnits == 2500)
        #expect(catalog.products.contains { $0.slug.rawValue == "new" })
        #expect(catalog.pixelSizes["images/products/new.png"] == PixelSize(width: 640, height: 480))
        #expect(!catalog.pages.contains { $0.slug.rawValue == "about" })
        #expect(FolderContents.files(in: shop.content) == before)
    }

    @Test func aRemovedProductThatAPromotionNamesIsAnError() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let serum = "products/esta-louder/advanced-night-repair-serum.md"
        #expect(FileManager.default.fileExists(atPath: shop.content.appendingPathComponent(serum).path))
        let result = loader(shop, ContentOverlay(records: [serum: nil])).load()
        #expect(result.catalog == nil)
        #expect(result.diagnostics.contains { $0.location.path.hasSuffix("promotions/xmas-10-off.md") && $0.message.contains("advanced-night-repair-serum") })
    }

    @Test func aMemoNeverServesNorKeepsAnOverlaidFile() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let memo = DecodeMemo()
        func price(_ overlay: ContentOverlay) -> Int64? {
            loader(shop, overlay).load(memo: memo).catalog?.products.first { $0.slug.rawValue == "cicalfate-creme-reparatrice" }?.price.minorUnits
        }
        #expect(price(ContentOverlay()) == 2400)
        let original = try String(contentsOf: shop.content.appendingPathComponent(Self.product), encoding: .utf8)
        let changed = Data(original.replacingOccurrences(of: "price: 24.00", with: "price: 19.00").utf8)
        #expect(price(ContentOverlay(records: [Self.product: changed])) == 1900)
        #expect(price(ContentOverlay()) == 2400)
    }
}
