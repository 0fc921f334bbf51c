import CatalogModel
import Foundation

/// schema.org Product/Offer for search engines' rich results. The offer's price is what the
/// shopper pays (`Catalog.quote`), as Google compares it with the page and the merchant feed.
/// A product with variants is a `ProductGroup` whose `hasVariant` lists each as a `Product` with
/// its own offer, the shape Google documents for product variants.
enum ProductJSONLD {
    /// `quote` is the product's own; `offers` its variants', as the page priced them.
    static func make(
        _ product: Product, quote: PriceQuote, offers: [VariantOffer], brand: Brand, catalog: Catalog, url: String
    ) -> String {
        guard product.hasVariants else {
            var object = item(product, quote: quote, brand: brand, catalog: catalog, url: url)
            object["@context"] = "https://schema.org"
            return JSONValue.object(object).encoded(scriptSafe: true)
        }
        var group: [String: JSONValue] = [
            "@context": "https://schema.org",
            "@type": "ProductGroup",
            "name": .string(product.name),
            "url": .string(url),
            "productGroupID": .string(product.sku),
            "brand": ["@type": "Brand", "name": .string(brand.title)],
            "variesBy": .array(product.options.map { .string(variesBy($0)) }),
        ]
        if !product.detail.plainText.isEmpty { group["description"] = .string(description(product.detail.plainText)) }
        let images = images(of: product, catalog: catalog)
        if !images.isEmpty { group["image"] = .array(images) }
        group["hasVariant"] = .array(offers.map { variant, buyable, quote in
            var object = item(
                buyable, quote: quote, brand: brand, catalog: catalog,
                url: url + "?variant=" + (variant.sku.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? variant.sku),
                describe: false)
            object["brand"] = nil
            var additional: [JSONValue] = []
            for (name, value) in product.optionValues(of: variant) {
                if let property = Variant.standardAttribute(for: name) {
                    object[property] = .string(value)
                } else {
                    // No schema.org property says this option: an additional property does.
                    additional.append(["@type": "PropertyValue", "name": .string(name), "value": .string(value)])
                }
            }
            if !additional.isEmpty { object["additionalProperty"] = .array(additional) }
            return .object(object)
        })
        return JSONValue.object(group).encoded(scriptSafe: true)
    }

    /// `variesBy` names schema.org properties by URL and other options as they are written.
    static func variesBy(_ option: String) -> String {
        Variant.standardAttribute(for: option).map { "https://schema.org/" + $0 } ?? option
    }

    static func images(of product: Product, catalog: Catalog) -> [JSONValue] {
        var seen = Set<String>()
        return ([product.image, product.thumbnail].compactMap { $0 } + product.images)
            .map { catalog.site.absoluteURL(catalog.published($0, atLeast: Catalog.shareWidth).sitePath) }
            .filter { seen.insert($0).inserted }.map(JSONValue.string)
    }

    /// One product with its offer; a variant (`describe` false) leaves the text to its group.
    static func item(_ product: Product, quote: PriceQuote, brand: Brand, catalog: Catalog, url: String, describe: Bool = true)
        -> [String: JSONValue]
    {
        var offer: [String: JSONValue] = [
            "@type": "Offer",
            "price": .string(quote.price.decimalString),
            "priceCurrency": .string(quote.price.currency.code),
            "availability": .string(product.availability.schemaOrgURL),
            "url": .string(url),
            "itemCondition": "https://schema.org/NewCondition",
            "seller": ["@type": "Organization", "name": .string(catalog.site.title)],
        ]
        if quote.isReduced {
            // Google's way of saying "was": the list price as a strikethrough price specification.
            offer["priceSpecification"] = [
                "@type": "UnitPriceSpecification",
                "priceType": "https://schema.org/StrikethroughPrice",
                "price": .string(quote.list.decimalString),
                "priceCurrency": .string(quote.list.currency.code),
            ]
            // The sale price holds until the promotion ends (the last day it runs, as a date).
            if let ends = quote.ends { offer["priceValidUntil"] = .string(Self.lastDay(before: ends)) }
        }
        var object: [String: JSONValue] = [
            "@type": "Product",
            "name": .string(product.name),
            "sku": .string(product.sku),
            "url": .string(url),
            "brand": ["@type": "Brand", "name": .string(brand.title)],
            "offers": .object(offer),
        ]
        if describe, !product.detail.plainText.isEmpty {
            object["description"] = .string(description(product.detail.plainText))
        }
        let images = images(of: product, catalog: catalog)
        if !images.isEmpty { object["image"] = .array(images) }
        if let gtin = product.gtin { object["gtin"] = .string(gtin) }
        if let mpn = product.mpn { object["mpn"] = .string(mpn) }
        return object
    }

    /// At most 5,000 characters. A text of at most 5,000 bytes has no more characters than that,
    /// so it is returned without counting them: counting breaks a text into grapheme clusters,
    /// and doing so for every description was a quarter of the structured data's time.
    static func description(_ text: String) -> String {
        text.utf8.count <= 5000 ? text : String(text.prefix(5000))
    }

    /// `priceValidUntil` is a date, and a promotion ends at an instant it no longer runs: midnight
    /// of 25 December means the price is valid until 24 December.
    static func lastDay(before end: Timestamp) -> String {
        Timestamp(date: end.date.addingTimeInterval(-1), hasTime: false).iso8601
    }
}
