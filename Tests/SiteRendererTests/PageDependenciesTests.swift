import BuildEngine
import CatalogModel
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

@Suite("What each page says it is made from")
struct PageDependenciesTests {
    func jobs() throws -> [String: OutputJob] {
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        let jobs = SiteRenderer(catalog: SampleShop.catalog, templates: templates, now: SampleShop.clock, language: "en").jobs()
        return Dictionary(uniqueKeysWithValues: jobs.map { ($0.path, $0) })
    }

    func slug(_ text: String) -> Slug { Records.slug(text) }

    @Test func aProductPageDependsOnItsProductBrandPromotionsAndTemplates() throws {
        let page = try #require(try jobs()["products/ginzing-eye-cream/index.html"])
        // Its related products' cards, and the groups they are chosen from (its brand, category
        // and tags), not the whole product list.
        let product = try #require(SampleShop.catalog.productBySlug[slug("ginzing-eye-cream")])
        var related: Set<Dependency> = [
            .productGroup("brand:origins"), .productGroup("category:eye-care"), .productGroup("tag:eye"),
            .productGroup("tag:cream"), .productGroup("tag:caffeine"),
        ]
        for other in SampleShop.catalog.related(to: product) {
            related.insert(.record(.brand, other.brand))
            related.formUnion(SampleShop.catalog.quoteDependencies(for: other))
        }
        #expect(related.count > 4)
        #expect(page.dependencies == related.union([
            .record(.product, slug("ginzing-eye-cream")), .record(.brand, slug("origins")),
            .record(.promotion, slug("xmas-10-off")), .record(.promotion, slug("origins-15-off")),
            .site, .list(.page), .records(.page),
            .template("product"), .template("layout"), .template("partials/header"), .template("partials/footer"),
            .template("partials/breadcrumbs"), .template("partials/product-card"), .template("partials/review"),
            // Its breadcrumb follows its first category up to the root.
            .record(.category, slug("eye-care")), .record(.category, slug("skincare")), .list(.category),
        ]))
    }

    /// Promotion statuses reach pages through the promotions' records, so moving the clock
    /// renders a page again only when a status it shows changes.
    @Test func noPageDependsOnTheClockItself() throws {
        let all = try jobs()
        #expect(all.values.allSatisfy { !$0.dependencies.contains(.clock) && !$0.dependencies.contains(.everything) })
        // Pages that show no promotion's price do not depend on promotions at all.
        let withoutPromotions = all.values.filter { job in
            !job.dependencies.contains { if case .record(.promotion, _) = $0 { true } else { false } }
        }
        #expect(withoutPromotions.contains { $0.path == "about/index.html" })
    }

    @Test func everyPageOfABrandDependsOnAllItsProducts() throws {
        let all = try jobs()
        let origins = ["brands/origins/index.html", "brands/origins/page/2/index.html"].compactMap { all[$0] }
        #expect(origins.count == 2)
        for page in origins {
            #expect(page.dependencies.contains(.record(.product, slug("ginzing-eye-cream"))))
            #expect(page.dependencies.contains(.record(.product, slug("drink-up-overnight-mask"))))
            #expect(page.dependencies.contains(.record(.brand, slug("origins"))))
            #expect(!page.dependencies.contains(.record(.brand, slug("aven"))))
            #expect(page.dependencies.contains(.template("partials/product-card")))
        }
    }

    @Test func listsDependOnTheirKindsList() throws {
        let all = try jobs()
        #expect(all["index.html"]?.dependencies.isSuperset(of: [.list(.product), .list(.brand), .list(.promotion)]) == true)
        #expect(all["brands/index.html"]?.dependencies.contains(.list(.brand)) == true)
        #expect(all["brands/index.html"]?.dependencies.contains(.list(.product)) == false)
        #expect(all["promotions/index.html"]?.dependencies.follows(.promotion, slug("summer-sun-care")) == true)
    }

    @Test func aTemplatesClosureFollowsPartialsAndLayouts() throws {
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        #expect(templates.closure(of: "brand") == ["brand", "layout", "partials/breadcrumbs", "partials/pagination", "partials/product-card"])
    }
}
