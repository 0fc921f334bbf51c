import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// Derived pictures through whole builds: the markup pages get, the cache beside the output,
/// and a bad picture failing the build without touching the published site.
@Suite struct PictureBuildTests {
    /// The fixture with a 1,200 × 800 product photo and no thumbnail.
    static func fixtureWithPhoto() throws -> ShopFixture {
        let fixture = try ShopFixture(changes: [
            "products/origins/night-serum.md": """
                ---
                sku: ORG-NS-30
                name: Night Serum
                brand: origins
                price: 42.00
                image: images/night-serum.png
                ---
                Restores overnight.
                """,
        ])
        try TinyPNG.make(width: 1200, height: 800).write(to: fixture.content.appendingPathComponent("images/night-serum.png"))
        return fixture
    }

    @Test func pagesOfferEveryWidthAndFormatWithTheRealProportions() throws {
        let fixture = try Self.fixtureWithPhoto()
        defer { fixture.cleanUp() }
        let report = SiteBuilder.build(buildOptions(fixture))
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.picturesMade == 2)
        let page = try String(contentsOf: fixture.output.appendingPathComponent("products/night-serum/index.html"), encoding: .utf8)
        let picture = try #require(page.range(of: #"<picture>.*?</picture>"#, options: .regularExpression).map { String(page[$0]) })
        // The main picture: 480 wide at 3:2; the source is a PNG, so PNG is the fallback.
        #expect(picture.contains(#"width="480" height="320""#), "\(picture)")
        #expect(picture.contains(#"sizes="(max-width: 480px) 100vw, 480px""#))
        #expect(picture.contains(#"<source type="image/webp" srcset="../../pictures/night-serum-320."#))
        for width in [320, 640, 1024] {
            let name = try #require(page.range(of: "pictures/night-serum-\(width)\\.[0-9a-f]{10}\\.png \(width)w", options: .regularExpression))
            let path = String(page[name].dropLast(" \(width)w".count))
            #expect(FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent(path).path), "\(path)")
        }
        // 1,200 pixels is the widest: nothing is enlarged to 1,600.
        #expect(!page.contains("night-serum-1600."))
        #expect(page.contains("night-serum-1200."))
        #expect(!picture.contains("loading=\"lazy\""), "the main picture is above the fold")
        // Cards below the fold load lazily.
        let pages = FolderContents.files(in: fixture.output).filter { $0.key.hasPrefix("brands/origins/") }.values
        #expect(pages.contains { String(decoding: $0, as: UTF8.self).contains(#"width="160" height="107" loading="lazy" decoding="async""#) })
        // A card 160 pixels wide offers 320 and 640 (enough for a screen of three device pixels
        // per pixel), not the widths no screen would choose for it.
        let brand = try #require(pages.map { String(decoding: $0, as: UTF8.self) }.first { $0.contains("night-serum-320.") })
        #expect(brand.contains("night-serum-640.") && !brand.contains("night-serum-1024.") && !brand.contains("night-serum-1200."))
        // Open Graph and the merchant feed name a PNG of at least 800 pixels.
        #expect(page.range(of: #"og:image" content="https://example\.com/shop/pictures/night-serum-1024\.[0-9a-f]{10}\.png""#, options: .regularExpression) != nil)
        let feed = try String(contentsOf: fixture.output.appendingPathComponent("feeds/products.xml"), encoding: .utf8)
        #expect(feed.range(of: #"<g:image_link>https://example\.com/shop/pictures/night-serum-1024\.[0-9a-f]{10}\.png</g:image_link>"#, options: .regularExpression) != nil)
        // The original is still published where the content contract says.
        #expect(FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent("images/night-serum.png").path))
    }

    @Test func aSecondBuildProcessesNoPictureAndUnusedOnesArePruned() throws {
        let fixture = try Self.fixtureWithPhoto()
        defer { fixture.cleanUp() }
        let first = SiteBuilder.build(buildOptions(fixture))
        #expect(first.picturesMade == 2)
        let cache = BuildCache.pictures(forOutput: fixture.output)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0 != "index" }
        #expect(entries.count == 2)
        let published = FolderContents.files(in: fixture.output)
        let second = SiteBuilder.build(buildOptions(fixture))
        #expect(second.succeeded && second.picturesMade == 0 && second.picturesReused == 2)
        #expect(FolderContents.files(in: fixture.output) == published)
        // The incremental builder reads the same cache.
        let incremental = SiteBuilder.buildIncrementally(buildOptions(fixture))
        #expect(incremental.succeeded && incremental.picturesMade == 0)
        // A new photo replaces the old: one made, and the old entry goes.
        try TinyPNG.make(width: 900, height: 900, rgb: [10, 200, 10]).write(to: fixture.content.appendingPathComponent("images/night-serum.png"))
        let third = SiteBuilder.build(buildOptions(fixture))
        #expect(third.succeeded && third.picturesMade == 1)
        // The published folder lost the old photo's files and kept the logo's.
        let old = Set(published.keys.filter { $0.hasPrefix("pictures/night-serum-") })
        let now = FolderContents.files(in: fixture.output).keys.filter { $0.hasPrefix("pictures/") }
        #expect(!old.isEmpty && old.isDisjoint(with: now))
        #expect(Set(now.filter { !$0.hasPrefix("pictures/night-serum-") }) == Set(published.keys.filter { $0.hasPrefix("pictures/") }).subtracting(old))
        let after = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0 != "index" }
        #expect(after.count == 2)
        #expect(Set(after).intersection(entries).count == 1)
    }

    /// `night-serum.png` and `night-serum.PNG` with the same bytes derive the same names.
    @Test func twoPicturesThatDeriveTheSameNamesArePublishedOnce() throws {
        let fixture = try Self.fixtureWithPhoto()
        defer { fixture.cleanUp() }
        let images = fixture.content.appendingPathComponent("images")
        try FileManager.default.copyItem(at: images.appendingPathComponent("night-serum.png"), to: images.appendingPathComponent("night-serum.PNG"))
        let product = fixture.content.appendingPathComponent("products/origins/night-serum.md")
        let text = try String(contentsOf: product, encoding: .utf8)
        try text.replacingOccurrences(of: "image: images/night-serum.png", with: "image: images/night-serum.png\nthumbnail: images/night-serum.PNG")
            .write(to: product, atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let report = SiteBuilder.build(buildOptions(fixture))
            #expect(report.succeeded, "\(report.diagnostics)")
            let page = try String(contentsOf: fixture.output.appendingPathComponent("products/night-serum/index.html"), encoding: .utf8)
            let name = try #require(page.range(of: #"pictures/night-serum-640\.[0-9a-f]{10}\.png"#, options: .regularExpression))
            #expect(FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent(String(page[name])).path))
        }
    }

    @Test func aBadPictureFailsTheBuildAtTheRecordAndKeepsThePreviousSiteAndCache() throws {
        let fixture = try Self.fixtureWithPhoto()
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let before = FolderContents.files(in: fixture.output)
        let cache = BuildCache.pictures(forOutput: fixture.output)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        let cases: [(bytes: Data, message: String)] = [
            (Data("not a picture at all".utf8), "images/night-serum.png is not a picture"),
            (TinyPNG.make(width: 1200, height: 800).prefix(60), "images/night-serum.png cannot be"),
        ]
        for (bytes, message) in cases {
            try bytes.write(to: fixture.content.appendingPathComponent("images/night-serum.png"))
            let report = SiteBuilder.build(buildOptions(fixture))
            #expect(!report.succeeded)
            #expect(report.diagnostics.contains {
                $0.description.hasPrefix("Content/products/origins/night-serum.md:6:8: error: " + message)
            }, "\(report.diagnostics)")
            #expect(FolderContents.files(in: fixture.output) == before)
            // The failed build forgot no picture: fixing the file back derives nothing.
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted() == entries)
        }
        try TinyPNG.make(width: 1200, height: 800).write(to: fixture.content.appendingPathComponent("images/night-serum.png"))
        let fixed = SiteBuilder.build(buildOptions(fixture))
        #expect(fixed.succeeded && fixed.picturesMade == 0)
    }

    @Test func siteSettingsChooseWidthsAndFormats() throws {
        let fixture = try Self.fixtureWithPhoto()
        defer { fixture.cleanUp() }
        let site = try String(contentsOf: fixture.content.appendingPathComponent("site.json"), encoding: .utf8)
        try site.replacingOccurrences(of: "\"currency\"", with: "\"images\": {\"widths\": [500, 250], \"formats\": [\"webp\"], \"quality\": 70},\n  \"currency\"")
            .write(to: fixture.content.appendingPathComponent("site.json"), atomically: true, encoding: .utf8)
        let report = SiteBuilder.build(buildOptions(fixture))
        #expect(report.succeeded, "\(report.diagnostics)")
        let page = try String(contentsOf: fixture.output.appendingPathComponent("products/night-serum/index.html"), encoding: .utf8)
        #expect(page.contains("night-serum-250.") && page.contains("night-serum-500."))
        #expect(!page.contains("night-serum-320.") && !page.contains(".avif"))
        // No widths: nothing derived, the picture as it is.
        try site.replacingOccurrences(of: "\"currency\"", with: "\"images\": {\"widths\": []},\n  \"currency\"")
            .write(to: fixture.content.appendingPathComponent("site.json"), atomically: true, encoding: .utf8)
        let plain = SiteBuilder.build(buildOptions(fixture))
        #expect(plain.succeeded && plain.picturesMade == 0 && plain.picturesReused == 0)
        let asIs = try String(contentsOf: fixture.output.appendingPathComponent("products/night-serum/index.html"), encoding: .utf8)
        #expect(asIs.contains(#"<img src="../../images/night-serum.png" alt="Night Serum" width="1200" height="800">"#))
        // A bad setting is a diagnostic with the site file's position.
        try site.replacingOccurrences(of: "\"currency\"", with: "\"images\": {\"widths\": [5], \"formats\": [\"gif\"]},\n  \"currency\"")
            .write(to: fixture.content.appendingPathComponent("site.json"), atomically: true, encoding: .utf8)
        let bad = SiteBuilder.build(buildOptions(fixture))
        #expect(!bad.succeeded)
        let messages = bad.diagnostics.map(\.description)
        #expect(messages.contains { $0.contains("images.widths: 5 is outside 16–8192") }, "\(messages)")
        #expect(messages.contains { $0.contains("images.formats: \"gif\" is not one of `avif`, `webp`") }, "\(messages)")
    }
}
