import CatalogAPI
import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

@Suite struct JSONOutputTests {
    static func foundation<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Every kind of API document, with prices, fractional percentages, coordinates, optionals
    /// left out and HTML bodies: the fast writer gives Foundation's bytes exactly.
    @Test func writesWhatJSONEncoderWritesForEveryDocument() throws {
        let catalog = CatalogAPIDocumentsTests.catalog
        let api = TestCatalog.api(catalog)
        try #require(!catalog.products.isEmpty && !catalog.brands.isEmpty)
        var pairs: [(String, Data, Data)] = [
            ("site", JSONOutput.data(api.siteDocument()), try Self.foundation(api.siteDocument())),
            ("brands", JSONOutput.data(api.brandList()), try Self.foundation(api.brandList())),
            ("promotions", JSONOutput.data(api.promotionList()), try Self.foundation(api.promotionList())),
            ("schemas", JSONOutput.data(api.schemaIndex()), try Self.foundation(api.schemaIndex())),
        ]
        for product in catalog.products {
            let document = api.productDocument(product)
            pairs.append((product.slug.rawValue, JSONOutput.data(document), try Self.foundation(document)))
        }
        for brand in catalog.brands {
            let document = api.brandProducts(brand, page: 1)
            pairs.append((brand.slug.rawValue, JSONOutput.data(document), try Self.foundation(document)))
        }
        // The sample shop adds variants, galleries, unit prices, shipping rates, categories and sales.
        let sample = CatalogAPI(catalog: SampleShop.catalog, now: SampleShop.clock)
        for product in SampleShop.catalog.products {
            let document = sample.productDocument(product)
            pairs.append(("sample " + product.slug.rawValue, JSONOutput.data(document), try Self.foundation(document)))
        }
        for brand in SampleShop.catalog.brands {
            let document = sample.brandProducts(brand, page: 1)
            pairs.append(("sample " + brand.slug.rawValue, JSONOutput.data(document), try Self.foundation(document)))
        }
        for (name, fast, reference) in pairs {
            #expect(String(decoding: fast, as: UTF8.self) == String(decoding: reference, as: UTF8.self), "\(name)")
        }
    }

    struct Awkward: Encodable {
        var text = "quote \" backslash \\ tab \t newline \n bell \u{7} slash / é 👍🏽"
        var whole = 10.0
        var fraction = 48.8566
        var negative = -0.1251
        var big = Int64.max
        var missing: String? = nil
        var list = [1, 2, 3]
        var nested = ["b": true, "a": false]
    }

    @Test func escapesAndNumbersReadBackAsTheSameValues() throws {
        let fast = JSONOutput.data(Awkward())
        let read = try #require(try JSONSerialization.jsonObject(with: fast) as? [String: Any])
        let reference = try #require(try JSONSerialization.jsonObject(with: Self.foundation(Awkward())) as? [String: Any])
        #expect(NSDictionary(dictionary: read).isEqual(to: reference))
        #expect(read["missing"] == nil)
        #expect(String(decoding: fast, as: UTF8.self).hasSuffix(#""whole":10}"#))
    }
}
