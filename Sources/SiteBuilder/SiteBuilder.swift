public import BuildEngine
import CatalogAPI
public import CatalogModel
public import ContentLoader
import DefaultTheme
import FeedWriter
import ImageDerivatives
public import Foundation
import Parallel
import SearchIndexer
public import SiteRenderer

/// Validate, render, write, swap: the whole `vitrine build`.
public enum SiteBuilder {
    public struct CheckResult: Sendable {
        public var catalog: Catalog?
        public var templates: TemplateLibrary?
        public var diagnostics: [Diagnostic]
        public var contentFileCount: Int
        public var imageFiles: [String]
        public var succeeded: Bool { catalog != nil && templates != nil && diagnostics.errorCount == 0 }
    }

    /// Loads and validates content and templates without writing anything (`vitrine check`).
    /// With a memo (kept by the preview server), files unchanged since the last check are not parsed again.
    /// `templates` holds the shop's overrides of the built-in theme; it need not exist.
    /// `now`: a review dated after it is an error; nil checks no date against a clock.
    public static func check(content: URL, templates: URL?, strict: Bool, memo: DecodeMemo? = nil, now: Date? = nil) -> CheckResult {
        var loader = ContentLoader(contentFolder: content)
        loader.now = now
        let loaded = loader.load(memo: memo)
        var diagnostics = loaded.diagnostics
        var library: TemplateLibrary?
        if let templates {
            let result = TemplateLibrary.load(from: theme(overrides: templates))
            library = result.library
            diagnostics += result.diagnostics
        }
        if strict { diagnostics = diagnostics.promotingWarnings() }
        let ok = diagnostics.errorCount == 0
        return CheckResult(
            catalog: ok ? loaded.catalog : nil, templates: ok ? library : nil, diagnostics: diagnostics,
            contentFileCount: loaded.fileCount, imageFiles: loaded.imageFiles)
    }

    /// `vitrine check`'s look at the theme: names its templates use that no page of their kind
    /// provides, once per name and template.
    public static func checkTemplateNames(_ checked: CheckResult, templates folder: URL, strict: Bool, now: Date = Date()) -> [Diagnostic] {
        guard let catalog = checked.catalog, let library = checked.templates else { return [] }
        let source = theme(overrides: folder)
        let display = source.folder.standardizedFileURL.lastPathComponent
        let diagnostics = TemplateNameCheck.diagnostics(catalog: catalog, templates: library, now: now) { name in
            let relative = name + ".mustache"
            let own = FileManager.default.fileExists(atPath: source.folder.appendingPathComponent(relative).path)
            return (own ? display : source.baseDisplay) + "/" + relative
        }
        return strict ? diagnostics.promotingWarnings() : diagnostics
    }

    /// `vitrine check --messages ko`: the messages each language's string table lacks, relative to
    /// English, one warning each; a language with no table is missing them all, at the folder's
    /// `i18n/<language>.json`.
    public static func checkMessages(_ checked: CheckResult, languages: [String], templates folder: URL) -> [Diagnostic] {
        guard let library = checked.templates else { return [] }
        let display = folder.standardizedFileURL.lastPathComponent
        return languages.flatMap { language in
            library.missingMessageDiagnostics(language: language, absentPath: "\(display)/i18n/\(language).json")
        }
    }

    /// The built-in theme with the files of `folder` in place of its own.
    public static func theme(overrides folder: URL) -> ThemeSource {
        ThemeSource(base: DefaultTheme.files, baseDisplay: DefaultTheme.displayFolder, overrides: folder)
    }

    /// `vitrine build`: the incremental pipeline with no previous state, so everything is rendered
    /// into a staging folder that is swapped in at the end.
    public static func build(_ options: BuildOptions) -> BuildReport {
        let report = BuildPipeline(options: options, keepsRecord: false).build(writing: .staged)
        // An incremental build's record of this folder no longer describes it.
        if report.succeeded { BuildCache.discard(forOutput: options.outputFolder) }
        return report
    }

    /// `vitrine build --archive`: a full build written as one tar file at the options' output
    /// path, in place of the file there only when everything succeeded.
    public static func buildArchive(_ options: BuildOptions) -> BuildReport {
        BuildPipeline(options: options, keepsRecord: false).build(writing: .archive)
    }

    /// `vitrine check`'s look at the pictures: their headers only, never decoded (a truncated
    /// photo is found by the build that decodes it).
    public static func checkPictures(_ checked: CheckResult, content: URL) -> [Diagnostic] {
        guard let catalog = checked.catalog else { return [] }
        let listed = Set(checked.imageFiles)
        return PictureDerivation.inspect(
            uses: catalog.imageUses.filter { listed.contains($0.key) }, contentFolder: content, settings: catalog.site.images)
    }

    /// A checked catalog with the pictures a build of `options` derives (from its cache when they
    /// are there): the catalog as the build renders it; nil when a picture is refused.
    public static func withPictures(_ checked: CheckResult, options: BuildOptions) -> Catalog? {
        guard var catalog = checked.catalog else { return nil }
        let outcome = BuildPipeline(options: options, keepsRecord: false).derivePictures(for: catalog, imageFiles: checked.imageFiles)
        guard outcome.diagnostics.isEmpty else { return nil }
        catalog.pictures = outcome.pictures
        return catalog
    }

    /// What a build renders.
    static func plannedJobs(
        catalog: Catalog, templates: TemplateLibrary, options: BuildOptions, now: Date, search: Bool = true, root: Catalog? = nil
    ) -> [OutputJob] {
        outputJobs(
            catalog: catalog, templates: templates, now: now,
            imageSizes: enclosureSizes(catalog, contentFolder: options.contentFolder), search: search, root: root)
    }

