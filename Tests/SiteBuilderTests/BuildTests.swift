import BuildEngine
import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

func buildOptions(_ fixture: ShopFixture, output: URL? = nil, strict: Bool = false) -> BuildOptions {
    BuildOptions(
        contentFolder: fixture.content, templatesFolder: ShopFixture.templates, outputFolder: output ?? fixture.output,
        clock: ShopFixture.clock, strict: strict)
}

@Suite struct BuildTests {
    @Test func twoBuildsAreByteIdentical() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let second = fixture.root.appendingPathComponent("Second")
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        #expect(SiteBuilder.build(buildOptions(fixture, output: second)).succeeded)
        let a = FolderContents.files(in: fixture.output)
        let b = FolderContents.files(in: second)
        #expect(a.count > 10)
        #expect(a == b)
    }

    @Test func aFailingBuildLeavesThePreviousOutputExactlyAsItWas() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        try fixture.write("stale", to: "Output/README.md")
        let before = FolderContents.files(in: fixture.output)
        try fixture.write("---\nsku: B-1\nname: Broken\nbrand: origins\nprice: free\n---\n", to: "Content/products/broken.md")
        let report = SiteBuilder.build(buildOptions(fixture))
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.description.hasPrefix("Content/products/broken.md:5:8: error: price:") })
        #expect(FolderContents.files(in: fixture.output) == before)
        let leftovers = try fixture.stagingLeftovers()
        #expect(leftovers.isEmpty, "no staging folder is left behind: \(leftovers)")
    }

    @Test func streamedFilesAreWrittenAsTheirJobsRenderThem() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let checked = SiteBuilder.check(content: fixture.content, templates: ShopFixture.templates, strict: false)
        let catalog = try #require(SiteBuilder.withPictures(checked, options: buildOptions(fixture)))
        let templates = try #require(checked.templates)
        let streamed = SiteBuilder.outputJobs(catalog: catalog, templates: templates, now: ShopFixture.clock).filter { $0.stream != nil }
        #expect(streamed.map(\.path) == ["feeds/meta-products.xml", "feeds/products.xml"])
        for job in streamed {
            let written = try Data(contentsOf: fixture.output.appendingPathComponent(job.path))
            #expect(written.count > 1000)
            #expect(written == job.render())
        }
    }

    @Test func omittedOutputsAreNotWrittenNorLinked() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let whole = FolderContents.files(in: fixture.output)
        #expect(whole.keys.contains { $0.hasPrefix("api/v1/") } && whole.keys.contains { $0.hasPrefix("feeds/brands/") })
        let site = try String(contentsOf: fixture.content.appendingPathComponent("site.json"), encoding: .utf8)
        try fixture.write(site.replacingOccurrences(of: "\"locale\"", with: "\"omit\": [\"api\", \"brandFeeds\"],\n  \"locale\""), to: "Content/site.json")
        let report = SiteBuilder.build(buildOptions(fixture))
        #expect(report.succeeded, "\(report.diagnostics)")
        let lean = FolderContents.files(in: fixture.output)
        #expect(!lean.keys.contains { $0.hasPrefix("api/") || $0.hasPrefix("feeds/brands/") })
        #expect(report.fileCount == lean.count)
        #expect(lean.keys.contains("feeds/products.xml") && lean.keys.contains("feeds/promotions.xml"))
        let brandPage = try #require(lean["brands/origins/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(!brandPage.contains("feeds/brands/"), "no link to a feed that is not written")
        #expect(lean.count == whole.count - whole.keys.count { $0.hasPrefix("api/") || $0.hasPrefix("feeds/brands/") })
    }

    @Test func warningsFailTheBuildOnlyWhenStrict() throws {
        let fixture = try ShopFixture(changes: ["pages/about.md": "---\ntitle: About\nsubtitle: x\n---\n"])
        defer { fixture.cleanUp() }
        let lenient = SiteBuilder.build(buildOptions(fixture))
        #expect(lenient.succeeded)
        #expect(lenient.diagnostics.warningCount == 1)
        let strict = SiteBuilder.build(buildOptions(fixture, strict: true))
        #expect(!strict.succeeded)
        #expect(strict.diagnostics.errorCount == 1)
    }

    @Test func aSuccessfulBuildReplacesTheOutputAndKeepsItsReadme() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        try fixture.write("# Output\n", to: "Output/README.md")
        try fixture.write("old", to: "Output/products/gone/index.html")
        let report = SiteBuilder.build(buildOptions(fixture))
        #expect(report.succeeded)
        let files = FolderContents.files(in: fixture.output)
        #expect(files["README.md"] == Data("# Output\n".utf8))
        #expect(files["products/gone/index.html"] == nil, "pages of deleted products disappear")
        #expect(files["images/night-serum.png"] == (try Data(contentsOf: fixture.content.appendingPathComponent("images/night-serum.png"))))
        #expect(files["style.css"] != nil)
        #expect(report.pageCount == files.keys.count { $0.hasSuffix(".html") })
    }

    @Test func summaryLineCountsPagesFeedsAndFiles() {
        var report = BuildReport(succeeded: true, diagnostics: [], contentFileCount: 3)
        report.pageCount = 10_304
        report.feedCount = 7
        report.duration = 0.8312
        #expect(report.summary == "Built 10,304 pages, 7 feeds in 0.8 s")
        report.fileCount = 22_416
        #expect(report.summary == "Built 10,304 pages, 7 feeds (22,416 files) in 0.8 s")
    }
}

