public import CatalogModel
public import Foundation

/// Why a product costs less than its list price now: the promotion behind `Catalog.quote`, so an
/// app can say "until 24 December" without computing a discount of its own.
public struct SaleDocument: Codable, Sendable, Equatable {
    public var promotion: String
    /// RFC 3339, UTC.
    public var starts: String
    public var ends: String?
    /// Written exactly as the content gives it (`12.5`), never through a float.
    public var discountPercent: Decimal

    public init?(_ quote: PriceQuote) {
        guard let promotion = quote.promotion, let percent = promotion.discountPercent else { return nil }
        self.promotion = promotion.slug.rawValue
        starts = promotion.starts.rfc3339
        ends = promotion.ends?.rfc3339
        discountPercent = percent
    }
}

extension SaleDocument: JSONValueConvertible, JSONObjectWritable {
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "promotion": .string(promotion), "starts": .string(starts), "discountPercent": .number(DecimalText.text(of: discountPercent)),
        ]
        if let ends { object["ends"] = .string(ends) }
        return .object(object)
    }

    public func write(to writer: inout JSONObjectWriter) {
        writer.number("discountPercent", DecimalText.text(of: discountPercent))
        writer.string("ends", ends)
        writer.string("promotion", promotion)
        writer.string("starts", starts)
    }
}
