import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// Where checkout sends the shopper back (`checkout/success/`, `checkout/cancelled/`): written by
/// every build of a shop with a `checkoutURL`, with the script that shows the order, kept out of
/// search engines (`noindex`, not in the sitemap), and not written for a shop without checkout.
@Suite struct CheckoutReturnPagesBuildTests {
    static let noCheckoutSite = """
        {"title": "Test & Shop", "baseURL": "https://example.com/shop/", "currency": "USD", "locale": "en_US", "productsPerPage": 2}
        """

    /// Every file and folder of a full build.
    func built(_ changes: [String: String?] = [:]) throws -> [String: Data] {
        let fixture = try ShopFixture(changes: changes)
        defer { fixture.cleanUp() }
        let report = SiteBuilder.build(buildOptions(fixture))
        #expect(report.succeeded, "\(report.diagnostics)")
        return FolderContents.entries(in: fixture.output)
    }

    func text(_ files: [String: Data], _ path: String) throws -> String {
        String(decoding: try #require(files[path], "\(path) was not written"), as: UTF8.self)
    }

    @Test func aShopWithCheckoutHasBothPagesKeptOutOfSearchEngines() throws {
        let files = try built()
        let noindex = #"<meta name="robots" content="noindex">"#
        let success = try text(files, "checkout/success/index.html")
        let cancelled = try text(files, "checkout/cancelled/index.html")
        #expect(success.contains(noindex) && cancelled.contains(noindex))
        #expect(success.contains("<h1>Thank you for your order</h1>"))
        #expect(success.contains(#"<script src="../../order.js" defer></script>"#))
        #expect(success.contains(#"data-orders-url="https://checkout.example.com/api/orders/""#))
        #expect(cancelled.contains("<h1>Payment cancelled</h1>"))
        #expect(cancelled.contains(#"<a class="button" href="../../bag/">Back to your bag</a>"#))
        #expect(files["order.js"] != nil)
        // Every other page may be indexed.
        for (path, data) in files where path.hasSuffix(".html") && !path.hasPrefix("checkout/") {
            #expect(!String(decoding: data, as: UTF8.self).contains(noindex), "\(path)")
        }
        let sitemap = try text(files, "sitemap.xml")
        #expect(!sitemap.contains("checkout/"))
        #expect(sitemap.contains("<loc>https://example.com/shop/bag/</loc>"))
    }

    @Test func aShopWithoutCheckoutHasNeither() throws {
        let files = try built(["site.json": Self.noCheckoutSite])
        #expect(files["index.html"] != nil)
        #expect(files.keys.filter { $0.hasPrefix("checkout/") }.isEmpty)
        #expect(!(try text(files, "sitemap.xml")).contains("checkout/"))
    }

    /// Turning checkout off removes the pages an incremental build wrote before.
    @Test func anIncrementalBuildWritesAndRemovesThemWithTheSetting() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let options = buildOptions(fixture)
        #expect(SiteBuilder.buildIncrementally(options).succeeded)
        #expect(FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent("checkout/success/index.html").path))
        try fixture.write(Self.noCheckoutSite, to: "Content/site.json")
        #expect(SiteBuilder.buildIncrementally(options).succeeded)
        let entries = FolderContents.entries(in: fixture.output)
        #expect(entries.keys.filter { $0.hasPrefix("checkout/") }.isEmpty, "no empty folder is left behind")
        #expect(FolderContents.differences(entries, try built(["site.json": Self.noCheckoutSite])) == [])
    }
}
