/// One delivery option of the shop, from `site.json`'s `shipping`: shown on product pages and
/// written as `g:shipping`, so a merchant platform quotes the same cost the shop charges.
public struct ShippingRate: Sendable, Hashable {
    /// ISO 3166-1 alpha-2.
    public var country: String
    public var service: String
    public var price: Money
    /// Orders of an item priced at least this ship free.
    public var freeOver: Money?
    public var minDays: Int?
    public var maxDays: Int?

    public init(country: String, service: String, price: Money, freeOver: Money? = nil, minDays: Int? = nil, maxDays: Int? = nil) {
        self.country = country
        self.service = service
        self.price = price
        self.freeOver = freeOver
        self.minDays = minDays
        self.maxDays = maxDays
    }

    /// What shipping one item priced `itemPrice` costs: nothing once it reaches `freeOver`.
    public func cost(forItemPriced itemPrice: Money) -> Money {
        if let freeOver, freeOver.currency == itemPrice.currency, itemPrice >= freeOver {
            return Money(minorUnits: 0, currency: price.currency)
        }
        return price
    }

    /// `3–5 days`, `2 days`, or nil when the site says nothing of time.
    public var deliveryText: String? {
        switch (minDays, maxDays) {
        case let (min?, max?) where min == max: "\(min) day\(min == 1 ? "" : "s")"
        case let (min?, max?): "\(min)–\(max) days"
        case let (min?, nil): "from \(min) day\(min == 1 ? "" : "s")"
        case let (nil, max?): "up to \(max) day\(max == 1 ? "" : "s")"
        default: nil
        }
    }

    public static let requiredKeys = ["country", "service", "price"]
    public static let serviceLength = 1...100
    public static let days = 0...365

    /// The keys of one entry of `shipping` in `site.json`, read by the validator and documented
    /// in the README's key tables.
    public static let rules = [
        FieldRule("country", .countryCode, required: true, "ISO 3166-1 alpha-2 country the rate ships to"),
        FieldRule("service", .text(serviceLength), required: true, "name of the delivery service"),
        FieldRule("price", .decimalAmount, required: true, "cost in the rate's currency"),
        FieldRule("currency", .currencyCode, "the currency of price and freeOver (default the site's)"),
        FieldRule("freeOver", .decimalAmount, "items priced at least this ship free"),
        FieldRule("minDays", .integer(days), "fewest days to deliver"),
        FieldRule("maxDays", .integer(days), "most days to deliver"),
    ]
}
