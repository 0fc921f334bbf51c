import CatalogModel
import Foundation

/// schema.org Product/Offer for search engines' rich results. The offer's price is what the
/// shopper pays (`Catalog.quote`), as Google compares it with the page and the merchant feed.
enum ProductJSONLD {
    static func make(_ product: Product, quote: PriceQuote, brand: Brand, site: Site, url: String) -> String {
        var offer: [String: JSONValue] = [
            "@type": "Offer",
            "price": .string(quote.price.decimalString),
            "priceCurrency": .string(quote.price.currency.code),
            "availability": .string(product.availability.schemaOrgURL),
            "url": .string(url),
            "itemCondition": "https://schema.org/NewCondition",
            "seller": ["@type": "Organization", "name": .string(site.title)],
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
            "@context": "https://schema.org",
            "@type": "Product",
            "name": .string(product.name),
            "sku": .string(product.sku),
            "url": .string(url),
            "brand": ["@type": "Brand", "name": .string(brand.title)],
            "offers": .object(offer),
        ]
        if !product.detail.plainText.isEmpty { object["description"] = .string(String(product.detail.plainText.prefix(5000))) }
        let images = [product.image, product.thumbnail].compactMap { $0 }.map { JSONValue.string(site.absoluteURL($0.sitePath)) }
        if !images.isEmpty { object["image"] = .array(images) }
        if let gtin = product.gtin { object["gtin"] = .string(gtin) }
        if let mpn = product.mpn { object["mpn"] = .string(mpn) }
        return JSONValue.object(object).encoded(scriptSafe: true)
    }

    /// `priceValidUntil` is a date, and a promotion ends at an instant it no longer runs: midnight
    /// of 25 December means the price is valid until 24 December.
    static func lastDay(before end: Timestamp) -> String {
        Timestamp(date: end.date.addingTimeInterval(-1), hasTime: false).iso8601
    }
}
