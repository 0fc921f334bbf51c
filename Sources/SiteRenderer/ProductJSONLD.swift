import CatalogModel
import Foundation

/// schema.org Product/Offer for search engines' rich results.
enum ProductJSONLD {
    static func make(_ product: Product, brand: Brand, site: Site, url: String) -> String {
        var offer: [String: Any] = [
            "@type": "Offer",
            "price": product.price.decimalString,
            "priceCurrency": product.price.currency.code,
            "availability": product.availability.schemaOrgURL,
            "url": url,
            "itemCondition": "https://schema.org/NewCondition",
        ]
        offer["seller"] = ["@type": "Organization", "name": site.title]
        var object: [String: Any] = [
            "@context": "https://schema.org",
            "@type": "Product",
            "name": product.name,
            "sku": product.sku,
            "url": url,
            "brand": ["@type": "Brand", "name": brand.title],
            "offers": offer,
        ]
        if !product.detail.plainText.isEmpty { object["description"] = String(product.detail.plainText.prefix(5000)) }
        let images = [product.image, product.thumbnail].compactMap { $0 }.map { site.absoluteURL($0.sitePath) }
        if !images.isEmpty { object["image"] = images }
        if let gtin = product.gtin { object["gtin"] = gtin }
        if let mpn = product.mpn { object["mpn"] = mpn }
        return scriptSafeJSON(object)
    }

    /// Sorted keys for byte-identical builds; `<`, `>` and `&` escaped so text can never close the
    /// surrounding `<script>` element.
    static func scriptSafeJSON(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        var out = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
