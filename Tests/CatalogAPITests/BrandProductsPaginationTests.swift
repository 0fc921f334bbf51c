import CatalogAPI
import BuildEngine
import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

@Suite struct BrandProductsPaginationTests {
    /// The jobs for one brand's product pages, decoded, in page order.
    func pages(productCount: Int) throws -> (paths: [String], documents: [BrandProductsDocument]) {
        let catalog = Records.catalog(
            site: TestCatalog.site, brands: [Records.brand("acme"), Records.brand("other")],
            products: TestCatalog.products(productCount, brand: "acme") + TestCatalog.products(3, brand: "other"))
        let jobs = TestCatalog.api(catalog).jobs().filter { $0.path.hasPrefix("api/v1/brands/acme/") }
            .sorted { $0.path.count == $1.path.count ? $0.path < $1.path : $0.path.count < $1.path.count }
        let documents = try jobs.map { try TestCatalog.decode(BrandProductsDocument.self, $0.render()) }
        return (jobs.map(\.path), documents)
    }

    @Test("a brand without products has one empty page")
    func noProducts() throws {
        let (paths, documents) = try pages(productCount: 0)
        #expect(paths == ["api/v1/brands/acme/products/1.json"])
        let page = try #require(documents.first)
        #expect(page.page == 1 && page.pageCount == 1 && page.total == 0 && page.products.isEmpty)
        #expect(page.next == nil && page.previous == nil)
    }

    @Test("one product: one page, no next link")
    func oneProduct() throws {
        let (paths, documents) = try pages(productCount: 1)
        #expect(paths.count == 1)
        #expect(documents[0].products.map(\.slug) == ["acme-p0000"])
        #expect(documents[0].total == 1 && documents[0].pageCount == 1 && documents[0].next == nil)
    }

    @Test("exactly 100 products fill one page")
    func hundredProducts() throws {
        let (paths, documents) = try pages(productCount: 100)
        #expect(paths == ["api/v1/brands/acme/products/1.json"])
        #expect(documents[0].products.count == 100 && documents[0].perPage == 100)
        #expect(documents[0].next == nil)
    }

    @Test("101 products: a second page with the last one, linked both ways")
    func hundredAndOneProducts() throws {
        let (paths, documents) = try pages(productCount: 101)
        #expect(paths == ["api/v1/brands/acme/products/1.json", "api/v1/brands/acme/products/2.json"])
        let (first, second) = (documents[0], documents[1])
        #expect(first.products.count == 100 && second.products.count == 1)
        #expect(first.pageCount == 2 && second.pageCount == 2 && first.total == 101 && second.total == 101)
        #expect(first.next == "https://shop.example.com/base/api/v1/brands/acme/products/2.json")
        #expect(first.previous == nil)
        #expect(second.previous == "https://shop.example.com/base/api/v1/brands/acme/products/1.json")
        #expect(second.next == nil)
        #expect(second.products.map(\.slug) == ["acme-p0100"])
    }

    @Test("products are listed by name across pages, none twice")
    func orderAcrossPages() throws {
        let (_, documents) = try pages(productCount: 250)
        let names = documents.flatMap(\.products).map(\.name)
        #expect(documents.map(\.page) == [1, 2, 3])
        #expect(names == names.sorted() && names.count == 250 && Set(names).count == 250)
    }

    @Test("page counts", arguments: [(0, 1), (1, 1), (99, 1), (100, 1), (101, 2), (200, 2), (201, 3)])
    func pageCount(products: Int, pages: Int) {
        #expect(CatalogAPI.pageCount(forProducts: products) == pages)
    }
}
