import BuildEngine
import CatalogModel
import ContentLoader
import Foundation
import SiteBuilder
import SiteRenderer
import Testing
import VitrineTestSupport

@Suite("Incremental builds")
struct IncrementalBuildTests {
    @discardableResult
    func buildAndCompare(_ shop: SampleShop, clock: Date = SampleShop.clock, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws -> BuildReport
    {
        try shop.buildIncrementallyLikeAFullBuild(clock: clock, sourceLocation: sourceLocation)
    }

    /// The sample shop's page jobs, to tell the renderer's files from other producers'.
    func pageJobs(_ shop: SampleShop, clock: Date = SampleShop.clock) throws -> [OutputJob] {
        let checked = SiteBuilder.check(content: shop.content, templates: shop.templates, strict: false)
        let catalog = try #require(checked.catalog)
        let templates = try #require(checked.templates)
        return SiteBuilder.outputJobs(catalog: catalog, templates: templates, now: clock)
    }

    @Test func firstBuildRendersEverythingThenNothingWhenNothingChanged() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let first = try buildAndCompare(shop)
        #expect(!first.upToDate)
        #expect(first.renderedCount == (try pageJobs(shop)).count)

        let second = try buildAndCompare(shop)
        #expect(second.upToDate)
        #expect(second.renderedCount == 0)
        #expect(second.pageCount == first.pageCount)
    }

    @Test func editingOneProductRendersOnlyItsPageItsBrandsPagesAndWhatListsIt() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        let before = Set(FolderContents.entries(in: shop.output).keys)
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: 29.50")
        let report = try buildAndCompare(shop)

        let rendererJobs = try pageJobs(shop).filter { $0.category == .page }
        let rendererPaths = Set(rendererJobs.map(\.path))
        let pages = report.renderedPaths.filter(rendererPaths.contains)
        // Exactly the pages that show it: its own, its brand's and categories' listings, the
        // promotion naming it, and the product pages listing it among their related products.
        let showing = rendererJobs.filter { $0.dependencies.follows(.product, Slug("ginzing-eye-cream")!) }.map(\.path)
        #expect(pages == showing.sorted())
        #expect(pages.contains("brands/origins/page/2/index.html") && pages.contains("categories/eye-care/index.html"))
        #expect(pages.contains { $0.hasPrefix("products/") && $0 != "products/ginzing-eye-cream/index.html" })
        #expect(!pages.contains("brands/aven/index.html") && !pages.contains("categories/lips/index.html"))
        // Any other producer's file is rendered exactly when it says it depends on the product; a
        // file named by its contents (the search index's, which depend on nothing) exactly when
        // its name is new.
        let otherJobs = try pageJobs(shop).filter { !rendererPaths.contains($0.path) }
        try #require(otherJobs.contains { $0.dependencies.follows(.product, Slug("ginzing-eye-cream")!) })
        try #require(otherJobs.contains { $0.dependencies.isEmpty && !before.contains($0.path) }, "the chunk showing the price")
        for job in otherJobs {
            let touched = job.dependencies.contains(.everything)
                || job.dependencies.follows(.product, Slug("ginzing-eye-cream")!)
                || (job.dependencies.isEmpty && !before.contains(job.path))
            #expect(report.renderedPaths.contains(job.path) == touched, "\(job.path)")
        }
        let page = try String(contentsOf: shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html"), encoding: .utf8)
        #expect(page.contains("29.50"))
    }

    /// A variant's price, a new shade and the site's shipping rates each reach exactly the files
    /// a full build would write.
    @Test func editingVariantsAndShippingMatchesAFullBuild() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        let serum = "Content/products/esta-louder/advanced-night-repair-serum.md"
        try shop.edit(serum, replacing: "    price: 135.00", with: "    price: 129.00")
        let report = try buildAndCompare(shop)
        #expect(report.renderedPaths.contains("products/advanced-night-repair-serum/index.html"))
        #expect(!report.renderedPaths.contains("products/forever-skin-glow-foundation/index.html"))
        try shop.edit(serum, replacing: "  - sku: EST-ANR-100", with: "  - sku: EST-ANR-15\n    size: 15 ml\n    price: 35.00\n  - sku: EST-ANR-100")
        try buildAndCompare(shop)
        let feed = try String(contentsOf: shop.output.appendingPathComponent("feeds/products.xml"), encoding: .utf8)
        #expect(feed.contains("<g:id>EST-ANR-15</g:id>") && feed.contains("<g:price>129.00 USD</g:price>"))
        try shop.edit("Content/site.json", replacing: #""price": "9.90""#, with: #""price": "11.90""#)
        try buildAndCompare(shop)
        let page = try String(contentsOf: shop.output.appendingPathComponent("products/forever-skin-glow-foundation/index.html"), encoding: .utf8)
        #expect(page.contains("$11.90"))
    }

