import CatalogAPI
import CatalogModel
import Foundation
import VitrineTestSupport

/// The site and API the CatalogAPI tests read hand-made catalogs through.
enum TestCatalog {
    static let site = Site(
        title: "Test Shop", baseURL: "https://shop.example.com/base/", currency: .usd, locale: "en_US",
        checkoutURL: "https://checkout.example.com/")

    /// `count` products of one brand, named so that their sort order is their number.
    static func products(_ count: Int, brand: String) -> [Product] {
        (0..<count).map { i in
            Records.product(String(format: "\(brand)-p%04d", i), name: String(format: "Product %04d", i), brand: brand, price: 1234)
        }
    }

    static func api(_ catalog: Catalog, now: Date = Records.now) -> CatalogAPI {
        CatalogAPI(catalog: catalog, now: now)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
