import CatalogModel
import ContentLoader
import Foundation
import Testing

/// The contract's category rules, each a diagnostic at the line that breaks it.
@Suite struct CategoryValidationTests {
    func category(_ title: String, parent: String? = nil, extra: [String] = []) -> String {
        (["---", "title: \(title)"] + (parent.map { ["parent: \($0)"] } ?? []) + extra + ["---", "About \(title)."])
            .joined(separator: "\n")
    }

    @Test func aTreeLoadsWithItsProductsAndDescendants() throws {
        let result = try load([
            "categories/skincare.md": category("Skincare", extra: ["googleCategory: \"Health & Beauty > Personal Care\""]),
            "categories/serums.md": category("Serums", parent: "skincare"),
            "categories/night.md": category("Night", parent: "serums"),
            "products/toner.md": product(validProductLines + ["categories: [night]"]),
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        let night = try #require(catalog.categoryBySlug[Slug("night")!])
        #expect(catalog.path(to: night).map(\.title) == ["Skincare", "Serums", "Night"])
        #expect(catalog.rootCategories.map(\.title) == ["Skincare"])
        // A product is listed in its category and every category above it, once.
        for slug in ["night", "serums", "skincare"] {
            #expect(catalog.productsByCategory[Slug(slug)!, default: []].map(\.name) == ["Toner"], "\(slug)")
        }
        #expect(catalog.categoryBySlug[Slug("skincare")!]?.googleCategory == "Health & Beauty > Personal Care")
        #expect(catalog.primaryCategory(of: try #require(catalog.productBySlug[Slug("toner")!]))?.slug == Slug("night"))
    }

    @Test func anUnknownParentGetsADidYouMean() throws {
        let result = try load([
            "categories/skincare.md": category("Skincare"),
            "categories/serums.md": category("Serums", parent: "skincar"),
        ])
        expectDiagnostic(result, at: "Content/categories/serums.md:3:9", "parent: \"skincar\" is not a known category; did you mean \"skincare\"?")
    }

    @Test func aCycleIsAnErrorAtEachOfItsCategories() throws {
        let result = try load([
            "categories/a.md": category("A", parent: "b"),
            "categories/b.md": category("B", parent: "c"),
            "categories/c.md": category("C", parent: "a"),
            "categories/d.md": category("D", parent: "a"),
        ])
        for slug in ["a", "b", "c"] {
            expectDiagnostic(result, at: "Content/categories/\(slug).md:1:1", "the categories form a loop")
        }
        #expect(!result.diagnostics.contains { $0.location.path.hasSuffix("d.md") }, "d hangs off the loop but is not in it")
        #expect(result.catalog == nil)
        let selfParent = try load(["categories/a.md": category("A", parent: "a")])
        expectDiagnostic(selfParent, at: "Content/categories/a.md:3:9", "\"a\" is this category itself")
    }

    @Test func aProductNamingAnUnknownCategoryIsAnError() throws {
        let result = try load([
            "categories/serums.md": category("Serums"),
            "products/toner.md": product(validProductLines + ["categories: [serum]"]),
        ])
        expectDiagnostic(result, at: "Content/products/toner.md:6:14", "categories: \"serum\" is not a known category; did you mean \"serums\"?")
    }

    @Test func googleCategoryIsAnIdOrAPath() throws {
        let result = try load([
            "categories/a.md": category("A", extra: ["googleCategory: 2915"]),
            "categories/b.md": category("B", extra: ["googleCategory: \"Health & Beauty >  > Cosmetics\""]),
        ])
        expectDiagnostic(result, at: "Content/categories/b.md:3:17", "is neither a Google product category id nor a path")
        #expect(result.diagnostics.count == 1, "\(result.diagnostics)")
    }

    @Test func categoriesIsAReservedPageName() throws {
        let result = try load(["pages/categories.md": "---\ntitle: Our categories\n---\nText."])
        expectDiagnostic(result, at: "Content/pages/categories.md:1:1", "page slug \"categories\" is taken")
    }
}
