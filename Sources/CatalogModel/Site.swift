public import Foundation

/// Shop-wide settings from `site.json`.
public struct Site: Sendable, Hashable {
    public var title: String
    /// Absolute, ending in `/`; may have a path (`https://example.com/shop/`).
    public var baseURL: String
    /// Where the files every storefront shares (pictures, scripts) are published, when that is not
    /// `baseURL`: a storefront's site (`…/ko-kr/`) has the whole site's.
    public var assetBaseURL: String?
    public var currency: Currency
    public var locale: String
    public var description: String?
    public var productsPerPage: Int
    public var checkoutURL: String?
    /// `directBuy: true`: product pages link straight to checkout beside Add to bag.
    public var directBuy: Bool
    /// Outputs not written; see `SiteOutput`.
    public var omitted: Set<SiteOutput>
    /// The quantity unit prices are quoted per, by the unit of the net content.
    public var unitPriceBase: [NetContent.Unit: NetContent]
    /// Delivery options, in the order `site.json` lists them.
    public var shipping: [ShippingRate]
    /// How local pictures are derived.
    public var images: ImageSettings
    /// The zone date-only values are days of, and times without an offset are read in.
    public var timeZone: TimeZone
    /// The shop's own keys by kind: passed to templates under `extra` without a warning, and
    /// never taken for a misspelt known key.
    public var customKeys: [RecordKind: Set<String>]
    /// `languages`: the content's own first, then its translations; empty for a shop in one language.
    public var languages: [SiteLanguage]
    /// `markets`, in order: the first market's first language is the root storefront.
    public var markets: [Market]
    /// Units of a currency per one site currency, by ISO 4217 code.
    public var exchangeRates: [String: Decimal]
    public var extra: [String: ExtraValue]
    public var source: SourceLocation

    public init(
        title: String, baseURL: String, currency: Currency, locale: String = "en_US", description: String? = nil,
        productsPerPage: Int = 20, checkoutURL: String? = nil, omitted: Set<SiteOutput> = [],
        unitPriceBase: [NetContent.Unit: NetContent] = [:], shipping: [ShippingRate] = [],
        images: ImageSettings = .standard, timeZone: TimeZone = Timestamp.utc, customKeys: [RecordKind: Set<String>] = [:],
        directBuy: Bool = false, languages: [SiteLanguage] = [], markets: [Market] = [], exchangeRates: [String: Decimal] = [:],
        extra: [String: ExtraValue] = [:], source: SourceLocation = SourceLocation(path: "site.json")
    ) {
        self.languages = languages
        self.markets = markets
        self.exchangeRates = exchangeRates
        self.directBuy = directBuy
        self.title = title
        self.baseURL = baseURL
        self.currency = currency
        self.locale = locale
        self.description = description
        self.productsPerPage = productsPerPage
        self.checkoutURL = checkoutURL
        self.omitted = omitted
        self.unitPriceBase = unitPriceBase
        self.shipping = shipping
        self.images = images
        self.timeZone = timeZone
        self.customKeys = customKeys
        self.extra = extra
        self.source = source
    }

    /// The path part of `baseURL` (`/shop/`), for links that cannot be relative (the 404 page).
    public var basePath: String {
        let afterScheme = baseURL.drop(while: { $0 != "/" }).dropFirst(2)
        let path = afterScheme.drop(while: { $0 != "/" })
        return path.isEmpty ? "/" : String(path)
    }

    /// `en` from `en_US`, for `<html lang>` and RSS `<language>` (as `en-us`).
    public var languageTag: String { locale.replacingOccurrences(of: "_", with: "-") }

    /// Absolute URL of a site path given without a leading slash.
    public func absoluteURL(_ path: String) -> String {
        if path.hasPrefix("http://") || path.hasPrefix("https://") { return path }
        return baseURL + path
    }

    /// Absolute URL of a file every storefront shares (a picture, an image): under the site's
    /// root, not under a storefront's folder, which holds only its own pages and documents.
    public func assetURL(_ path: String) -> String {
        if path.hasPrefix("http://") || path.hasPrefix("https://") { return path }
        return (assetBaseURL ?? baseURL) + path
    }

    /// The unit price of `price` for a pack of `netContent`, when the site quotes one for its unit.
    public func unitPrice(of price: Money, netContent: NetContent?) -> UnitPrice? {
        netContent?.unitPrice(of: price, bases: unitPriceBase)
    }

    public func writes(_ output: SiteOutput) -> Bool { !omitted.contains(output) }

    /// Buy link for one unit of a product, or nil without a checkout service.
    public func buyURL(sku: String, quantity: Int = 1) -> String? {
        guard let checkoutURL else { return nil }
        let base = checkoutURL.hasSuffix("/") ? checkoutURL : checkoutURL + "/"
        return base + CheckoutRoute.cart.path(CheckoutRoute.cartItems([(sku, quantity)]))
    }
}
