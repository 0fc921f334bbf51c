import BuildEngine
public import CatalogModel
public import Foundation
import Synchronization
import TemplateEngine

/// `vitrine check`'s look at the theme's names: a name a template uses that no page of its kind
/// provides renders as nothing, silently (`{{#products}}` on the home page showed no products).
/// What a kind provides is learnt from its contexts, for the shop's own pages and for the pages of
/// `SpecimenCatalog`, which has every optional key, so a name provided only where a record has a
/// key is not reported for a shop without such records.
public enum TemplateNameCheck {
    /// Pages of each kind looked at in the shop's own catalog; the specimen's are all looked at.
    static let pagesPerKind = 25

    /// `path`: how a diagnostic names a template file (`Templates/home.mustache`).
    public static func diagnostics(
        catalog: Catalog, templates: TemplateLibrary, now: Date, path: (String) -> String
    ) -> [Diagnostic] {
        let provided = Provided()
        for (catalog, only) in [(catalog, sampleFiles(of: catalog)), (SpecimenCatalog.make(site: catalog.site, now: now), nil)] {
            let language = SiteRenderer.language(of: catalog.site)
            // The specimen's pages are given a second storefront, so the names of the links to
            // the same page elsewhere (`hreflang`, the switcher) are provided as a shop with
            // markets provides them.
            let alternates = only == nil ? PageAlternates(count: 2) : nil
            let renderer = SiteRenderer(
                catalog: catalog, templates: templates, now: now, language: language,
                inspect: { kind, context in provided.add(kind, SharedContext.plain(fields: context)) },
                alternates: alternates.map { ($0, 0) })
            let jobs = renderer.jobs(only: only)
            if let alternates { specimenStorefronts(alternates, site: catalog.site, routes: jobs.map(\.path)) }
            for job in jobs { _ = job.render() }
        }
        let (top, anywhere) = provided.names
        let kinds = top.keys.sorted()
        var diagnostics: [Diagnostic] = []
        for name in templates.names.sorted() {
            guard let template = templates.set.template(named: name) else { continue }
            let users = kinds.filter { templates.closure(of: $0).contains(name) }
            if users.isEmpty { continue }
            // A page's own template and its layout see the page's context at the top; a partial may
            // be rendered inside any section, so any name a page has anywhere may reach it.
            let isPage = users == [name] || name == "layout"
            var reported: Set<String> = []
            for use in template.names where !reported.contains(use.name) {
                let known = users.contains { kind in
                    (isPage && !use.inSection ? top[kind] : anywhere[kind])?.contains(use.name) ?? false
                }
                if known { continue }
                reported.insert(use.name)
                let (line, column) = template.lineAndColumn(of: use.offset)
                let message: String
                if users.count == 1, let kind = users.first {
                    let offered = top[kind, default: []].sorted()
                    let close = Spelling.closest(to: use.name, among: Array(anywhere[kind, default: []]))
                    message = "\"\(use.name)\" is not provided on the \(pageName(kind)) page"
                        + (close.map { "; did you mean \"\($0)\"?" } ?? "")
                        + "; it has: " + offered.prefix(12).joined(separator: ", ") + (offered.count > 12 ? "…" : "")
                } else {
                    let close = Spelling.closest(to: use.name, among: Array(users.reduce(into: Set<String>()) { $0.formUnion(anywhere[$1, default: []]) }))
                    message = "\"\(use.name)\" is not provided on any page that uses this template ("
                        + users.prefix(6).map(pageName).joined(separator: ", ") + (users.count > 6 ? "…" : "") + ")"
                        + (close.map { "; did you mean \"\($0)\"?" } ?? "")
                }
                diagnostics.append(.warning(message, at: SourceLocation(path: path(name), line: line, column: column)))
            }
        }
        return diagnostics
    }

    /// `not-found` is the 404 page; the others read as their names.
    /// Two storefronts of the same pages: the specimen's own and one in another language.
    static func specimenStorefronts(_ alternates: PageAlternates, site: Site, routes paths: [String]) {
        let routes = paths.map { $0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0 }
        let language = SiteLanguage(tag: Site.primaryLanguage(of: site.locale))
        let market = Market(id: "specimen", countries: ["US"], currency: site.currency, languages: [language.tag])
        for (index, isRoot) in [true, false].enumerated() {
            let storefront = Storefront(market: market, language: language, isRoot: isRoot)
            alternates.add(
                index,
                storefront: storefront, baseURL: site.baseURL + storefront.pathPrefix, label: site.title, routes: routes, ownSlugs: [:])
        }
    }

    static func pageName(_ kind: String) -> String { kind == "not-found" ? "not-found (404)" : kind }

    /// The pages of the shop looked at: every page that exists once, and the first few of each
    /// kind that has many.
    static func sampleFiles(of catalog: Catalog) -> Set<String> {
        var routes = [Routes.home, Routes.brands, Routes.promotions, Routes.deals, Routes.search, Routes.notFound, Routes.bag,
                      Routes.favourites, Routes.categories, Routes.checkoutSuccess, Routes.checkoutCancelled]
        routes += catalog.brands.prefix(pagesPerKind).map { Routes.brand($0.slug) }
        routes += catalog.categories.prefix(pagesPerKind).map { Routes.category($0.slug) }
        routes += catalog.products.prefix(pagesPerKind).map { Routes.product($0.slug) }
        routes += catalog.products.lazy.filter(\.hasVariants).prefix(pagesPerKind).map { Routes.product($0.slug) }
        routes += catalog.promotions.prefix(pagesPerKind).map { Routes.promotion($0.slug) }
        routes += catalog.pages.prefix(pagesPerKind).map { Routes.page($0.slug) }
        return Set(routes.map(Routes.file(for:)))
    }

    /// The names seen, by page kind: at the context's top, and anywhere in it.
    final class Provided: Sendable {
        private let state = Mutex<(top: [String: Set<String>], anywhere: [String: Set<String>])>(([:], [:]))

        func add(_ kind: String, _ context: [String: Any]) {
            var all: Set<String> = []
            Self.collect(context, into: &all, depth: 0)
            state.withLock { state in
                state.top[kind, default: []].formUnion(context.keys)
                state.anywhere[kind, default: []].formUnion(all)
            }
        }

        var names: (top: [String: Set<String>], anywhere: [String: Set<String>]) { state.withLock { $0 } }

        private static func collect(_ value: Any, into names: inout Set<String>, depth: Int) {
            guard depth < 16 else { return }
            if let object = value as? [String: Any] {
                for (key, inner) in object {
                    names.insert(key)
                    collect(inner, into: &names, depth: depth + 1)
                }
            } else if let list = value as? [Any] {
                for item in list { collect(item, into: &names, depth: depth + 1) }
            }
        }
    }
}