    /// A category added, moved under another parent, renamed and deleted: each time the
    /// incremental output is exactly a full build's.
    @Test func addedMovedAndDeletedCategoriesMatchAFullBuild() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        try shop.write("Content/categories/toners.md", "---\ntitle: Toners\nparent: cleansers-and-toners\n---\nA splash.")
        try shop.edit(
            "Content/products/fresh-skin/rose-deep-hydration-toner.md", replacing: "categories: [cleansers-and-toners]",
            with: "categories: [toners]")
        var report = try buildAndCompare(shop)
        #expect(report.renderedPaths.contains("categories/toners/index.html"))
        #expect(report.renderedPaths.contains("categories/index.html"))
        try shop.edit("Content/categories/toners.md", replacing: "parent: cleansers-and-toners", with: "parent: makeup")
        report = try buildAndCompare(shop)
        let product = try String(
            contentsOf: shop.output.appendingPathComponent("products/rose-deep-hydration-toner/index.html"), encoding: .utf8)
        #expect(product.contains(#"<li><a href="../../categories/makeup/">Make-up</a></li>"#), "the trail follows the move")
        try shop.edit("Content/categories/serums.md", replacing: "title: \"Serums\"", with: "title: \"Face serums\"")
        try buildAndCompare(shop)
        try shop.edit(
            "Content/products/fresh-skin/rose-deep-hydration-toner.md", replacing: "categories: [toners]", with: "categories: []")
        try shop.delete("Content/categories/toners.md")
        report = try buildAndCompare(shop)
        #expect(!FileManager.default.fileExists(atPath: shop.output.appendingPathComponent("categories/toners").path))
        #expect(!FileManager.default.fileExists(atPath: shop.output.appendingPathComponent("feeds/categories/toners.xml").path))
    }

    @Test func renamingAProductRendersTheListsAndOnlyTheProductPagesItCouldBeRelatedOn() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        try shop.edit(
            "Content/products/origins/ginzing-eye-cream.md", replacing: "name: \"Ginzing Energy-Boosting Eye Cream\"",
            with: "name: \"Awake Eye Cream\"")
        let report = try buildAndCompare(shop)
        #expect(report.renderedPaths.contains("index.html"))  // the product count sits beside the list order
        #expect(!report.renderedPaths.contains("about/index.html"))
        // A product page's related products are chosen among those sharing its brand, a category
        // or a tag: exactly those pages may show the renamed product in another place.
        let renamed = try #require(SampleShop.catalog.productBySlug[Slug("ginzing-eye-cream")!])
        let sharing = Set(SampleShop.catalog.products.filter { !Set($0.relatedGroups).isDisjoint(with: renamed.relatedGroups) }
            .map { "products/\($0.slug.rawValue)/index.html" })
        let productPages = Set(report.renderedPaths.filter { $0.hasPrefix("products/") && $0.hasSuffix("/index.html") })
        #expect(productPages == sharing, "\(productPages.symmetricDifference(sharing))")
        #expect(sharing.count < SampleShop.catalog.products.count)
        #expect(!productPages.contains("products/genifique-youth-serum/index.html"))
    }

    @Test func addedAndDeletedProductsMatchAFullBuild() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        try shop.write("Content/products/origins/new-day-cream.md", """
            ---
            sku: ORG-NEW-1
            name: "New Day Cream"
            brand: origins
            price: 12.00
            ---
            A new cream.
            """)
        // One no review names: deleting a reviewed product is an error in the reviews that name it.
        try shop.delete("Content/products/origins/checks-and-balances-face-wash.md")
        let before = Set(FolderContents.entries(in: shop.output).keys)
        let report = try buildAndCompare(shop)
        #expect(report.removedCount >= 1)
        // The summary's removed files are exactly those gone from the folder (its folders aside).
        let gone = before.subtracting(FolderContents.entries(in: shop.output).keys).filter { !$0.hasSuffix("/") }
        #expect(report.removedPaths == gone.sorted())
        #expect(FileManager.default.fileExists(atPath: shop.output.appendingPathComponent("products/new-day-cream/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: shop.output.appendingPathComponent("products/checks-and-balances-face-wash").path))
        // A brand's product count shows on every page of its products, so those are rendered too.
        #expect(report.renderedPaths.contains("products/ginzing-eye-cream/index.html"))
        #expect(report.renderedPaths.contains("brands/origins/index.html"))
        #expect(!report.renderedPaths.contains("about/index.html"))
    }

    @Test func movingAProductToAnotherBrandRendersBothBrands() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "brand: origins", with: "brand: aven")
        let report = try buildAndCompare(shop)
        #expect(report.renderedPaths.contains("brands/origins/index.html"))
        #expect(report.renderedPaths.contains("brands/aven/index.html"))
        #expect(!FileManager.default.fileExists(atPath: shop.output.appendingPathComponent("brands/origins/page/2").path))
    }

    @Test func aTemplateChangeRendersThePagesThatUseIt() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        let card = try String(contentsOf: shop.templates.appendingPathComponent("partials/product-card.mustache"), encoding: .utf8)
        try shop.write("Templates/partials/product-card.mustache", card + "<!-- card -->\n")
        let report = try buildAndCompare(shop)
        let jobs = try pageJobs(shop)
        let users = Set(jobs.filter { $0.dependencies.contains(.template("partials/product-card")) }.map(\.path))
        #expect(Set(report.renderedPaths) == users.union(jobs.filter { $0.dependencies.contains(.everything) }.map(\.path)))
        #expect(report.renderedPaths.contains("brands/origins/index.html"))
        // Product pages show related products as cards too; free pages show none.
        #expect(report.renderedPaths.contains("products/ginzing-eye-cream/index.html"))
        #expect(!report.renderedPaths.contains("about/index.html"))
    }

    @Test func aClockCrossingAPromotionBoundaryRendersWhatShowsItsStatus() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        // An hour later no promotion changes status: only what prints the time itself (feeds) is
        // rendered again, no page.
        let hourLater = try buildAndCompare(shop, clock: SampleShop.clock.addingTimeInterval(3600))
        let clockJobs = Set(try pageJobs(shop).filter {
            $0.dependencies.contains(.clock) || $0.dependencies.contains(.everything)
        }.map(\.path))
        #expect(Set(hourLater.renderedPaths) == clockJobs)
        #expect(!hourLater.renderedPaths.contains { $0.hasSuffix(".html") })
        // On 2026-12-27 the X'mas promotion has ended.
        let after = try buildAndCompare(shop, clock: Date(timeIntervalSince1970: 1_798_329_600))
        #expect(after.renderedPaths.contains("promotions/index.html"))
        #expect(after.renderedPaths.contains("products/ginzing-eye-cream/index.html"))
        #expect(!after.renderedPaths.contains("brands/index.html"))
        // A new year changes every footer.
        let nextYear = try buildAndCompare(shop, clock: Date(timeIntervalSince1970: 1_798_848_000))
        #expect(nextYear.renderedCount == (try pageJobs(shop, clock: Date(timeIntervalSince1970: 1_798_848_000))).count)
    }

    @Test func siteSettingsImagesAndStaticFilesMatchAFullBuild() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        try shop.edit("Content/site.json", replacing: "\"productsPerPage\": 6", with: "\"productsPerPage\": 4")
        let siteChange = try buildAndCompare(shop)
        #expect(siteChange.renderedCount == (try pageJobs(shop)).count)

        try shop.write("Content/images/extra/new.txt", "new picture")
        try shop.delete("Content/images/brands/aven.png")
        try shop.edit("Content/brands/aven.md", replacing: "logo: images/brands/aven.png\n", with: "")
        try shop.write("Templates/static/style.css", "body { color: red; }\n")
        try buildAndCompare(shop)
        let css = try String(contentsOf: shop.output.appendingPathComponent("style.css"), encoding: .utf8)
        #expect(css == "body { color: red; }\n")
    }

    /// A theme's static file at the path of a rendered file replaces it in a full build; a small
    /// change that renders that file again must not put the rendered one back.
    @Test func aStaticFileAtARenderedFilesPathStaysAfterAChangeThatRendersThatFile() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.write("Templates/static/feeds/products.xml", "the theme's own feed\n")
        try buildAndCompare(shop)
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: 33.00")
        let change = try buildAndCompare(shop)
        #expect(change.renderedCount < 100, "patched, not rebuilt")
        let feed = try String(contentsOf: shop.output.appendingPathComponent("feeds/products.xml"), encoding: .utf8)
        #expect(feed == "the theme's own feed\n")
    }

    @Test func aBrokenEditLeavesTheOutputAndTheRecordAsTheyWere() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        let before = FolderContents.entries(in: shop.output)
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "brand: origins", with: "brand: orgins")
        let broken = SiteBuilder.buildIncrementally(shop.options())
        #expect(!broken.succeeded)
        #expect(broken.diagnostics.contains { $0.message.contains("orgins") })
        #expect(FolderContents.entries(in: shop.output) == before)
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "brand: orgins", with: "brand: origins")
        let fixed = try buildAndCompare(shop)
        #expect(fixed.upToDate)
    }

    @Test func aPatchThatFailsWhileWritingDropsTheRecordAndTheNextBuildRepairsAll() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: ", with: "price: 1")
        // A folder where the changed page goes: its file cannot be renamed over it.
        let page = shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createDirectory(at: page.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
        let failed = SiteBuilder.buildIncrementally(shop.options())
        #expect(!failed.succeeded)
        #expect(failed.diagnostics.contains { $0.message.hasSuffix("the next build writes everything again") }, "\(failed.diagnostics)")
        #expect(BuildCache.load(forOutput: shop.output) == nil)
        try FileManager.default.removeItem(at: page)
        let repaired = try buildAndCompare(shop)
        #expect(repaired.reusedCount == 0)
    }

    @Test func aFileMissingFromTheOutputIsWrittenAgain() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        try FileManager.default.removeItem(at: shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html"))
        let report = try buildAndCompare(shop)
        #expect(report.renderedPaths == ["products/ginzing-eye-cream/index.html"])
    }

    @Test func aFullBuildInBetweenMakesTheNextIncrementalBuildStartOver() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try buildAndCompare(shop)
        #expect(FileManager.default.fileExists(atPath: BuildCache.location(forOutput: shop.output).path))
        #expect(SiteBuilder.build(shop.options()).succeeded)
        #expect(!FileManager.default.fileExists(atPath: BuildCache.location(forOutput: shop.output).path))
        let report = try buildAndCompare(shop)
        #expect(!report.upToDate)
        #expect(report.reusedCount == 0)
    }

    @Test func buildingInPlaceMatchesAFullBuild() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let builder = BuildPipeline(options: shop.options(), keepsParsedContent: true)
        #expect(builder.build(writing: .staged).succeeded)
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: 31.00")
        try shop.write("Content/products/aven/aven-new.md", "---\nsku: AV-NEW\nname: \"Aven New\"\nbrand: aven\nprice: 3.00\n---\n")
        try shop.delete("Content/products/origins/checks-and-balances-face-wash.md")
        let report = builder.build(writing: .inPlace)
        #expect(report.succeeded)
        #expect(report.renderedPaths.contains("products/aven-new/index.html"))
        #expect(FolderContents.differences(try shop.fullBuild(), FolderContents.entries(in: shop.output)) == [])
    }
}

