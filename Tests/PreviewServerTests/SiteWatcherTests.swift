import CatalogModel
import Foundation
import Hummingbird
import HummingbirdTesting
import PreviewServer
import SiteBuilder
import Testing
import VitrineTestSupport

@Suite("Watching the sources")
struct SiteWatcherTests {
    @Test func aSavedProductFileIsServedWithoutAnyoneAskingForARebuild() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        let app = PreviewServer.application(site: site, configuration: .init(port: 0, pollInterval: .milliseconds(20)))
        try await app.test(.router) { client in
            try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: 41.10")
            let deadline = ContinuousClock.now + .seconds(20)
            var served = ""
            while ContinuousClock.now < deadline, !served.contains("41.10") {
                try await Task.sleep(for: .milliseconds(20))
                served = String(buffer: try await client.execute(uri: "/products/ginzing-eye-cream/", method: .get).body)
            }
            #expect(served.contains("41.10"))
        }
        // Stopping the server saves the record of the last build for the next run.
        #expect(BuildCache.load(forOutput: shop.output) != nil)
    }

    @Test func aNewTemplateErrorIsReportedAndItsFixServed() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        let app = PreviewServer.application(site: site, configuration: .init(port: 0, pollInterval: .milliseconds(20)))
        try await app.test(.router) { _ in
            try shop.edit("Templates/product.mustache", replacing: "{{name}}</h1>", with: "{{#name}}</h1>")
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline, await site.failure == nil { try await Task.sleep(for: .milliseconds(20)) }
            let failure = await site.failure ?? []
            #expect(failure.contains { $0.location.path.hasSuffix("product.mustache") })
            try shop.edit("Templates/product.mustache", replacing: "<h1{{#nameLang}} lang=\"{{.}}\"{{/nameLang}}>{{#name}}</h1>", with: "<h1 class=\"fixed\">{{name}}</h1>")
            while ContinuousClock.now < deadline, await site.failure != nil { try await Task.sleep(for: .milliseconds(20)) }
            #expect(await site.failure == nil)
        }
        let page = try String(contentsOf: shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html"), encoding: .utf8)
        #expect(page.contains("<h1 class=\"fixed\">"))
    }
}
