/// One (market, language) pair: a whole site of its own under `<language>-<market>/`, or at the
/// root for the first market's first language.
public struct Storefront: Sendable, Hashable {
    public var market: Market
    public var language: SiteLanguage
    public var isRoot: Bool

    public init(market: Market, language: SiteLanguage, isRoot: Bool) {
        self.market = market
        self.language = language
        self.isRoot = isRoot
    }

    /// `ko-kr/`, or empty at the root: what every output path of the storefront starts with.
    public var pathPrefix: String { isRoot ? "" : Self.folder(language: language.tag, market: market.id) + "/" }

    /// `hreflang`'s value: the language with the market's first country (`ko-KR`).
    public var hreflang: String { language.primary + "-" + (market.countries.first ?? "") }

    /// The locale its prices, numbers and dates are written in (`ko_KR`).
    public var locale: String { language.primary + "_" + (market.countries.first ?? "") }

    /// The folder a non-root storefront lives in, in lowercase as the contract has it.
    public static func folder(language: String, market: String) -> String {
        (language + "-" + market).lowercased()
    }
}
