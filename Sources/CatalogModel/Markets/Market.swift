public import Foundation

/// Where a shop sells in one currency: a set of countries, the languages its storefronts speak,
/// and how prices converted into its currency are rounded. A country belongs to one market at
/// most, so a shopper's price never depends on which storefront they opened.
public struct Market: Sendable, Hashable {
    /// A slug, unique among the markets; promotions name markets by it.
    public var id: String
    /// ISO 3166-1 alpha-2, at least one.
    public var countries: [String]
    public var currency: Currency
    /// BCP 47 tags from `site.json`'s `languages`, at least one; the first is the market's own.
    public var languages: [String]
    public var name: String?
    /// The step converted prices are rounded to, in the currency's minor units (`100` for KRW
    /// rounds to hundreds of won); nil rounds to one minor unit.
    public var roundingStep: Int64?
    public var source: SourceLocation

    public init(
        id: String, countries: [String], currency: Currency, languages: [String], name: String? = nil,
        roundingStep: Int64? = nil, source: SourceLocation = SourceLocation(path: "site.json")
    ) {
        self.id = id
        self.countries = countries
        self.currency = currency
        self.languages = languages
        self.name = name
        self.roundingStep = roundingStep
        self.source = source
    }

    /// The keys of one entry of `markets`, read by the validator and documented from here.
    public static let rules = [
        FieldRule("id", .pattern(Slug.pattern, 1...40, example: "kr"), required: true, "a slug naming the market, e.g. kr"),
        FieldRule("countries", .countryList, required: true, "ISO 3166-1 alpha-2 countries it sells to, e.g. [KR]"),
        FieldRule("currency", .currencyCode, required: true, "ISO 4217 currency its prices are in"),
        FieldRule("languages", .textList, required: true, "languages of its storefronts, from site.json's languages; the first is the market's own"),
        FieldRule("name", .text(1...100), "what the storefront switcher calls it (default: the first country's name)"),
        FieldRule("rounding", .decimalAmount, "step converted prices are rounded to, e.g. \"100\" for KRW (default: the currency's minor unit)"),
    ]

    /// `amount` rounded half-even to the market's step, as the contract rounds converted prices.
    public func rounded(minorUnits amount: Decimal) -> Int64 {
        let step = Decimal(roundingStep ?? 1)
        var steps = amount / step
        var whole = Decimal()
        NSDecimalRound(&whole, &steps, 0, .bankers)
        let value = whole * step
        return NSDecimalNumber(decimal: value).int64Value
    }
}