@Suite struct BuiltSiteTests {
    /// Builds the fixture shop once per test and returns the output files.
    func built() throws -> [String: Data] {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        return FolderContents.files(in: fixture.output)
    }

    @Test func everyPageParsesWithoutErrorsInLibxml2() throws {
        let files = try built()
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count >= 15)
        for (path, data) in pages.sorted(by: { $0.key < $1.key }) {
            let errors = HTMLChecker.errors(in: String(decoding: data, as: UTF8.self))
            #expect(errors.isEmpty, "\(path): \(errors)")
        }
    }

    @Test func theCheckerReallyFindsErrors() {
        #expect(!HTMLChecker.errors(in: "<!DOCTYPE html><html><body><p>x</b><blink>y</blink></body></html>").isEmpty)
    }

    @Test func everyLocalLinkAndAssetResolvesUnderABasePath() throws {
        let files = try built()
        let pattern = try NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        var checked = 0
        for (path, data) in files where path.hasSuffix(".html") && path != "404.html" {
            let html = String(decoding: data, as: UTF8.self)
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let link = String(html[Range(match.range(at: 1), in: html)!])
                if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("#") { continue }
                let base = URL(fileURLWithPath: "/site/" + path)
                var target = URL(fileURLWithPath: link, relativeTo: base.deletingLastPathComponent()).standardizedFileURL.path
                if target == "/site" { target = "/site/" }
                #expect(target.hasPrefix("/site/"), "\(path): \(link) leaves the site")
                target = String(target.dropFirst("/site/".count))
                if link.hasSuffix("/") || link.isEmpty || link == "./" { target += target.isEmpty ? "index.html" : "/index.html" }
                #expect(files[target] != nil, "\(path): \(link) → \(target) does not exist")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func pagesMakeNoExternalRequests() throws {
        let pages = try built().filter { $0.key.hasSuffix(".html") }
        #expect(pages.count >= 15)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("src=\"http"), "\(path) loads a remote resource")
            #expect(!html.contains("rel=\"stylesheet\" href=\"http"), "\(path) loads a remote stylesheet")
        }
    }

    @Test func pagesAreAccessibleLandmarksAndLanguage() throws {
        let pages = try built().filter { $0.key.hasSuffix(".html") }
        #expect(pages.count >= 15)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            #expect(html.contains("<html lang=\"en-US\">"), "\(path)")
            #expect(html.contains("<main id=\"main\""), "\(path)")
            #expect(html.contains("<nav aria-label=\"Main\">"), "\(path)")
            #expect(html.contains("name=\"viewport\""), "\(path)")
            let images = html.components(separatedBy: "<img ").dropFirst()
            #expect(images.allSatisfy { $0.prefix(while: { $0 != ">" }).contains("alt=") }, "\(path): an image has no alt")
        }
    }
}