@Suite("The incremental build record")
struct BuildCacheTests {
    @Test func theRecordReadsBackAsWritten() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let report = SiteBuilder.buildIncrementally(shop.options())
        #expect(report.succeeded)
        let text = try String(contentsOf: BuildCache.location(forOutput: shop.output), encoding: .utf8)
        let state = try #require(BuildCache.load(forOutput: shop.output))
        #expect(state.outputs.count == report.fileCount - state.copies.count)
        #expect(state.records.count == 7 + 43 + 4 + 4 + 13, "brands, products, promotions, pages and categories")
        // Writing what was read gives the same lines (dependency numbering aside).
        try BuildCache.save(state, forOutput: shop.output)
        let again = try String(contentsOf: BuildCache.location(forOutput: shop.output), encoding: .utf8)
        let withoutNumbers = { (text: String) in
            Set(text.split(separator: "\n").filter { !$0.hasPrefix("d\t") && !$0.hasPrefix("o\t") })
        }
        #expect(withoutNumbers(text) == withoutNumbers(again))
        let reread = try #require(BuildCache.load(forOutput: shop.output))
        #expect(reread.outputs.sets == state.outputs.sets)
        #expect(reread.inputs == state.inputs)
        #expect(reread.records == state.records)
    }

    @Test func aRecordOfAnOutputFolderChangedAtItsTopIsIgnored() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        #expect(SiteBuilder.buildIncrementally(shop.options()).succeeded)
        // Someone else's file at the top of the folder: the record no longer describes it.
        try Data("stray".utf8).write(to: shop.output.appendingPathComponent("stray.html"))
        #expect(BuildCache.load(forOutput: shop.output) == nil)
        let report = SiteBuilder.buildIncrementally(shop.options())
        #expect(report.succeeded)
        #expect(report.reusedCount == 0)
        #expect(!FileManager.default.fileExists(atPath: shop.output.appendingPathComponent("stray.html").path))
    }

    @Test func aRecordOfAFolderRestoredWithItsTimesIsTrusted() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        #expect(SiteBuilder.buildIncrementally(shop.options()).succeeded)
        // What a CI cache step does: the folder comes back as new files with the old times.
        let saved = shop.folder.appendingPathComponent("Saved")
        try FileManager.default.moveItem(at: shop.output, to: saved)
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-a", saved.path, shop.output.path]
        try copy.run()
        copy.waitUntilExit()
        #expect(copy.terminationStatus == 0)
        #expect(BuildCache.load(forOutput: shop.output) != nil)
        let report = SiteBuilder.buildIncrementally(shop.options())
        #expect(report.succeeded)
        #expect(report.upToDate)
    }

    @Test func aScanCanBeUpdatedFromTheChangedPathsAlone() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = InputScan(content: shop.content, templates: shop.templates)
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: 31.00")
        try shop.delete("Content/pages/terms.md")
        try shop.write("Content/pages/faq.md", "---\ntitle: FAQ\n---\n")
        try shop.write("Content/pages/.faq.md.swp", "editor state")
        let paths = Set(["products/origins/ginzing-eye-cream.md", "pages/terms.md", "pages/faq.md", "pages/.faq.md.swp"]
            .map { shop.content.standardizedFileURL.path + "/" + $0 })
        let updated = before.updating(paths, content: shop.content, templates: shop.templates)
        #expect(updated == InputScan(content: shop.content, templates: shop.templates))
        #expect(updated.differences(from: before) == [
            "content/products/origins/ginzing-eye-cream.md", "content/pages/terms.md", "content/pages/faq.md",
        ])
    }

    /// `rendered 212,017, reused -8` at 100,000 products: the search index names two files with
    /// equal bytes alike, and such a path was one file but rendered twice. One brand and one
    /// product in stock make two (the brand and availability columns are both one zero byte).
    @Test func theSummarysCountsAddUpToTheFilesWrittenInEveryKindOfBuild() throws {
        let fixture = try ShopFixture(changes: [
            "brands/aven.json": nil, "products/aven-mist.json": nil, "promotions/spring.md": nil,
            "products/origins/day-cream.md": nil, "products/origins/eye-balm.md": nil,
        ])
        defer { fixture.cleanUp() }
        let serum = "products/origins/night-serum.md"
        func setPrice(_ price: String) throws {
            try fixture.write(ShopFixture.files[serum]!.replacingOccurrences(of: "price: 32.00", with: "price: \(price)"), to: "Content/" + serum)
        }
        func expectAddsUp(_ report: BuildReport, _ build: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            #expect(report.succeeded, "\(build): \(report.diagnostics)", sourceLocation: sourceLocation)
            #expect(report.fileCount == FolderContents.files(in: fixture.output).count, "\(build)", sourceLocation: sourceLocation)
            #expect(
                report.renderedCount + report.copiedCount + report.reusedCount == report.fileCount && report.reusedCount >= 0,
                "\(build): \(report.summary)", sourceLocation: sourceLocation)
            #expect(Set(report.renderedPaths).count == report.renderedCount, "\(build): each file once", sourceLocation: sourceLocation)
        }
        let full = SiteBuilder.build(buildOptions(fixture))
        #expect(full.succeeded && full.fileCount == FolderContents.files(in: fixture.output).count)

        // No record beside a full build's output: everything is rendered or copied.
        let first = SiteBuilder.buildIncrementally(buildOptions(fixture))
        expectAddsUp(first, "first incremental")
        #expect(first.reusedCount == 0 && first.copiedCount > 0)
        try setPrice("30.00")
        let edited = SiteBuilder.buildIncrementally(buildOptions(fixture))
        expectAddsUp(edited, "after an edit")
        #expect(edited.reusedCount > 0 && edited.renderedPaths.contains("products/night-serum/index.html"))
        expectAddsUp(SiteBuilder.buildIncrementally(buildOptions(fixture)), "up to date")

        // The preview's builds, in place, and its quick path between them.
        let preview = BuildPipeline(options: buildOptions(fixture), keepsParsedContent: true)
        expectAddsUp(preview.build(writing: .inPlace), "in place")
        try setPrice("28.00")
        let quick = try #require(preview.quickUpdate(changedInputs: [InputScan.contentPrefix + serum]))
        #expect(!quick.renderedPaths.isEmpty && Set(quick.renderedPaths).count == quick.renderedPaths.count)
        expectAddsUp(preview.build(writing: .inPlace), "in place after a quick update")

        // A shard's files (its manifest apart).
        var options = buildOptions(fixture, output: fixture.root.appendingPathComponent("part-1"))
        options.shard = BuildShard(index: 1, count: 1)
        let shard = SiteBuilder.build(options)
        #expect(shard.succeeded)
        #expect(shard.fileCount == FolderContents.files(in: options.outputFolder).count - 1)
    }
}
