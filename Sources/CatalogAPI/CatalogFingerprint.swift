public import CatalogModel
import Crypto
import Foundation

/// A version of the catalog's content: SHA-256 over a canonical JSON form of every record, in
/// catalog order. It ignores the build clock and where files sit on disk, so two builds of the
/// same content agree, and any change an app could see (a price, a body, an unknown key passed
/// to templates) changes it.
public enum CatalogFingerprint {
    public static func sha256(of catalog: Catalog) -> String {
        var hasher = SHA256()
        func add(_ kind: String, _ value: JSONValue) {
            hasher.update(data: Data(kind.utf8))
            hasher.update(data: JSONOutput.data(value))
            hasher.update(data: Data([0x0A]))
        }
        add("site", canonical(catalog.site))
        for brand in catalog.brands { add("brand", canonical(brand)) }
        for product in catalog.products { add("product", canonical(product)) }
        for promotion in catalog.promotions { add("promotion", canonical(promotion)) }
        for page in catalog.pages { add("page", canonical(page)) }
        return hasher.finalize().map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    static func canonical(_ site: Site) -> JSONValue {
        [
            "title": .string(site.title), "baseURL": .string(site.baseURL), "currency": .string(site.currency.code),
            "locale": .string(site.locale), "description": optional(site.description),
            "productsPerPage": .int(site.productsPerPage), "checkoutURL": optional(site.checkoutURL),
            "extra": extra(site.extra),
        ]
    }

    static func canonical(_ brand: Brand) -> JSONValue {
        [
            "slug": .string(brand.slug.rawValue), "title": .string(brand.title), "logo": optional(brand.logo?.sitePath),
            "country": optional(brand.country), "website": optional(brand.website),
            "description": .string(brand.description.source), "extra": extra(brand.extra),
        ]
    }

    static func canonical(_ product: Product) -> JSONValue {
        [
            "slug": .string(product.slug.rawValue), "sku": .string(product.sku), "name": .string(product.name),
            "brand": .string(product.brand.rawValue), "price": .string(String(product.price.minorUnits)),
            "currency": .string(product.price.currency.code), "priceUnit": .string(product.priceUnit),
            "availability": .string(product.availability.rawValue), "thumbnail": optional(product.thumbnail?.sitePath),
            "image": optional(product.image?.sitePath), "gtin": optional(product.gtin), "mpn": optional(product.mpn),
            "tags": .array(product.tags.map(JSONValue.string)), "date": optional(product.date?.iso8601),
            "detail": .string(product.detail.source), "extra": extra(product.extra),
        ]
    }

    static func canonical(_ promotion: Promotion) -> JSONValue {
        [
            "slug": .string(promotion.slug.rawValue), "title": .string(promotion.title),
            "starts": .string(promotion.starts.iso8601), "ends": optional(promotion.ends?.iso8601),
            "brands": .array(promotion.brands.map { .string($0.rawValue) }),
            "products": .array(promotion.products.map { .string($0.rawValue) }),
            "discountPercent": optional(promotion.discountPercent.map { "\($0)" }), "code": optional(promotion.code),
            "image": optional(promotion.image?.sitePath),
            "stores": .array(promotion.stores.map { store in
                [
                    "name": .string(store.name), "address": optional(store.address),
                    "latitude": .string(String(store.latitude)), "longitude": .string(String(store.longitude)),
                ]
            }),
            "content": .string(promotion.content.source), "extra": extra(promotion.extra),
        ]
    }

    static func canonical(_ page: Page) -> JSONValue {
        ["slug": .string(page.slug.rawValue), "title": .string(page.title), "body": .string(page.body.source), "extra": extra(page.extra)]
    }

    private static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    private static func extra(_ values: [String: ExtraValue]) -> JSONValue { .object(values.mapValues(json)) }

    private static func json(_ value: ExtraValue) -> JSONValue {
        switch value {
        case .string(let s): .string(s)
        case .bool(let b): .bool(b)
        case .null: .null
        case .list(let items): .array(items.map(json))
        // Duplicate keys cannot reach here (the YAML parser refuses them); the first wins regardless.
        case .map(let pairs): .object(Dictionary(pairs.map { ($0.key, json($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
