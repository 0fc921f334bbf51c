import CatalogModel
import Foundation
@testable import SiteRenderer
import Testing
import VitrineTestSupport

@Suite struct ProductJSONLDTests {
    /// Short texts skip counting characters; long ones are cut at 5,000 characters, not bytes.
    @Test func descriptionKeepsAtMostFiveThousandCharacters() {
        #expect(ProductJSONLD.description("Night serum") == "Night serum")
        let accented = String(repeating: "é", count: 4_000)
        #expect(ProductJSONLD.description(accented) == accented)
        let long = String(repeating: "é", count: 6_000)
        #expect(ProductJSONLD.description(long).count == 5_000)
        #expect(ProductJSONLD.description(String(repeating: "a", count: 5_001)).count == 5_000)
    }
}

/// The structured data is written member by member; these hold it to the bytes of the same object
/// made as a `JSONValue` tree, with a description, codes and a sale (the `image` member is in the
/// product page's snapshot).
@Suite struct ProductJSONLDBytesTests {
    static let url = "https://shop.example/products/duo/"

    static func expectedOffer(price: String, list: String?, ends: String?, url: String, availability: String) -> JSONValue {
        var offer: [String: JSONValue] = [
            "@type": "Offer", "price": .string(price), "priceCurrency": "USD", "availability": .string(availability),
            "url": .string(url), "itemCondition": "https://schema.org/NewCondition",
            "seller": ["@type": "Organization", "name": .string(Records.site.title)],
        ]
        if let list {
            offer["priceSpecification"] = [
                "@type": "UnitPriceSpecification", "priceType": "https://schema.org/StrikethroughPrice",
                "price": .string(list), "priceCurrency": "USD",
            ]
        }
        if let ends { offer["priceValidUntil"] = .string(ends) }
        return .object(offer)
    }

    @Test func aProductIsWrittenAsItsTreeWouldBe() {
        let product = Records.product(
            "duo", name: "Duo </script> \u{2028}", gtin: "4006381333931", mpn: "D-1", detail: "Two \"shades\" in one.")
        let catalog = Records.catalog(
            products: [product], promotions: [Records.promotion("sale", ends: "2026-12-25", brands: ["acme"], percent: 10)])
        let now = Records.date("2026-12-01")
        let quote = catalog.quote(for: product, at: now)
        let text = ProductJSONLD.make(product, quote: quote, offers: [], brand: Records.brand("acme"), catalog: catalog, url: Self.url)
        let expected: JSONValue = [
            "@context": "https://schema.org", "@type": "Product", "name": .string(product.name), "sku": "DUO",
            "url": .string(Self.url), "brand": ["@type": "Brand", "name": "Acme"], "description": "Two \"shades\" in one.",
            "gtin": "4006381333931", "mpn": "D-1",
            "offers": Self.expectedOffer(
                price: "9.00", list: "10.00", ends: "2026-12-25", url: Self.url, availability: "https://schema.org/InStock"),
        ]
        #expect(text == expected.encoded(scriptSafe: true))
        #expect(!text.contains("</script>"))
    }

    /// A standard option becomes its schema.org property among the variant's members, in key
    /// order; another becomes an `additionalProperty`.
    @Test func aGroupsVariantsCarryTheirOptionsInKeyOrder() {
        var product = Records.product("duo", sku: "DUO", detail: "Two shades.")
        product.options = ["Shade", "Finish"]
        let source = SourceLocation(path: "products/duo.md")
        product.variants = [
            Variant(sku: "DUO-1", values: ["Rose", "Matte"], availability: .outOfStock, source: source),
            Variant(sku: "DUO-2", values: ["Sand", "Dewy"], price: Money(minorUnits: 1500, currency: .usd), gtin: "4006381333931", source: source),
        ]
        let catalog = Records.catalog(products: [product])
        let now = Records.date("2026-12-01")
        let offers = product.variants.map { variant in
            let item = product.buyable(variant)
            return (variant: variant, item: item, quote: catalog.quote(for: item, at: now))
        }
        let text = ProductJSONLD.make(
            product, quote: catalog.quote(for: product, at: now), offers: offers, brand: Records.brand("acme"), catalog: catalog,
            url: Self.url)
        func variant(_ offer: VariantOffer, price: String, availability: String, gtin: String?) -> JSONValue {
            let url = Self.url + "?variant=" + offer.variant.sku
            var object: [String: JSONValue] = [
                "@type": "Product", "name": .string(offer.item.name), "sku": .string(offer.variant.sku), "url": .string(url),
                "color": .string(offer.variant.values[0]),
                "additionalProperty": [["@type": "PropertyValue", "name": "Finish", "value": .string(offer.variant.values[1])]],
                "offers": Self.expectedOffer(price: price, list: nil, ends: nil, url: url, availability: availability),
            ]
            if let gtin { object["gtin"] = .string(gtin) }
            return .object(object)
        }
        let expected: JSONValue = [
            "@context": "https://schema.org", "@type": "ProductGroup", "name": "Duo", "url": .string(Self.url),
            "productGroupID": "DUO", "brand": ["@type": "Brand", "name": "Acme"], "description": "Two shades.",
            "variesBy": ["https://schema.org/color", "Finish"],
            "hasVariant": [
                variant(offers[0], price: "10.00", availability: "https://schema.org/OutOfStock", gtin: nil),
                variant(offers[1], price: "15.00", availability: "https://schema.org/InStock", gtin: "4006381333931"),
            ],
        ]
        #expect(text == expected.encoded(scriptSafe: true))
    }
}
