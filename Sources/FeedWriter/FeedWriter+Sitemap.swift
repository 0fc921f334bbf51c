public import BuildEngine
import CatalogModel
import Foundation

extension FeedWriter {
    /// The protocol's limit of URLs per sitemap file.
    public static let sitemapURLLimit = Sitemap.urlLimit

    /// `sitemap.xml` listing `pagePaths` (output files such as `products/x/index.html`) as absolute
    /// URLs, and `robots.txt` naming it. Beyond `urlLimit` URLs, `sitemap.xml` becomes an index of
    /// `sitemap-1.xml`, `sitemap-2.xml`…, kept at the site root because a sitemap may only list
    /// URLs under its own folder.
    ///
    /// `lastmod` is written only where the content dates a page: a product's `date` (when it is
    /// not after the build clock). Other pages carry none rather than the build time, which would
    /// claim that every page changed on every build and teach crawlers to ignore the field.
    public func sitemapJobs(pagePaths: [String], urlLimit: Int = FeedWriter.sitemapURLLimit) -> [OutputJob] {
        precondition(urlLimit > 0, "a sitemap holds at least one URL")
        var dated: [String: Timestamp] = [:]
        for product in catalog.products {
            if let date = product.date, date.date <= now { dated[Routes.product(product.slug)] = date }
        }
        let pageRoutes = Set(pagePaths.map { $0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0 })
        let entries = pageRoutes.sorted().map { Sitemap.Entry(location: site.absoluteURL($0), lastModified: dated[$0]) }

        // What decides the set of pages (lists, brand pagination) and the products' dates.
        let inputs = SharedDependencies { [catalog] in
            var inputs: Set<Dependency> = [.site, .clock]
            for kind in RecordKind.allCases where kind != .site { inputs.insert(.list(kind)) }
            for product in catalog.products { inputs.insert(.record(.product, product.slug)) }
            return inputs
        }

        var jobs: [OutputJob] = []
        if entries.count <= urlLimit {
            jobs.append(OutputJob(path: Routes.sitemap, category: .data, kind: "sitemap", dependencies: inputs.set) {
                Sitemap.urlset(entries)
            }.large())
        } else {
            var index: [Sitemap.Entry] = []
            for (number, start) in stride(from: 0, to: entries.count, by: urlLimit).enumerated() {
                let part = Array(entries[start..<min(start + urlLimit, entries.count)])
                let path = Routes.sitemapPart(number + 1)
                index.append(Sitemap.Entry(location: site.absoluteURL(path), lastModified: part.compactMap(\.lastModified).max()))
                jobs.append(OutputJob(path: path, category: .data, kind: "sitemap", dependencies: inputs.set) {
                    Sitemap.urlset(part)
                }.large())
            }
            let sitemaps = index
            jobs.append(OutputJob(path: Routes.sitemap, category: .data, kind: "sitemap-index", dependencies: inputs.set) {
                Sitemap.index(sitemaps)
            })
        }
        let sitemapURL = site.absoluteURL(Routes.sitemap)
        jobs.append(OutputJob(path: Routes.robots, category: .data, kind: "robots", dependencies: [.site], text: {
            "User-agent: *\nDisallow:\n\nSitemap: \(sitemapURL)\n"
        }))
        return jobs
    }
}