    /// Every file the site is made of, from every producer, by path: rendered in that order, a
    /// build's peak memory is lowest (in the producers' order, 100,000 products peaked up to a
    /// tenth higher). Sorted as positions, on all cores: sorting the jobs themselves on one core
    /// was seconds of the plan at a million products.
    /// `imageSizes`: bytes of local images by path, for feed enclosures (see `enclosureSizes`).
    /// `search: false` leaves out the search index's files, for a caller that builds it apart.
    /// `root`: `rootCatalog(catalog)` made already (its pictures may be missing), for a caller that
    /// needed it before.
    public static func outputJobs(
        catalog: Catalog, templates: TemplateLibrary, now: Date, imageSizes: [String: Int] = [:], search: Bool = true,
        root: Catalog? = nil
    ) -> [OutputJob] {
        guard !catalog.site.markets.isEmpty, catalog.localization == nil else {
            return siteJobs(catalog: catalog, templates: templates, now: now, imageSizes: imageSizes, search: search, statics: true)
        }
        return storefrontJobs(catalog: catalog, templates: templates, now: now, imageSizes: imageSizes, search: search, root: root)
    }

    /// One storefront's files (or a shop without markets, which is one), by path, the sitemap
    /// last; `statics`: with the theme's built-in static files, which all storefronts share.
    static func siteJobs(
        catalog: Catalog, templates: TemplateLibrary, now: Date, imageSizes: [String: Int], search: Bool, statics: Bool,
        alternates: (table: PageAlternates, index: Int)? = nil
    ) -> [OutputJob] {
        let catalog = catalog.priced(at: now) { ParallelMap.indices($0, $1) }
        let language = SiteRenderer.language(of: catalog.site)
        let renderer = alternates.map {
            SiteRenderer(catalog: catalog, templates: templates, now: now, language: language, alternates: $0.table, index: $0.index)
        } ?? SiteRenderer(catalog: catalog, templates: templates, now: now, language: language)
        var jobs = renderer.jobs()
        if statics { jobs += baseStaticJobs(templates) }
        if search { jobs += SearchIndexer(catalog: catalog, now: now).jobs() }
        if catalog.site.writes(.api) { jobs += CatalogAPI(catalog: catalog, now: now).jobs() }
        // The theme's own tables, so a shop that rewords a feed title sees it in its feeds too.
        var feeds = FeedWriter(catalog: catalog, now: now, imageSizes: imageSizes, strings: templates.strings(in: language))
        feeds.alternates = alternates
        jobs += feeds.jobs()
        // Read through indices: `jobs.filter` and `jobs.map(\.path)` copied every job (its closures).
        let order = ParallelMap.sortedIndices(of: jobs.indices.map { jobs[$0].path })
        jobs.rearrange(into: order)
        // Keep last: the sitemap lists the pages of every producer above. Their paths in order
        // are their URLs almost in order, which the sitemap's sort passes through in few steps;
        // in the producers' order (products by name) that sort was 0.4 % of a 100,000-product build.
        // Neither the 404 page nor the `noindex` pages (checkout's return pages) are listed.
        let unlisted = Set([Routes.notFound] + Routes.noindex.map(Routes.file(for:)))
        let pagePaths = jobs.indices.filter { jobs[$0].category == .page && !unlisted.contains(jobs[$0].path) }.map { jobs[$0].path }
        let sitemapJobs = feeds.sitemapJobs(pagePaths: pagePaths)
        // Merged in by path, after any job of the same path, as one stable sort of them all did.
        let sitemapOrder = sitemapJobs.indices.sorted { sitemapJobs[$0].path < sitemapJobs[$1].path }
        var merged: [Int] = []
        merged.reserveCapacity(jobs.count + sitemapJobs.count)
        var next = 0
        for sitemap in sitemapOrder {
            let path = sitemapJobs[sitemap].path
            while next < jobs.count, !(path < jobs[next].path) {
                merged.append(next)
                next += 1
            }
            merged.append(jobs.count + sitemap)
        }
        merged += next..<jobs.count
        jobs += sitemapJobs
        jobs.rearrange(into: merged)
        return jobs
    }

    /// The built-in theme's static files the shop does not replace, written as they are. They
    /// change only with the program, and another program builds everything again.
    static func baseStaticJobs(_ templates: TemplateLibrary) -> [OutputJob] {
        templates.baseStaticFiles.map { name, data in
            OutputJob(path: name, category: .data, kind: "static", dependencies: [.template("static/" + name)]) { data }
        }
    }
}

/// Write errors from parallel workers; the first by path is reported, so the message is stable.
final class FailureList: @unchecked Sendable {
    private var failures: [(String, any Error)] = []
    private let lock = NSLock()

    func add(_ path: String, _ error: any Error) {
        lock.lock()
        failures.append((path, error))
        lock.unlock()
    }

    var first: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failures.sorted { $0.0 < $1.0 }.first?.1
    }
}

/// Counts finished pages and reports every 1% so a terminal can show progress cheaply.
final class ProgressCounter: @unchecked Sendable {
    private var done = 0
    private let total: Int
    private let step_: Int
    private let report: (@Sendable (Int, Int) -> Void)?
    private let lock = NSLock()

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
        self.step_ = max(1, total / 100)
    }

    func step() {
        guard let report else { return }
        lock.lock()
        done += 1
        let current = done
        lock.unlock()
        if current % step_ == 0 || current == total { report(current, total) }
    }
}
