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
        // Made by the first sitemap file rendered, beside the other files, rather than while the
        // build plans: on one core, these entries were a third of the plan at 100,000 products.
        // Past the limit the parts are counted now, in a set; the entries are made from the list,
        // which comes almost in order: sorting the set's shuffled paths was most of their cost.
        let writer = self
        let entries = Lazy { writer.sitemapEntries(pagePaths) }
        let count = pagePaths.count <= urlLimit ? pagePaths.count : Set(pagePaths).count

        // What decides the set of pages (lists, brand pagination) and the products' dates.
        let inputs = Set<Dependency>([.site, .clock, .records(.product)] + RecordKind.allCases.filter { $0 != .site }.map { .list($0) })

        var jobs: [OutputJob] = []
        if count <= urlLimit {
            jobs.append(OutputJob(path: Routes.sitemap, category: .data, kind: "sitemap", dependencies: inputs) {
                Sitemap.urlset(entries.value)
            }.large())
        } else {
            let parts = (0..<(count + urlLimit - 1) / urlLimit).map { $0 * urlLimit..<min(($0 + 1) * urlLimit, count) }
            for (number, part) in parts.enumerated() {
                jobs.append(OutputJob(path: Routes.sitemapPart(number + 1), category: .data, kind: "sitemap", dependencies: inputs) {
                    Sitemap.urlset(Array(entries.value[part]))
                }.large())
            }
            let site = site
            jobs.append(OutputJob(path: Routes.sitemap, category: .data, kind: "sitemap-index", dependencies: inputs) {
                Sitemap.index(parts.enumerated().map { number, part in
                    Sitemap.Entry(
                        location: site.absoluteURL(Routes.sitemapPart(number + 1)),
                        lastModified: entries.value[part].compactMap(\.lastModified).max())
                })
            })
        }
        let sitemapURL = site.absoluteURL(Routes.sitemap)
        jobs.append(OutputJob(path: Routes.robots, category: .data, kind: "robots", dependencies: [.site], text: {
            "User-agent: *\nDisallow:\n\nSitemap: \(sitemapURL)\n"
        }))
        return jobs
    }

    /// One entry per page, by URL; `lastmod` where the content dates the page. Distinct paths are
    /// distinct routes (a folder's page is its `index.html`), so a path listed twice is one entry.
    func sitemapEntries(_ pagePaths: [String]) -> [Sitemap.Entry] {
        // Sized for every product: grown step by step, it was rehashed about seventeen times.
        var dated: [String: Timestamp] = Dictionary(minimumCapacity: catalog.products.count)
        for product in catalog.products {
            if let date = product.date, date.date <= now { dated[Routes.product(product.slug)] = date }
        }
        var routes = pagePaths.map { $0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0 }
        routes.sort()
        var entries: [Sitemap.Entry] = []
        entries.reserveCapacity(routes.count)
        for index in routes.indices where index == 0 || routes[index] != routes[index - 1] {
            entries.append(Sitemap.Entry(
                location: site.absoluteURL(routes[index]), lastModified: dated[routes[index]],
                alternates: alternates.map { $0.table.links(for: routes[index], in: $0.index) } ?? []))
        }
        return entries
    }
}
