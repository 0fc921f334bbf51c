/// The kinds of content file, each with its folder and its keys. The key tables below are the
/// single statement of the content model: the validator reads them, and so do the JSON Schemas.
public enum RecordKind: String, Sendable, Hashable, CaseIterable {
    case site, brand, product, promotion, page, category

    /// Folder under the content folder; nil for `site.json`.
    public var folder: String? {
        switch self {
        case .site: nil
        case .brand: "brands"
        case .product: "products"
        case .promotion: "promotions"
        case .page: "pages"
        case .category: "categories"
        }
    }

    /// Where a `.json` file keeps the Markdown body a `.md` file has after its front matter.
    public var jsonBodyKey: String? {
        switch self {
        case .site: nil
        case .brand: "description"
        case .product: "detail"
        case .promotion: "content"
        case .page: "body"
        case .category: "description"
        }
    }

    /// How `customKeys` in `site.json` names the kind: its folder, or `site`.
    public var pluralName: String { folder ?? "site" }

    /// Whether records of this kind may be nested in sub-folders.
    public var allowsSubfolders: Bool { self == .product }

    public var fields: [FieldRule] {
        switch self {
        case .site:
            return [
                FieldRule("title", .text(1...200), required: true, "shop name"),
                FieldRule("baseURL", .baseURL, required: true, "where the output folder is published, ending in /"),
                FieldRule("currency", .currencyCode, required: true, "default currency of prices"),
                FieldRule("locale", .localeTag, "number, price and date formatting (default en_US)"),
                FieldRule("description", .text(1...1000), "home page and feed description"),
                FieldRule("productsPerPage", .integer(1...1000), "brand page pagination (default 20)"),
                FieldRule("checkoutURL", .webURL, "base URL of the checkout-link service"),
                FieldRule("directBuy", .boolean, "a Buy link straight to checkout beside Add to bag (default false)"),
                FieldRule(
                    "omit", .choices(SiteOutput.allCases.map(\.rawValue)),
                    "outputs not to write, for hosts that cap a site's files: api (the JSON API and its schemas), brandFeeds (one RSS feed per brand)"),
                FieldRule("unitPriceBase", .unitPriceBase, "the quantity unit prices are quoted per, by unit, e.g. {\"ml\": \"100 ml\"}"),
                FieldRule("shipping", .shipping, "delivery rates: {country, service, price, freeOver?, minDays?, maxDays?}"),
                FieldRule("images", .imageSettings, "derived pictures: {widths?, formats?, quality?, avifQuality?, maxPixels?, keepOriginalMetadata?}"),
                FieldRule("timeZone", .timeZone, "IANA zone date-only values are days of, e.g. America/Los_Angeles (default UTC)"),
                FieldRule("customKeys", .customKeys, "the shop's own keys by kind, passed to templates under extra, e.g. {\"products\": [\"ingredients\"]}"),
                FieldRule("languages", .languages, "BCP 47 tags; the first is the content's own language, the others are translations, e.g. [\"en\", \"ko\"]"),
                FieldRule("markets", .markets, "where the shop sells: {id, countries, currency, languages, name?, rounding?}; the first market's first language is the root storefront"),
                FieldRule("exchangeRates", .exchangeRates, "units of a currency per one site currency, e.g. {\"KRW\": \"1385\"}, to convert prices a product does not list"),
            ]
        case .brand:
            return [
                FieldRule("title", .text(1...200), required: true, "brand name"),
                FieldRule("logo", .image, "image path under images/ or absolute URL"),
                FieldRule("country", .countryCode, "origin country"),
                FieldRule("website", .webURL, "the brand's own site"),
            ]
        case .product:
            return [
                FieldRule("sku", .pattern(Patterns.sku, 1...50, example: "SKU-001"), required: true, "unique stock keeping unit"),
                FieldRule("name", .text(1...300), required: true, "product name"),
                FieldRule("brand", .reference(.brand), required: true, "brand slug"),
                FieldRule("price", .decimalAmount, required: true, "price in the product's currency"),
                FieldRule("currency", .currencyCode, "defaults to the site currency"),
                FieldRule("priceUnit", .text(1...20), "unit the price is for (default ea)"),
                FieldRule("availability", .choice(Availability.allCases.map(\.rawValue)), "default in_stock"),
                FieldRule("thumbnail", .image, "list thumbnail"),
                FieldRule("image", .image, "full-size image"),
                FieldRule("gtin", .gtin, "8, 12, 13 or 14 digits with a valid check digit"),
                FieldRule("mpn", .text(1...70), "manufacturer part number"),
                FieldRule("tags", .textList, "search and grouping words"),
                FieldRule("date", .timestamp, "when the product was added"),
                FieldRule("images", .imageList, "gallery images after image"),
                FieldRule("netContent", .netContent, "what the pack holds, e.g. 50 ml; gives the unit price"),
                FieldRule("options", .optionNames, "option names of the variants, e.g. [shade]"),
                FieldRule("variants", .variants, "buyable shades or sizes, each with a sku and a value per option"),
                FieldRule("categories", .references(.category), "category slugs; the first gives the breadcrumb"),
                FieldRule("featured", .boolean, "shown on the home page (default false)"),
                FieldRule("prices", .prices, "prices in other markets' currencies, e.g. {KRW: 45000, JPY: 5200}"),
            ]
        case .promotion:
            return [
                FieldRule("title", .text(1...200), required: true, "promotion title"),
                FieldRule("starts", .timestamp, required: true, "start; the feed item's date"),
                FieldRule("ends", .timestamp, "end, after starts; open-ended without it"),
                FieldRule("brands", .references(.brand), "brand slugs it applies to"),
                FieldRule("products", .references(.product), "product slugs it applies to"),
                FieldRule("discountPercent", .percent, "discount applied at checkout while active"),
                FieldRule("code", .pattern(Patterns.promotionCode, 1...32, example: "XMAS10"), "code shoppers enter"),
                FieldRule("image", .image, "banner image"),
                FieldRule("stores", .stores, "where the deal can be had in person"),
                FieldRule("markets", .marketIDs, "ids of the markets it runs in (default all), e.g. [kr]"),
            ]
        case .page:
            return [FieldRule("title", .text(1...200), required: true, "page title")]
        case .category:
            return [
                FieldRule("title", .text(1...200), required: true, "category name"),
                FieldRule("parent", .reference(.category), "slug of the category it sits in"),
                FieldRule("googleCategory", .googleCategory, "Google product taxonomy id or path, e.g. 2915"),
                FieldRule("image", .image, "category picture"),
            ]
        }
    }

