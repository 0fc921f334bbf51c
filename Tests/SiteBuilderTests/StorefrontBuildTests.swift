import BuildEngine
import CatalogModel
import Foundation
@testable import SiteBuilder
import Testing
import VitrineTestSupport

/// A shop with markets is built as one site per storefront: the root at the top, each other under
/// its folder, every one with its pages, search index, API, feeds and sitemap, in its language
/// and its market's currency, sharing the theme's files and the pictures at the top.
@Suite struct StorefrontBuildTests {
    static let site = """
        {"title": "Test & Shop", "baseURL": "https://example.com/shop/", "currency": "USD", "checkoutURL": "https://checkout.example.com/",
         "languages": ["en", "ko", "ar"],
         "markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en"]},
                     {"id": "kr", "countries": ["KR"], "currency": "KRW", "languages": ["ko", "en"], "rounding": "100"},
                     {"id": "ae", "countries": ["AE"], "currency": "AED", "languages": ["ar"]}],
         "exchangeRates": {"KRW": "1385"}}
        """

    func built() throws -> (ShopFixture, [String: Data]) {
        let fixture = try ShopFixture(changes: [
            "site.json": Self.site,
            "products/origins/night-serum.ko.md": "---\nname: 나이트 세럼\nslug: naiteu-serum\n---\n밤을 위한 **세럼**.\n",
            "products/aven-mist.md": nil,
            "products/aven-mist.json": #"{"sku": "AVN-MIST", "name": "Thermal Mist", "brand": "aven", "price": 12.9, "prices": {"AED": 47}}"#,
        ])
        let report = SiteBuilder.build(buildOptions(fixture))
        #expect(report.succeeded, "\(report.diagnostics)")
        return (fixture, FolderContents.files(in: fixture.output))
    }

    func text(_ files: [String: Data], _ path: String) throws -> String {
        String(decoding: try #require(files[path], "\(path) is written"), as: UTF8.self)
    }

    /// `href` resolved against the page's folder, as a browser resolves a relative link.
    func resolve(_ href: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for segment in href.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            if segment == ".." { parts.removeLast() } else if segment != "." { parts.append(segment) }
        }
        return parts.joined(separator: "/")
    }

