import CatalogModel
import Testing
import VitrineTestSupport

/// The local pictures a catalog names: what the build reads pixel sizes of and publishes.
@Suite struct CatalogLocalImagePathsTests {
    @Test func everyKindOfRecordAndFieldGivesItsLocalPicturesOnceEachSorted() {
        var brand = Records.brand("acme")
        brand.logo = .local("images/logo.png")
        var product = Records.product(
            "serum", thumbnail: .local("images/serum-small.jpg"), image: .local("images/serum.jpg"))
        product.images = [.local("images/serum-side.jpg"), .remote("https://cdn.example.com/serum-box.jpg")]
        product.options = ["Shade"]
        product.variants = [
            Variant(sku: "SERUM-1", values: ["Light"], image: .local("images/serum-light.jpg"), source: SourceLocation(path: "p")),
            Variant(sku: "SERUM-2", values: ["Dark"], image: .local("images/serum.jpg"), source: SourceLocation(path: "p")),
            Variant(sku: "SERUM-3", values: ["Deep"], source: SourceLocation(path: "p")),
        ]
        let other = Records.product("mask", thumbnail: .remote("https://cdn.example.com/mask.jpg"), image: .local("images/logo.png"))
        let promotion = Records.promotion("sale", image: .local("images/banner.webp"))
        var category = Category(slug: Records.slug("serums"), title: "Serums", source: SourceLocation(path: "c"))
        category.image = .local("images/aisle.png")
        let catalog = Catalog(
            site: Records.site, brands: [brand], products: [product, other], promotions: [promotion], pages: [],
            categories: [category])

        #expect(catalog.localImagePaths == [
            "images/aisle.png", "images/banner.webp", "images/logo.png", "images/serum-light.jpg",
            "images/serum-side.jpg", "images/serum-small.jpg", "images/serum.jpg",
        ])
    }

    @Test func aCatalogWithoutLocalPicturesHasNone() {
        let catalog = Records.catalog(products: [Records.product("serum", image: .remote("https://cdn.example.com/s.jpg"))])
        #expect(catalog.localImagePaths.isEmpty)
    }
}