    /// Keys of `.json` files: the front-matter keys plus the body key.
    public func knownKeys(json: Bool) -> [String] {
        var keys = fields.map(\.key)
        if json, let body = jsonBodyKey { keys.append(body) }
        return keys
    }

    /// Regular expressions for the content model's textual rules, in the subset that ICU
    /// (NSRegularExpression), ECMA-262 (JSON Schema) and Python agree on. `sku`, `promotionCode`
    /// and `locale` are what the validator itself matches; the others restate, for the JSON
    /// Schemas, a rule the validator checks in code (`WebURL`, `ImageReference`, `Timestamp`,
    /// `Money`, `GTIN`, `Slug`), and tests hold both to the same answers.
    public enum Patterns {
        public static let sku = "^[A-Za-z0-9._-]+$"
        public static let promotionCode = "^[A-Z0-9-]+$"
        public static let locale = #"^[a-z]{2,3}([_-][A-Z][a-z]{3})?([_-]([A-Z]{2}|[0-9]{3}))?$"#
        /// A BCP 47 tag as `languages` takes it: language, optional script and region (`pt-BR`, `zh-Hant`).
        public static let languageTag = #"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$"#
        public static let slug = Slug.pattern
        /// Absolute http(s) URL with a host and no white space; the scheme in any case.
        public static let webURL = #"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\s]+\S*$"#
        /// A web URL ending in `/`.
        public static let baseURL = #"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\s]+\S*/$"#
        /// A path under `images/` (an optional leading `/`, no empty, `.` or `..` segment), or an
        /// absolute URL whose scheme is written in lower case.
        public static let image = #"^(https?://[^/?#\s]+\S*|/?images(/(?!\.\.?(/|$))[^/]+)+)$"#
        /// ISO 8601 date, or date-time with an optional zone; the day is checked against the month by the validator only.
        public static let timestamp =
            #"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"#
            + #"([Tt ]([01][0-9]|2[0-3]):[0-5][0-9](:([0-5][0-9]|60)(\.[0-9]+)?)? ?([Zz]|[+-]([01][0-9]|2[0-3]):?([0-9]{2})?)?)?$"#
        /// 8, 12, 13 or 14 digits; the check digit is the validator's alone.
        public static let gtinDigits = "^([0-9]{8}|[0-9]{12,14})$"
        /// A price written as a string: digits, and as many fraction digits as any currency has.
        public static var decimalAmount: String {
            "^[0-9]{1,\(Money.maxWholeDigits)}(\\.[0-9]{1,\(Currency.maxMinorUnits)})?$"
        }
        /// At least one character that is not white space.
        public static let nonBlank = #"\S"#
        /// An option name: a camelCase key.
        public static let optionName = "^[a-z][A-Za-z0-9]{0,39}$"
        /// `<number> <unit>`, as `NetContent.parse` reads it.
        public static let netContent = #"^[0-9]{1,9}(\.[0-9]{1,6})? (ml|l|g|kg|oz|fl oz|ct)$"#
    }

