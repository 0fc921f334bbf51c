import BuildEngine
import CatalogModel
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

/// The sample shop's category tree, its paginated pages and the trails that lead to them.
@Suite struct CategoryPageTests {
    static let pages: [String: String] = {
        let templates = TemplateLibrary.load(from: ShopFixture.templates).library!
        var pages: [String: String] = [:]
        for job in SiteRenderer(catalog: SampleShop.catalog, templates: templates, now: SampleShop.clock, language: "en").jobs()
        where job.path.hasPrefix("categories/") || job.path == "products/advanced-night-repair-serum/index.html"
            || job.path == "index.html" || job.path == "search/index.html"
        {
            pages[job.path] = String(decoding: job.render(), as: UTF8.self)
        }
        return pages
    }()

    static func cardNames(_ page: String) -> [String] {
        page.matches(of: /<span class="card-title">(.*?)<\/span>/).map { String($0.1).replacingOccurrences(of: "&amp;", with: "&") }
    }

    @Test func aCategoryListsItsOwnAndItsDescendantsProductsByNamePageByPage() throws {
        let catalog = SampleShop.catalog
        let skincare = try #require(catalog.categoryBySlug[Slug("skincare")!])
        // Skincare names no product itself: everything it lists comes from below it.
        #expect(!catalog.products.contains { $0.categories.contains(skincare.slug) })
        let expected = catalog.products.filter { product in
            product.categories.contains { slug in
                catalog.categoryBySlug[slug].map { catalog.path(to: $0).contains { $0.slug == skincare.slug } } ?? false
            }
        }.map(\.name)
        #expect(expected.count == 34)
        let perPage = catalog.site.productsPerPage
        let pageCount = (expected.count + perPage - 1) / perPage
        var shown: [String] = []
        for number in 1...pageCount {
            let path = number == 1 ? "categories/skincare/index.html" : "categories/skincare/page/\(number)/index.html"
            let page = try #require(Self.pages[path], "\(path)")
            shown += Self.cardNames(page)
            #expect(page.contains("<h2>34 products</h2>"), "every page says how many")
        }
        #expect(shown == expected, "all of them, by name, each once")
        #expect(Self.pages["categories/skincare/page/\(pageCount + 1)/index.html"] == nil)
        #expect(Self.pages["categories/skincare/page/1/index.html"] == nil, "page 1 is the category's own page")
    }

    @Test func categoryPagesShowSubCategoriesAndTheirTrailFromTheRoot() throws {
        let skincare = try #require(Self.pages["categories/skincare/index.html"])
        #expect(skincare.contains(#"<li><a href="../../categories/serums/">Serums</a> <span class="card-meta">7 products</span></li>"#))
        let serums = try #require(Self.pages["categories/serums/index.html"])
        let nav = try #require(serums.range(of: #"aria-label="Breadcrumb""#))
        let crumbs = serums[nav.upperBound...].split(separator: "</nav>")[0]
        let trail = crumbs.matches(of: /<li>(?:<a href="[^"]*">|<span aria-current="page">)([^<]*)</).map { String($0.1) }
        #expect(trail == ["Home", "Categories", "Skincare", "Serums"])
        let second = try #require(Self.pages["categories/skincare/page/2/index.html"])
        #expect(second.contains(#"<li><a href="../../../../categories/skincare/">Skincare</a></li>"#), "on page 2 the category itself is a link")
        #expect(second.contains(#"<span aria-current="page">Page 2</span>"#))
    }

    @Test func theTreePageNestsEveryCategory() throws {
        let tree = try #require(Self.pages["categories/index.html"])
        #expect(tree.matches(of: /<li><a href="..\/categories\/[a-z]/).count == SampleShop.catalog.categories.count)
        let skincare = try #require(tree.range(of: "Skincare</a>"))
        let serums = try #require(tree.range(of: "Serums</a>"))
        let makeup = try #require(tree.range(of: "Make-up</a>"))
        #expect(makeup.lowerBound < skincare.lowerBound && skincare.lowerBound < serums.lowerBound, "roots by title, children inside")
    }

    @Test func aProductsBreadcrumbFollowsItsFirstCategory() throws {
        let page = try #require(Self.pages["products/advanced-night-repair-serum/index.html"])
        #expect(page.contains(#"<li><a href="../../categories/skincare/">Skincare</a></li>"#))
        #expect(page.contains(#"<li><a href="../../categories/serums/">Serums</a></li>"#))
        #expect(!page.contains(#"<li><a href="../../categories/night-care/">Night care</a></li>"#), "the first category only")
        #expect(page.contains(#""@type":"BreadcrumbList""#))
        #expect(page.contains(#"{"@type":"ListItem","item":"https://beauty-and-me.example.com/categories/serums/","name":"Serums","position":4}"#))
    }

    @Test func theSearchPageHasTheCategoryFacetAndTheOrders() throws {
        let page = try #require(Self.pages["search/index.html"])
        #expect(page.contains("<option value=\"serums\">\u{00A0}\u{00A0}Serums</option>"), "indented under Skincare")
        #expect(page.contains("<option value=\"skincare\">Skincare</option>"))
        for sort in ["name", "price", "price-desc", "newest"] { #expect(page.contains(#"<option value="\#(sort)">"#)) }
    }

    @Test func theHomePageNamesTheSiteAndItsSearch() throws {
        let page = try #require(Self.pages["index.html"])
        #expect(page.contains(#""@type":"SearchAction""#) && page.contains(#""@type":"Organization""#))
        #expect(page.contains(#"<li><a href="categories/">Categories</a></li>"#))
    }
}
