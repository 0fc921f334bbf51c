import CatalogModel

/// schema.org Product/Offer for search engines' rich results.
enum ProductJSONLD {
    static func make(_ product: Product, brand: Brand, site: Site, url: String) -> String {
        var object: [String: JSONValue] = [
            "@context": "https://schema.org",
            "@type": "Product",
            "name": .string(product.name),
            "sku": .string(product.sku),
            "url": .string(url),
            "brand": ["@type": "Brand", "name": .string(brand.title)],
            "offers": [
                "@type": "Offer",
                "price": .string(product.price.decimalString),
                "priceCurrency": .string(product.price.currency.code),
                "availability": .string(product.availability.schemaOrgURL),
                "url": .string(url),
                "itemCondition": "https://schema.org/NewCondition",
                "seller": ["@type": "Organization", "name": .string(site.title)],
            ],
        ]
        if !product.detail.plainText.isEmpty { object["description"] = .string(String(product.detail.plainText.prefix(5000))) }
        let images = [product.image, product.thumbnail].compactMap { $0 }.map { JSONValue.string(site.absoluteURL($0.sitePath)) }
        if !images.isEmpty { object["image"] = .array(images) }
        if let gtin = product.gtin { object["gtin"] = .string(gtin) }
        if let mpn = product.mpn { object["mpn"] = .string(mpn) }
        return JSONValue.object(object).encoded(scriptSafe: true)
    }
}
