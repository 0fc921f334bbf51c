public import CatalogModel
public import Foundation

/// What a checkout link carries: the priced cart as it was quoted, the catalog version it was
/// priced against, and when it stops being valid. The service keeps nothing else, so any
/// instance holding the same key can read any instance's links.
public struct CheckoutToken: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var sku: String
        public var quantity: Int
        /// One unit before any promotion.
        public var listPrice: Money
        /// The whole line's saving, (list − quoted unit price) × quantity.
        public var discount: Money

        public init(sku: String, quantity: Int, listPrice: Money, discount: Money) {
            self.sku = sku
            self.quantity = quantity
            self.listPrice = listPrice
            self.discount = discount
        }
    }

    public var catalogVersion: String
    /// Seconds since 1970, UTC.
    public var issuedAt: Int64
    public var expiresAt: Int64
    public var currency: Currency
    public var code: String?
    /// The storefront the cart was priced for; nil for the root, whose tokens keep format `vc1`.
    public var storefront: String?
    public var lines: [Line]

    public init(
        catalogVersion: String, issuedAt: Int64, expiresAt: Int64, currency: Currency, code: String?, storefront: String? = nil,
        lines: [Line]
    ) {
        self.storefront = storefront
        self.catalogVersion = catalogVersion
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.currency = currency
        self.code = code
        self.lines = lines
    }

    static let formatTag = "vc1"
    /// The format of a storefront's cart: `vc1` with the storefront after the code.
    static let storefrontFormatTag = "vc2"

    /// `vc1;<version>;<issued>;<expires>;<currency>;<code>;<sku>*<qty>*<unit>*<discount>,…`, or
    /// `vc2;…;<code>;<storefront>;<lines>` for a storefront other than the root. Skus
    /// (`[A-Za-z0-9._-]`), codes (`[A-Z0-9-]`) and storefronts (`[a-z0-9-]`) never contain the
    /// separators. A fixed text form rather than JSON keeps tokens short in URLs and cheap to make.
    var payload: String {
        let tag = storefront == nil ? Self.formatTag : Self.storefrontFormatTag
        var text = "\(tag);\(catalogVersion);\(issuedAt);\(expiresAt);\(currency.code);\(code ?? "");"
        if let storefront { text += storefront + ";" }
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "," }
            text += "\(line.sku)*\(line.quantity)*\(line.listPrice.minorUnits)*\(line.discount.minorUnits)"
        }
        return text
    }

    /// Reads a payload whose signature was already verified; nil if it is not one this code writes.
    init?(payload: Substring) {
        var fields = payload.split(separator: ";", omittingEmptySubsequences: false)
        var storefront: String?
        if fields.count == 8, fields[0] == Self.storefrontFormatTag, !fields[6].isEmpty {
            storefront = String(fields.remove(at: 6))
            fields[0] = Substring(Self.formatTag)
        }
        guard fields.count == 7, fields[0] == Self.formatTag, let issued = Int64(fields[2]), let expires = Int64(fields[3]),
            let currency = Currency(code: String(fields[4]))
        else { return nil }
        var lines: [Line] = []
        for entry in fields[6].split(separator: ",") {
            let parts = entry.split(separator: "*", omittingEmptySubsequences: false)
            guard parts.count == 4, let quantity = Int(parts[1]), let unit = Int64(parts[2]), let discount = Int64(parts[3])
            else { return nil }
            lines.append(Line(
                sku: String(parts[0]), quantity: quantity, listPrice: Money(minorUnits: unit, currency: currency),
                discount: Money(minorUnits: discount, currency: currency)))
        }
        guard !lines.isEmpty else { return nil }
        self.init(
            catalogVersion: String(fields[1]), issuedAt: issued, expiresAt: expires, currency: currency,
            code: fields[5].isEmpty ? nil : String(fields[5]), storefront: storefront, lines: lines)
    }

    public var expiryDate: Date { Date(timeIntervalSince1970: TimeInterval(expiresAt)) }
    public var issueDate: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt)) }
}
