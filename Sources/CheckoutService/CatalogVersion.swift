public import CatalogModel
import Crypto
import Foundation

/// A fingerprint of everything that decides a cart's price: each product's sku, price, currency
/// and availability, and each discount's percent, code, dates and targets. Signed into every token,
/// so a link made before the catalog changed is noticed and re-checked instead of charged at an
/// old price. Instances loading the same content agree on it.
public struct CatalogVersion: Sendable, Hashable, CustomStringConvertible {
    /// 16 hex digits: the first 64 bits of a SHA-256 of the price-relevant fields.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(catalog: Catalog) {
        var text = "vitrine-catalog-version-1\n"
        for product in catalog.products.sorted(by: { $0.sku < $1.sku }) {
            text += "product\t\(product.sku)\t\(product.price.minorUnits)\t\(product.price.currency.code)\t"
            text += "\(product.availability.rawValue)\t\(product.slug)\t\(product.brand)\n"
        }
        for promotion in catalog.promotions.sorted(by: { $0.slug < $1.slug }) {
            guard let percent = promotion.discountPercent else { continue }
            text += "promotion\t\(promotion.slug)\t\(percent)\t\(promotion.code ?? "")\t"
            text += "\(promotion.starts.date.timeIntervalSince1970)\t\(promotion.ends.map { "\($0.date.timeIntervalSince1970)" } ?? "")\t"
            text += promotion.brands.map(\.rawValue).sorted().joined(separator: ",") + "\t"
            text += promotion.products.map(\.rawValue).sorted().joined(separator: ",") + "\n"
        }
        let digest = SHA256.hash(data: Data(text.utf8))
        rawValue = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    public var description: String { rawValue }
}