    /// Top-level output names a free page may not take.
    public static let reservedPageSlugs: Set<String> = [
        "brands", "products", "promotions", "search", "feeds", "images", "bag", "favourites", "deals", "api", "checkout",
        "categories",
    ]
}

/// One key of a content file: its type, whether it must be there, and what it is for.
public struct FieldRule: Sendable {
    public let key: String
    public let type: FieldType
    public let required: Bool
    public let summary: String

    public init(_ key: String, _ type: FieldType, required: Bool = false, _ summary: String) {
        self.key = key
        self.type = type
        self.required = required
        self.summary = summary
    }
}

public enum FieldType: Sendable {
    case text(ClosedRange<Int>)
    case pattern(String, ClosedRange<Int>, example: String)
    case decimalAmount
    case currencyCode
    case countryCode
    case localeTag
    case webURL
    case baseURL
    case image
    case reference(RecordKind)
    case references(RecordKind)
    case textList
    case timestamp
    case choice([String])
    /// A list, each item one of these, none twice.
    case choices([String])
    case integer(ClosedRange<Int>)
    case percent
    case gtin
    case stores
    /// A list of images.
    case imageList
    /// `<number> <unit>`.
    case netContent
    /// 1–3 camelCase names, none twice.
    case optionNames
    /// A list of variants; see `Variant`.
    case variants
    /// A map from net-content unit to the quantity its unit price is for.
    case unitPriceBase
    /// A list of `ShippingRate`s.
    case shipping
    /// A Google product taxonomy id (digits) or path (`A > B > C`).
    case googleCategory
    /// `ImageSettings`: how pictures are derived.
    case imageSettings
    /// A list of whole numbers in a range, each once.
    case integerList(ClosedRange<Int>)
    /// An IANA time zone name (`Asia/Seoul`).
    case timeZone
    /// `true` or `false`.
    case boolean
    /// A map from a kind's folder name (`products`, or `site`) to keys of the shop's own.
    case customKeys
    /// `languages`: BCP 47 tags, or `{tag, fallback}`.
    case languages
    /// A list of `Market`s.
    case markets
    /// A map from currency code to a decimal rate.
    case exchangeRates
    /// A map from currency code to a decimal amount.
    case prices
    /// Ids of markets in `site.json`.
    case marketIDs
    /// ISO 3166-1 alpha-2 codes, at least one, none twice.
    case countryList
    /// A map from a default-language text to its translation.
    case textMap
}