    @Test func eachStorefrontHasItsPagesInItsLanguageAndCurrency() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let korean = try text(files, "ko-kr/products/naiteu-serum/index.html")
        #expect(korean.contains(#"<html lang="ko-KR">"#))
        #expect(korean.contains("<title>나이트 세럼 · Test &amp; Shop</title>"))
        #expect(korean.contains("<strong>세럼</strong>"))
        // 32.00 × 1385 = 44,320 → 44,300 at 100 won.
        #expect(korean.contains("₩44,300"), "the Korean market's price")
        #expect(korean.contains(#"<link rel="canonical" href="https://example.com/shop/ko-kr/products/naiteu-serum/">"#))
        let english = try text(files, "en-kr/products/night-serum/index.html")
        #expect(english.contains("Night Serum") && english.contains("₩44,300"), "English texts, Korean prices")
        let arabic = try text(files, "ar-ae/index.html")
        #expect(arabic.contains(#"<html lang="ar-AE" dir="rtl">"#))
        #expect(files["products/night-serum/index.html"] != nil, "the root storefront keeps today's paths")
        #expect(files["ko-kr/products/night-serum/index.html"] == nil, "the Korean page is at its Korean slug only")
    }

    @Test func aProductTheMarketCannotPriceIsLeftOutOfItsStorefront() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        // AED has no rate: only the mist lists an AED price.
        #expect(files["ar-ae/products/aven-mist/index.html"] != nil)
        #expect(files["ar-ae/products/night-serum/index.html"] == nil)
        #expect(try text(files, "ar-ae/products/aven-mist/index.html").contains("47"))
    }

    @Test func sharedFilesAreLinkedAtTheTopOfTheSite() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let page = "ko-kr/products/naiteu-serum/index.html"
        let html = try text(files, page)
        for match in html.matches(of: /(?:href|src)="([^"#:]+\.(?:css|js|svg|png|jpg))"/) {
            let target = resolve(String(match.1), from: page)
            #expect(files[target] != nil, "\(match.1) from \(page) is \(target), which the build wrote")
        }
        #expect(html.contains(#"data-root="../../" data-asset-root="../../../" data-storefront="ko-kr""#))
        #expect(files["ko-kr/style.css"] == nil && files["ko-kr/bag.js"] == nil, "the theme's files are not copied per storefront")
    }

    /// Absolute links to pictures (the share image, JSON-LD, the API's documents, the shop's logo)
    /// lead to the site's one copy at the top, not into the storefront's folder, which has none.
    @Test func absolutePictureURLsLeadToTheSharedFiles() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let urls = try ["ko-kr/products/naiteu-serum/index.html", "ko-kr/index.html", "ko-kr/api/v1/products/naiteu-serum.json",
                        "ko-kr/api/v1/brands.json"].flatMap { path in
            try text(files, path).matches(of: /https:\/\/example\.com\/shop\/([^"]+\.(?:png|jpg|svg|webp|avif))/).map { String($0.1) }
        }
        #expect(urls.contains { $0.hasPrefix("pictures/") || $0.hasPrefix("images/") }, "\(urls)")
        #expect(urls.contains("favicon.svg"), "the home page's Organization logo")
        for url in urls {
            #expect(!url.hasPrefix("ko-kr/"), "\(url) is under the storefront's folder")
            #expect(files[url] != nil, "\(url) is a file of the build")
        }
    }

    @Test func eachStorefrontHasItsSearchAPIFeedsAndSitemap() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        #expect(files["ko-kr/search/manifest.json"] != nil)
        #expect(files["ko-kr/api/v1/site.json"] != nil)
        let feed = try text(files, "ko-kr/feeds/products.xml")
        #expect(feed.contains("44300 KRW") || feed.contains("44300.00 KRW") || feed.contains("44,300 KRW"), "\(feed.prefix(2000))")
        #expect(feed.contains("https://example.com/shop/ko-kr/products/naiteu-serum/"))
        let sitemap = try text(files, "ko-kr/sitemap.xml")
        #expect(sitemap.contains("https://example.com/shop/ko-kr/products/naiteu-serum/"))
        let robots = try text(files, "robots.txt")
        for folder in ["", "ko-kr/", "en-kr/", "ar-ae/"] {
            #expect(robots.contains("Sitemap: https://example.com/shop/\(folder)sitemap.xml"), "\(folder)")
        }
        #expect(files["ko-kr/robots.txt"] == nil)
    }

    @Test func twoBuildsOfAShopWithMarketsAreByteIdentical() throws {
        let (fixture, first) = try built()
        defer { fixture.cleanUp() }
        let second = fixture.root.appendingPathComponent("Second")
        #expect(SiteBuilder.build(buildOptions(fixture, output: second)).succeeded)
        #expect(FolderContents.files(in: second) == first)
    }

    /// A build writes one storefront after another and forgets each one's pages once they are
    /// written, so the plan must hold each storefront's files as one run, the search indexes
    /// (made already, their bytes held until written) before all.
    @Test func eachStorefrontsFilesAreOneRunOfThePlan() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let checked = SiteBuilder.check(content: fixture.content, templates: ShopFixture.templates, strict: false)
        let catalog = try #require(checked.catalog)
        let jobs = SiteBuilder.outputJobs(catalog: catalog, templates: try #require(checked.templates), now: ShopFixture.clock)
        let runs = SiteBuilder.storefrontRuns(of: jobs, site: catalog.site)
        #expect(runs.map(\.count).reduce(0, +) == jobs.count)
        let folders = runs.map { run in Set(jobs[run].map { $0.path.split(separator: "/").first.map(String.init) ?? "" }) }
        #expect(folders.count == 7)
        // The other storefronts' search indexes first, then the root, then each other storefront.
        #expect(runs.prefix(3).allSatisfy { jobs[$0].allSatisfy { $0.kind.hasPrefix("search-") } })
        #expect(folders.prefix(3).map { $0.first } == ["ko-kr", "en-kr", "ar-ae"])
        #expect(folders[3].isDisjoint(with: ["ko-kr", "en-kr", "ar-ae"]))
        #expect(folders.suffix(3).map { $0.count } == [1, 1, 1])
        #expect(folders.suffix(3).map { $0.first } == ["ko-kr", "en-kr", "ar-ae"])
        #expect(files.keys.contains("ar-ae/index.html"))
    }

    /// Every `<time>` a storefront's promotion pages print is the day of its `datetime` as the
    /// storefront's locale writes it; the root, English, by CLDR's en_US.
    @Test func promotionDaysAreWrittenInEachStorefrontsLocale() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let time = try NSRegularExpression(pattern: #"<time datetime="(\d{4})-(\d{2})-(\d{2})">([^<]*)</time>"#)
        var checked = 0
        for (path, data) in files where path.hasSuffix(".html") && path.contains("promotions/") {
            let page = String(decoding: data, as: UTF8.self)
            for match in time.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
                let part = { (index: Int) in String(page[Range(match.range(at: index), in: page)!]) }
                let (year, month, day, shown) = (Int(part(1))!, Int(part(2))!, Int(part(3))!, part(4))
                if path.hasPrefix("ko-kr/") {
                    #expect(shown == "\(year)년 \(month)월 \(day)일", "\(path)")
                } else if path.hasPrefix("ar-ae/") {
                    #expect(!shown.contains(where: \.isASCII) || shown.contains(" "), "\(path): \(shown)")
                    #expect(!shown.contains("January") && !shown.contains("December"), "\(path): \(shown)")
                } else if !path.hasPrefix("en-kr/") {
                    let names = [
                        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                        "November", "December",
                    ]
                    #expect(shown == "\(names[month - 1]) \(day), \(year)", "\(path)")
                }
                checked += 1
            }
        }
        #expect(checked > 10)
    }

    @Test func forgettingAJobsRenderingKeepsWhatTheRecordNeeds() {
        var job = OutputJob(path: "a/index.html", category: .page, kind: "page", dependencies: [.site]) { Data("a".utf8) }
        job.forgetRendering()
        #expect(job.path == "a/index.html")
        #expect(job.category == .page)
        #expect(job.dependencies == [.site])
        #expect(job.stream == nil)
    }

    /// Every page of every storefront names its versions in the others, itself included, with
    /// `x-default` for the root's; each version names it back.
    @Test func hreflangLinksAreReciprocalOnEveryPage() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let base = "https://example.com/shop/"
        var pages: [String: [(String, String)]] = [:]
        for (path, data) in files where path.hasSuffix("index.html") {
            let html = String(decoding: data, as: UTF8.self)
            guard !html.contains(#"<meta name="robots" content="noindex">"#) else { continue }
            let url = base + String(path.dropLast("index.html".count))
            pages[url] = html.matches(of: /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/).map { (String($0.1), String($0.2)) }
        }
        let korean = try #require(pages[base + "ko-kr/products/naiteu-serum/"])
        #expect(korean.contains { $0 == ("en-US", base + "products/night-serum/") })
        #expect(korean.contains { $0 == ("en-KR", base + "en-kr/products/night-serum/") })
        #expect(korean.contains { $0 == ("x-default", base + "products/night-serum/") })
        #expect(!korean.contains { $0.0 == "ar-AE" }, "the Emirates do not sell the serum")
        var checked = 0
        for (url, links) in pages where !links.isEmpty {
            #expect(links.contains { $0.1 == url && $0.0 != "x-default" }, "\(url) names itself")
            #expect(links.filter { $0.0 == "x-default" }.count == 1, "\(url)")
            for (language, target) in links where language != "x-default" {
                let back = try #require(pages[target], "\(url) links \(target), which is not a page")
                #expect(back.contains { $0.1 == url }, "\(target) names \(url) back")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func theSitemapAndTheSwitcherNameTheOtherStorefronts() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let sitemap = try text(files, "ko-kr/sitemap.xml")
        #expect(sitemap.contains(#"xmlns:xhtml="http://www.w3.org/1999/xhtml""#))
        #expect(sitemap.contains(#"<xhtml:link rel="alternate" hreflang="en-US" href="https://example.com/shop/products/night-serum/"/>"#))
        let page = try text(files, "ko-kr/products/naiteu-serum/index.html")
        #expect(page.contains(#"<nav class="storefronts" aria-label="언어 및 지역">"#))
        #expect(page.contains(#"href="https://example.com/shop/ko-kr/products/naiteu-serum/" hreflang="ko-KR" lang="ko" aria-current="page">한국어 · 대한민국 (KRW)</a>"#))
        #expect(page.contains(#"hreflang="en-US" lang="en">English · United States (USD)</a>"#))
    }

    /// A text shown in the default language for want of a translation says so (`lang`), so a
    /// screen reader reads it as English on a Korean page; translated texts and the English
    /// storefronts carry no such mark.
    @Test func fallbackTextIsMarkedWithItsLanguage() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let untranslated = try text(files, "ko-kr/products/day-cream/index.html")
        #expect(untranslated.contains(#"<h1 lang="en">Day Cream</h1>"#))
        #expect(untranslated.contains(#"<div class="prose product-detail" lang="en">"#))
        let translated = try text(files, "ko-kr/products/naiteu-serum/index.html")
        #expect(translated.contains("<h1>나이트 세럼</h1>") && translated.contains(#"<div class="prose product-detail">"#))
        let brand = try text(files, "ko-kr/brands/origins/index.html")
        #expect(brand.contains(#"<span class="card-title" lang="en">Day Cream</span>"#))
        #expect(brand.contains(#"<span class="card-title">나이트 세럼</span>"#))
        #expect(!(try text(files, "en-kr/products/day-cream/index.html")).contains(#"lang="en">Day Cream"#))
        #expect(try text(files, "products/day-cream/index.html").contains("<h1>Day Cream</h1>"))
    }

    /// order.js adds the storefront to the review links it shows, so the checkout service's review
    /// form is in the storefront's language.
    @Test func aStorefrontsSuccessPageNamesItsStorefrontForTheReviewLinks() throws {
        let (fixture, files) = try built()
        defer { fixture.cleanUp() }
        let orderPage = { (path: String) throws -> Substring? in
            try text(files, path).split(separator: "\n").first { $0.contains("data-order-page") }
        }
        #expect(try orderPage("ko-kr/checkout/success/index.html")?.contains(#"data-storefront="ko-kr""#) == true)
        #expect(try orderPage("checkout/success/index.html")?.contains("data-storefront") == false)
    }

    /// A translated option name labels the storefront's variant picker.
    @Test func translatedOptionNamesLabelThePicker() throws {
        let fixture = try ShopFixture(changes: [
            "site.json": Self.site,
            "products/tint.md": "---\nsku: TINT\nname: Tint\nbrand: origins\nprice: 20.00\noptions: [shade]\nvariants:\n  - sku: TINT-1\n    shade: Rose\n  - sku: TINT-2\n    shade: Coral\n---\nA tint.\n",
            "products/tint.ko.md": "---\nname: 틴트\noptions: {shade: 색상}\nvalues: {Rose: 로즈}\n---\n",
        ])
        defer { fixture.cleanUp() }
        #expect(SiteBuilder.build(buildOptions(fixture)).succeeded)
        let files = FolderContents.files(in: fixture.output)
        let korean = try text(files, "ko-kr/products/tint/index.html")
        #expect(korean.contains(">색상</label>"), "the picker's label")
        #expect(korean.contains(">로즈</option>") && korean.contains(">Coral</option>"))
        #expect(try text(files, "products/tint/index.html").contains(">Shade</label>"))
    }
}
