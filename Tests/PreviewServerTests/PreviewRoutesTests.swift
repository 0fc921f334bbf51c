import CatalogModel
import ContentEditor
import Foundation
import Hummingbird
import HummingbirdTesting
import PreviewServer
import SiteBuilder
import Testing
import VitrineTestSupport

@Suite("Serving the preview")
struct PreviewRoutesTests {
    /// The routes without the watcher: each test decides when the site is rebuilt.
    func app(_ site: PreviewSite) -> some ApplicationProtocol {
        Application(router: PreviewServer.router(site: site))
    }

    @Test func pagesAndFilesAreServedWithTheirTypesAndTheLiveReloadScript() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        #expect(await site.start().succeeded)
        try await app(site).test(.router) { client in
            try await client.execute(uri: "/products/ginzing-eye-cream/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let body = String(buffer: response.body)
                #expect(body.contains("Ginzing Energy-Boosting Eye Cream"))
                #expect(body.contains("/_vitrine/events"))
                #expect(body.range(of: "vitrine-live-reload")!.lowerBound < body.range(of: "</body>")!.lowerBound)
            }
            try await client.execute(uri: "/style.css", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/css") == true)
            }
            try await client.execute(uri: "/images/brands/aven.png", method: .get) { response in
                #expect(response.headers[.contentType] == "image/png")
            }
            // The derived pictures a page names are served with their types.
            let page = try String(contentsOf: shop.output.appendingPathComponent("brands/aven/index.html"), encoding: .utf8)
            for (ext, type) in [("avif", "image/avif"), ("webp", "image/webp"), ("png", "image/png")] {
                let name = try #require(page.firstMatch(of: try Regex("pictures/brands/aven-320\\.[0-9a-f]{10}\\.\(ext)")).map { String($0.output[0].substring!) })
                try await client.execute(uri: "/" + name, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == type, "\(name)")
                }
            }
            try await client.execute(uri: "/products/ginzing-eye-cream", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/products/ginzing-eye-cream/")
            }
            try await client.execute(uri: "/products/ginzing-eye-cream/", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/index.html", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
            }
        }
        // The built files themselves carry no script.
        let built = try String(contentsOf: shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html"), encoding: .utf8)
        #expect(!built.contains("vitrine-live-reload"))
    }

    @Test func unknownPathsGetTheSitesNotFoundPage() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        try await app(site).test(.router) { client in
            try await client.execute(uri: "/products/no-such-thing/", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("Page not found"))
            }
        }
    }

    @Test(arguments: [
        "/../Content/site.json", "/%2e%2e/Content/site.json", "/products/..%2f..%2fContent/site.json",
        "/%2E%2E%2FContent%2Fsite.json", "/products/%2e%2e/%2e%2e/Content/site.json",
    ])
    func traversalAttemptsAreRefused(path: String) async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        try await app(site).test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .badRequest || response.status == .notFound)
                #expect(!String(buffer: response.body).contains("baseURL"))
            }
        }
    }

    @Test func aContentEditShowsUpInTheServedPage() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: 27.25")
        let report = await site.rebuild(scan: shop.scan())
        #expect(report.succeeded)
        #expect(report.renderedPaths.contains("products/ginzing-eye-cream/index.html"))
        #expect(!report.renderedPaths.contains("products/genifique-youth-serum/index.html"))
        try await app(site).test(.router) { client in
            try await client.execute(uri: "/products/ginzing-eye-cream/", method: .get) { response in
                #expect(String(buffer: response.body).contains("27.25"))
            }
        }
    }

    /// With no good build yet, every path answers the errors, wrapped to the phone's width.
    @Test func aShopThatNeverBuiltShowsItsErrorsWrappedToTheScreen() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: thirty")
        let site = shop.makeSite()
        #expect(await !site.start().succeeded)
        try await app(site).test(.router) { client in
            try await client.execute(uri: "/products/ginzing-eye-cream/", method: .get) { response in
                #expect(response.status == .notFound)
                let body = String(buffer: response.body)
                #expect(body.contains("ginzing-eye-cream.md") && body.contains("price"))
                #expect(body.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
                #expect(body.contains("<pre style=\"white-space: pre-wrap; overflow-wrap: anywhere\">"))
            }
        }
    }

    @Test func aBrokenEditKeepsTheLastGoodPageAndReportsTheError() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: thirty")
        let report = await site.rebuild(scan: shop.scan())
        #expect(!report.succeeded)
        let failure = try #require(await site.failure)
        #expect(failure.contains { $0.location.path.hasSuffix("ginzing-eye-cream.md") })
        try await app(site).test(.router) { client in
            try await client.execute(uri: "/products/ginzing-eye-cream/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("32.00"))
            }
        }
        // A page opened now learns of the error as soon as it connects.
        let events = await site.events()
        var iterator = events.makeAsyncIterator()
        guard case .hello(_, _, let errors)? = await iterator.next() else {
            Issue.record("no hello event")
            return
        }
        #expect(errors.contains { $0.contains("ginzing-eye-cream.md") && $0.contains("price") })

        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: thirty", with: "price: 30.00")
        #expect(await site.rebuild(scan: shop.scan()).succeeded)
        #expect(await site.failure == nil)
        guard case .reload? = await iterator.next() else {
            Issue.record("no reload after the fix")
            return
        }
    }

    @Test func openPagesHearAboutRebuildsAndFailuresOverServerSentEvents() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        try await app(site).test(.router) { client in
            async let stream = client.execute(uri: "/_vitrine/events", method: .get)
            while await site.subscriberCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: 33.00")
            await site.rebuild(scan: shop.scan())
            try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "brand: origins", with: "brand: nobody")
            await site.rebuild(scan: shop.scan())
            await site.finishEvents()
            let response = try await stream
            #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
            let text = String(buffer: response.body)
            let names = text.split(separator: "\n").filter { $0.hasPrefix("event: ") }
            #expect(names == ["event: hello", "event: reload", "event: failed"])
            #expect(text.contains("nobody"))
        }
    }

    @Test func theEditorIsServedBesideThePreviewOnlyWhenAskedFor() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        #expect(await site.start().succeeded)
        try await Application(router: PreviewServer.router(site: site)).test(.router) { client in
            try await client.execute(uri: "/_vitrine/edit/", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
        let editor = ContentEditor(contentFolder: shop.content, basePath: { await site.basePath })
        try await Application(router: PreviewServer.router(site: site, editor: editor)).test(.router) { client in
            try await client.execute(uri: "/_vitrine/edit/products/ginzing-eye-cream", method: .get) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.contains("Edit product: Ginzing"))
                // The link to the product's page in the preview, under the site's base path.
                #expect(body.contains("href=\"/products/ginzing-eye-cream/\""))
                #expect(!body.contains("/_vitrine/events"), "editor pages carry no live-reload script")
            }
            // The site itself is still served.
            try await client.execute(uri: "/products/ginzing-eye-cream/", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
