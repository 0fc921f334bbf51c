import BuildEngine
public import CatalogModel
import Foundation
import Parallel
import SearchIndexer
import SiteRenderer

extension SiteBuilder {
    /// The catalog the root storefront is written from: the shop itself without markets, else
    /// its first market in its first language.
    public static func rootCatalog(_ catalog: Catalog) -> Catalog {
        guard !catalog.site.markets.isEmpty, catalog.localization == nil, let root = catalog.site.storefronts.first else { return catalog }
        return catalog.localized(for: root)
    }

    /// Every storefront's files: the root's at the top of the output, each other's under its folder
    /// (`ko-kr/`) with its own pages, search index, API, feeds and sitemap; the theme's shared files
    /// once, at the top. `robots.txt` names every storefront's sitemap.
    ///
    /// A storefront's files are rendered from a catalog whose slugs may be translated and whose
    /// texts come from translation files, which no record's dependencies name: they depend on
    /// everything, so an incremental build renders them again on any change (correct, not yet fast).
    static func storefrontJobs(
        catalog: Catalog, templates: TemplateLibrary, now: Date, imageSizes: [String: Int], search: Bool, root given: Catalog? = nil
    ) -> [OutputJob] {
        let storefronts = catalog.site.storefronts
        let alternates = PageAlternates(count: storefronts.count)
        // Made before the pictures were derived: they are the one thing a build adds since.
        var root = given ?? rootCatalog(catalog)
        if given != nil { root.pictures = catalog.pictures }
        var jobs = siteJobs(
            catalog: root, templates: templates, now: now, imageSizes: imageSizes, search: search, statics: true,
            alternates: (alternates, 0))
        alternates.add(
            0, storefront: storefronts[0], baseURL: root.site.baseURL, label: label(of: storefronts[0]), routes: listedRoutes(jobs),
            ownSlugs: root.localization?.ownSlugs ?? [:])
        if storefronts[0].language.tag != catalog.site.contentLanguage.tag {
            for index in jobs.indices { jobs[index].dependencies = [.everything] }
        }
        let sitemaps = storefronts.map { catalog.site.absoluteURL($0.pathPrefix + Routes.sitemap) }
        if let robots = jobs.firstIndex(where: { $0.path == Routes.robots }) {
            let text = "User-agent: *\nDisallow:\n\n" + sitemaps.map { "Sitemap: \($0)\n" }.joined()
            jobs[robots] = OutputJob(path: Routes.robots, category: .data, kind: "robots", dependencies: [.site], text: { text })
        }
        // Each storefront is a site's plan, its search index built whole: on all cores, one a core.
        let planned = ParallelMap.map(Array(storefronts.indices.dropFirst())) { index in
            let storefront = storefronts[index]
            let local = catalog.localized(for: storefront)
            let own = siteJobs(
                catalog: local, templates: templates, now: now, imageSizes: imageSizes, search: true, statics: false,
                alternates: (alternates, index))
            alternates.add(
                index, storefront: storefront, baseURL: local.site.baseURL, label: label(of: storefront), routes: listedRoutes(own),
                ownSlugs: local.localization?.ownSlugs ?? [:])
            return own
        }
        // Their search indexes first: already made, they hold their bytes until written, and the
        // builder writes a storefront at a time (`storefrontRuns`). Behind the root's pages, three
        // indexes of 100,000 products each were alive at the build's peak.
        var indexes: [OutputJob] = []
        for (storefront, own) in zip(storefronts.dropFirst(), planned) {
            for var job in own where job.path != Routes.robots {
                job.path = storefront.pathPrefix + job.path
                job.dependencies = [.everything]
                if job.kind.hasPrefix(SearchIndexer.kindPrefix) { indexes.append(job) } else { jobs.append(job) }
            }
        }
        return indexes + jobs
    }

    /// The runs of `jobs` that are each one storefront's files, in order (`storefrontJobs` plans the
    /// other storefronts' search indexes, the root's files, then each other storefront's under its
    /// folder); one run for a shop without markets. Any split
    /// writes the same files: only how much of the build stays alive at once depends on it.
    static func storefrontRuns(of jobs: [OutputJob], site: Site) -> [Range<Int>] {
        let folders = site.markets.isEmpty ? [] : site.storefronts.map(\.pathPrefix).filter { !$0.isEmpty }
        // Through indices: `jobs.map` copied every job (its closures).
        let storefronts = jobs.indices.map { index in folders.firstIndex { jobs[index].path.hasPrefix($0) } }
        var runs: [Range<Int>] = []
        var start = 0
        for index in jobs.indices.dropFirst() where storefronts[index] != storefronts[index - 1] {
            runs.append(start..<index)
            start = index
        }
        if start < jobs.count { runs.append(start..<jobs.count) }
        return runs
    }

    /// The routes of the pages a storefront lists (not its 404 page or its `noindex` pages).
    static func listedRoutes(_ jobs: [OutputJob]) -> [String] {
        let unlisted = Set([Routes.notFound] + Routes.noindex.map(Routes.file(for:)))
        return jobs.filter { $0.category == .page && !unlisted.contains($0.path) }.map {
            $0.path.hasSuffix("index.html") ? String($0.path.dropLast("index.html".count)) : $0.path
        }
    }

    /// What the switcher calls a storefront, in its own language: `한국어 · 대한민국 (KRW)`.
    static func label(of storefront: Storefront) -> String {
        let locale = Locale(identifier: storefront.language.tag)
        let language = locale.localizedString(forLanguageCode: storefront.language.primary) ?? storefront.language.tag
        let country = storefront.market.countries.first ?? ""
        let region = storefront.market.name ?? locale.localizedString(forRegionCode: country) ?? country
        return "\(language) · \(region) (\(storefront.market.currency.code))"
    }
}
