import CatalogModel
import Foundation
import PreviewServer
import SiteBuilder
import Testing
import VitrineTestSupport

@Suite("Rebuilding the previewed site")
struct PreviewSiteTests {
    static let ginzing = "Content/products/origins/ginzing-eye-cream.md"

    /// Reads the events a page would get, up to the end of the stream.
    func drain(_ events: AsyncStream<PreviewEvent>) async -> [PreviewEvent] {
        var seen: [PreviewEvent] = []
        for await event in events { seen.append(event) }
        return seen
    }

    @Test func aProductEditTakesTheQuickPathAndItsFullPassReloadsNothingMore() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        let events = await site.events()
        try shop.edit(Self.ginzing, replacing: "price: 32.00", with: "price: 29.99")
        #expect(await site.changed(to: shop.scan()))
        let page = try String(contentsOf: shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html"), encoding: .utf8)
        #expect(page.contains("29.99"))
        let pass = await site.rebuild(scan: shop.scan())
        #expect(pass.succeeded)
        #expect(pass.renderedPaths.contains("feeds/products.xml"))
        await site.finishEvents()
        let names = await drain(events).map { event -> String in
            switch event {
            case .hello: "hello"
            case .reload: "reload"
            case .failed: "failed"
            case .ping: "ping"
            }
        }
        #expect(names == ["hello", "reload"])
    }

    @Test func anEditThatMovesAProductTakesTheFullPass() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        try shop.edit(Self.ginzing, replacing: "name: \"Ginzing Energy-Boosting Eye Cream\"", with: "name: \"Awake Eye Cream\"")
        #expect(await site.changed(to: shop.scan()) == false)
        let page = try String(contentsOf: shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html"), encoding: .utf8)
        #expect(page.contains("Awake Eye Cream"))
    }

    @Test func thePreviewKeepsItsClockUntilAPageWouldChange() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let clock = TestClock(SampleShop.clock)
        let site = PreviewSite(
            options: BuildOptions(
                contentFolder: shop.content, templatesFolder: shop.templates, outputFolder: shop.output,
                clock: SampleShop.clock, pictureCache: SampleShop.pictureCache),
            now: { clock.now })
        await site.start()
        let feed = shop.output.appendingPathComponent("feeds/promotions.xml")
        let firstFeed = try Data(contentsOf: feed)

        // An hour later an edit does not stamp the feeds with the new time: nothing a page shows changed.
        clock.now = SampleShop.clock.addingTimeInterval(3600)
        #expect(await site.clockTick() == nil)
        try shop.edit(Self.ginzing, replacing: "price: 32.00", with: "price: 31.00")
        #expect(await site.rebuild(scan: shop.scan()).succeeded)
        let brandFeed = try String(contentsOf: shop.output.appendingPathComponent("feeds/brands/aven.xml"), encoding: .utf8)
        #expect(brandFeed.contains("12:00:00 +0000"))
        #expect(try Data(contentsOf: feed) == firstFeed)

        // After the X'mas promotion ends, the watcher's tick rebuilds at the new time.
        clock.now = Date(timeIntervalSince1970: 1_798_329_600)  // 2026-12-27
        let tick = try #require(await site.clockTick())
        #expect(tick.renderedPaths.contains("promotions/xmas-10-off/index.html"))
        let promotion = try String(contentsOf: shop.output.appendingPathComponent("promotions/xmas-10-off/index.html"), encoding: .utf8)
        #expect(promotion.contains("Ended"))
        // And the site is exactly a full build at that time.
        let reference = shop.reference
        #expect(SiteBuilder.build(BuildOptions(
            contentFolder: shop.content, templatesFolder: shop.templates, outputFolder: reference,
            clock: clock.now, pictureCache: SampleShop.pictureCache)).succeeded)
        let diff = Process()
        diff.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        diff.arguments = ["-r", "-q", reference.path, shop.output.path]
        try diff.run()
        diff.waitUntilExit()
        #expect(diff.terminationStatus == 0)
    }
}
