import BuildEngine
import CatalogModel
import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

@Suite("The preview's quick path")
struct QuickUpdateTests {
    /// A builder that has made the shop once, as the preview server's has.
    func builtShop() throws -> (SampleShop, BuildPipeline) {
        let shop = try SampleShop()
        let builder = BuildPipeline(options: shop.options(), keepsParsedContent: true)
        let report = builder.build(writing: .staged)
        guard report.succeeded else { throw TestFailure("\(report.diagnostics)") }
        return (shop, builder)
    }

    static let ginzing = "Content/products/origins/ginzing-eye-cream.md"
    static let ginzingKey = "content/products/origins/ginzing-eye-cream.md"

    @Test func aPriceEditWritesThePagesThatShowTheProductAsAFullBuildWould() throws {
        let (shop, builder) = try builtShop()
        defer { shop.remove() }
        try shop.edit(Self.ginzing, replacing: "price: 32.00", with: "price: 30.75")
        let quick = try #require(builder.quickUpdate(changedInputs: [Self.ginzingKey]))
        // Every page that shows it: its own, its brand's and categories' listings (each page of a
        // listing shows the count), the promotion naming it and the pages listing it as related.
        let checked = SiteBuilder.check(content: shop.content, templates: shop.templates, strict: false)
        let jobs = SiteBuilder.outputJobs(catalog: try #require(checked.catalog), templates: try #require(checked.templates), now: SampleShop.clock)
        let showing = jobs.filter { $0.category == .page && $0.dependencies.contains(.record(.product, Slug("ginzing-eye-cream")!)) }
        #expect(quick.renderedPaths == showing.map(\.path).sorted())
        #expect(quick.renderedPaths.contains("brands/origins/index.html") && quick.renderedPaths.contains("promotions/xmas-10-off/index.html"))
        let full = try shop.fullBuild()
        let served = FolderContents.entries(in: shop.output)
        for path in quick.renderedPaths { #expect(served[path] == full[path], "\(path)") }
        #expect(String(decoding: served["products/ginzing-eye-cream/index.html"]!, as: UTF8.self).contains("30.75"))
        // The feeds wait for the full pass, which then leaves the site exactly as a full build.
        #expect(served["feeds/products.xml"] != full["feeds/products.xml"])
        let pass = builder.build(writing: .inPlace)
        #expect(pass.succeeded)
        #expect(FolderContents.differences(full, FolderContents.entries(in: shop.output)) == [])
    }

    @Test func editsInARowBuildOnEachOther() throws {
        let (shop, builder) = try builtShop()
        defer { shop.remove() }
        try shop.edit(Self.ginzing, replacing: "price: 32.00", with: "price: 30.00")
        #expect(builder.quickUpdate(changedInputs: [Self.ginzingKey]) != nil)
        try shop.edit("Content/brands/origins.md", replacing: "country: US", with: "country: FR")
        let second = try #require(builder.quickUpdate(changedInputs: ["content/brands/origins.md"]))
        #expect(second.renderedPaths.contains("products/ginzing-eye-cream/index.html"))
        let full = try shop.fullBuild()
        let page = "products/ginzing-eye-cream/index.html"
        #expect(FolderContents.entries(in: shop.output)[page] == full[page])
    }

    @Test(arguments: [
        ("name: \"Ginzing Energy-Boosting Eye Cream\"", "name: \"A New Name\""),  // moves in every list
        ("brand: origins", "brand: aven"),  // moves to another brand
        ("brand: origins", "brand: nobody"),  // a broken reference
        ("price: 32.00", "price: lots"),  // a broken value
        ("sku: ORG-GINZ-15", "sku: ORG-DUOM-75"),  // another product's SKU
    ])
    func editsThatMoveOrBreakSomethingAreLeftToTheFullPass(old: String, new: String) throws {
        let (shop, builder) = try builtShop()
        defer { shop.remove() }
        let before = FolderContents.entries(in: shop.output)
        try shop.edit(Self.ginzing, replacing: old, with: new)
        #expect(builder.quickUpdate(changedInputs: [Self.ginzingKey]) == nil)
        #expect(FolderContents.entries(in: shop.output) == before)
    }

    /// The sheet's price is over the file's, so an edit to a product it prices waits for the full
    /// pass; so does an edit to the sheet itself.
    @Test func productsStockCsvPricesAndTheSheetAreLeftToTheFullPass() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.write("Content/stock.csv", "sku,price\nORG-GINZ-15,27.00\n")
        let builder = BuildPipeline(options: shop.options(), keepsParsedContent: true)
        #expect(builder.build(writing: .staged).succeeded)
        try shop.edit(Self.ginzing, replacing: "price: 32.00", with: "price: 30.75")
        #expect(builder.quickUpdate(changedInputs: [Self.ginzingKey]) == nil)
        try shop.write("Content/stock.csv", "sku,price\nORG-GINZ-15,26.00\n")
        #expect(builder.quickUpdate(changedInputs: ["content/stock.csv"]) == nil)
        let pass = builder.build(writing: .inPlace)
        #expect(pass.succeeded)
        let page = try String(contentsOf: shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html"), encoding: .utf8)
        #expect(page.contains("26.00") && !page.contains("30.75"))
        #expect(FolderContents.differences(try shop.fullBuild(), FolderContents.entries(in: shop.output)) == [])
    }

    @Test func newFilesPromotionsAndTemplatesAreLeftToTheFullPass() throws {
        let (shop, builder) = try builtShop()
        defer { shop.remove() }
        try shop.write("Content/products/origins/extra.md", "---\nsku: X-1\nname: \"Extra\"\nbrand: origins\nprice: 1.00\n---\n")
        #expect(builder.quickUpdate(changedInputs: ["content/products/origins/extra.md"]) == nil)
        #expect(builder.quickUpdate(changedInputs: ["content/promotions/xmas-10-off.md"]) == nil)
        #expect(builder.quickUpdate(changedInputs: ["templates/product.mustache"]) == nil)
    }
}
