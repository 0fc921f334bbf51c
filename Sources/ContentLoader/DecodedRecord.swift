public import CatalogModel
import Foundation

/// A record read from one file, with what it points at, so references and images can be checked
/// once every file has been read.
public struct DecodedRecord<Record: Sendable>: Sendable {
    public var record: Record
    public var references: [Reference]
    public var images: [ImageUse]

    public init(record: Record, references: [Reference] = [], images: [ImageUse] = []) {
        self.record = record
        self.references = references
        self.images = images
    }
}

/// What one record names and shows, checked once every record is read.
public struct RecordUses: Sendable {
    public var references: [Reference]
    public var images: [ImageUse]
}

/// The records of one kind, and beside them what each names and shows, in two lists: the catalog
/// takes the records as they are. Copied out of a list of `DecodedRecord`s, every field of every
/// product was retained, and dropping that list released them all again, on the one core the
/// assembly runs on.
public struct DecodedRecords<Record: Sendable>: Sendable {
    public private(set) var records: [Record] = []
    public private(set) var uses: [RecordUses] = []

    public init() {}

    /// Moves the record in: `decoded` is given up, so its fields change hands without a copy.
    public mutating func append(_ decoded: consuming DecodedRecord<Record>) {
        let uses = RecordUses(references: decoded.references, images: decoded.images)
        records.append((consume decoded).record)
        self.uses.append(uses)
    }

    /// Changes the record at `position` in place (`stock.csv`'s prices and stock).
    mutating func modify(at position: Int, _ change: (inout Record) -> Void) {
        change(&records[position])
    }

    /// Only the records at `positions`, in that order.
    func keeping(_ positions: [Int]) -> DecodedRecords<Record> {
        var kept = DecodedRecords()
        kept.records = positions.map { records[$0] }
        kept.uses = positions.map { uses[$0] }
        return kept
    }
}

/// Turns checked fields into records. `markdown` renders a body; the model itself does no I/O
/// and knows no Markdown library.
public enum RecordDecoder {
    public typealias MarkdownRenderer = @Sendable (String) -> RenderedMarkdown

    public static func site(_ reader: inout FieldReader) -> Site? {
        let title = reader.text("title")
        let baseURL = reader.text("baseURL")
        let currency = reader.text("currency").flatMap { Currency(code: $0) }
        let locale = reader.text("locale") ?? "en_US"
        let description = reader.text("description")
        let perPage = reader.integer("productsPerPage") ?? 20
        let checkoutURL = reader.text("checkoutURL")
        let directBuy = reader.boolean("directBuy") ?? false
        let omitted = Set((reader.choices("omit") ?? []).compactMap(SiteOutput.init(rawValue:)))
        let unitPriceBase = reader.unitPriceBase("unitPriceBase") ?? [:]
        let shipping = currency.flatMap { reader.shipping("shipping", currency: $0) } ?? []
        let images = reader.imageSettings("images") ?? .standard
        let timeZone = reader.timeZone("timeZone") ?? Timestamp.utc
        let customKeys = reader.customKeys("customKeys") ?? [:]
        let languages = reader.languages("languages") ?? []
        let tags = languages.isEmpty ? [Site.primaryLanguage(of: locale)] : languages.map(\.tag)
        let markets = currency.flatMap { reader.markets("markets", currency: $0, languages: tags) } ?? []
        let rates = currency.flatMap { reader.exchangeRates("exchangeRates", currency: $0) } ?? [:]
        guard let title, let baseURL, let currency else { return nil }
        if reader.present("markets") == nil || !markets.isEmpty {
            checkMarketUse(&reader, languages: languages, markets: markets, rates: rates)
        }
        return Site(
            title: title, baseURL: baseURL, currency: currency, locale: locale, description: description,
            productsPerPage: perPage, checkoutURL: checkoutURL, omitted: omitted, unitPriceBase: unitPriceBase,
            shipping: shipping, images: images, timeZone: timeZone, customKeys: customKeys, directBuy: directBuy,
            languages: languages, markets: markets, exchangeRates: rates, extra: reader.extra, source: reader.file)
    }

    /// What `languages`, `markets` and `exchangeRates` say that nothing will use: each a warning,
    /// since the build is right, only not what the shop likely meant.
    private static func checkMarketUse(_ reader: inout FieldReader, languages: [SiteLanguage], markets: [Market], rates: [String: Decimal]) {
        if markets.isEmpty {
            if languages.count > 1 {
                reader.report(.warning(
                    "languages: no market sells in \(languages.dropFirst().map(\.tag).joined(separator: ", ")), so only the "
                        + "\(languages[0].tag) storefront is built; add `markets`, e.g. [{\"id\": \"kr\", \"countries\": [\"KR\"], "
                        + "\"currency\": \"KRW\", \"languages\": [\"ko\"]}]",
                    at: reader.location(of: "languages")))
            }
        } else {
            let sold = Set(markets.flatMap(\.languages))
            for language in languages where !sold.contains(language.tag) {
                reader.report(.warning(
                    "languages: no market lists \"\(language.tag)\", so its translations are checked but not published; "
                        + "add it to a market's languages", at: reader.location(of: "languages")))
            }
        }
        let used = Set(markets.map(\.currency.code))
        for code in rates.keys.sorted() where !used.contains(code) {
            reader.report(.warning(
                "exchangeRates.\(code): no market sells in \(code), so the rate is unused", at: reader.location(of: "exchangeRates")))
        }
    }

    public static func brand(_ reader: inout FieldReader, slug: Slug, body: String?, markdown: MarkdownRenderer)
        -> DecodedRecord<Brand>?
    {
        let title = reader.text("title")
        let logo = reader.image("logo")
        let country = reader.text("country")
        let website = reader.text("website")
        let text = body ?? reader.jsonBody() ?? ""
        guard let title else { return nil }
        let brand = Brand(
            slug: slug, title: title, logo: logo?.image, country: country, website: website,
            description: markdown(text), extra: reader.extra, source: reader.file)
        return DecodedRecord(record: brand, images: [logo].compactMap { $0 })
    }

    public static func product(
        _ reader: inout FieldReader, slug: Slug, body: String?, site: Site?, markdown: MarkdownRenderer
    ) -> DecodedRecord<Product>? {
        let sku = reader.text("sku")
        let name = reader.text("name")
        let brand = reader.reference("brand")
        let currencyCode = reader.text("currency")
        let currency = currencyCode.flatMap { Currency(code: $0) } ?? site?.currency ?? .usd
        let price = reader.money("price", currency: currency)
        let unit = reader.text("priceUnit")
        let availability = reader.text("availability").flatMap { Availability(rawValue: $0) } ?? .inStock
        let thumbnail = reader.image("thumbnail")
        let image = reader.image("image")
        let gtin = reader.text("gtin")
        let mpn = reader.text("mpn")
        let tags = reader.texts("tags") ?? []
        let date = reader.timestamp("date")
        let gallery = reader.images("images") ?? []
        let netContent = reader.netContent("netContent")
        let (options, variants, variantImages) = productVariants(&reader, sku: sku, currency: currency)
        let categories = reader.references("categories") ?? []
        let featured = reader.boolean("featured") ?? false
        let prices = reader.prices("prices", own: currency) ?? []
        for use in [image ?? thumbnail].compactMap({ $0 }) + variantImages where use.image.isSVG {
            reader.report(.warning(
                "\(use.key): merchant platforms refuse SVG pictures, so the product feed leaves \(use.image.sitePath) out; "
                    + "add a PNG or JPEG version as \(use.key)", at: use.location))
        }
        let text = body ?? reader.jsonBody() ?? ""
        guard let sku, let name, let brand, let price else { return nil }
        let product = Product(
            slug: slug, sku: sku, name: name, brand: brand.slug, price: price, priceUnit: unit,
            availability: availability, thumbnail: thumbnail?.image, image: image?.image, gtin: gtin, mpn: mpn,
            tags: tags, date: date, images: gallery.map(\.image), netContent: netContent, options: options,
            variants: variants, categories: categories.map(\.slug), featured: featured, prices: prices, detail: markdown(text), extra: reader.extra,
            source: reader.file)
        return DecodedRecord(
            record: product, references: [brand] + categories, images: [thumbnail, image].compactMap { $0 } + gallery + variantImages)
    }

    /// `options` and `variants`, which come together or not at all.
    private static func productVariants(_ reader: inout FieldReader, sku: String?, currency: Currency)
        -> (options: [String], variants: [Variant], images: [ImageUse])
    {
        let hasOptions = reader.present("options") != nil
        let hasVariants = reader.present("variants") != nil
        if hasOptions != hasVariants {
            let (given, missing) = hasOptions ? ("options", "variants") : ("variants", "options")
            let json = reader.isJSON
            let example = hasOptions
                ? FieldExample.entry(
                    "variants", .list([.keys([("sku", .text("\(sku ?? "SKU")-1")), ("<option>", .text("…"))])]), json: json)
                : FieldExample.entry("options", .list([.text("shade")]), json: json) + " naming the key each variant gives a value for"
            reader.report(.error(
                "\(given) without \(missing): a product with variants has both; add e.g. \(example), or remove `\(given)`",
                at: reader.location(of: given)))
            return ([], [], [])
        }
        guard hasOptions, let options = reader.optionNames("options"),
            let read = reader.variants("variants", options: options, groupSKU: sku, currency: currency)
        else { return ([], [], []) }
        return (options, read.variants, read.images)
    }

    public static func promotion(
        _ reader: inout FieldReader, slug: Slug, body: String?, site: Site? = nil, markdown: MarkdownRenderer
    ) -> DecodedRecord<Promotion>? {
        let title = reader.text("title")
        let starts = reader.timestamp("starts")
        let ends = reader.timestamp("ends", through: true)
        let brands = reader.references("brands") ?? []
        let products = reader.references("products") ?? []
        let percent = reader.percent("discountPercent")
        let code = reader.text("code")
        let image = reader.image("image")
        let stores = reader.stores("stores") ?? []
        let markets = reader.marketIDs("markets", markets: site?.markets ?? []) ?? []
        let text = body ?? reader.jsonBody() ?? ""
        if let starts, let ends, ends <= starts {
            reader.report(.error(
                "ends: \(ends.iso8601) is not after starts (\(starts.iso8601)); a promotion ends after it starts",
                at: reader.location(of: "ends")))
        }
        guard let title, let starts else { return nil }
        let promotion = Promotion(
            slug: slug, title: title, starts: starts, ends: ends, brands: brands.map(\.slug),
            products: products.map(\.slug), discountPercent: percent, code: code, image: image?.image, stores: stores,
            markets: markets, content: markdown(text), extra: reader.extra, source: reader.file)
        return DecodedRecord(record: promotion, references: brands + products, images: [image].compactMap { $0 })
    }

    public static func category(_ reader: inout FieldReader, slug: Slug, body: String?, markdown: MarkdownRenderer)
        -> DecodedRecord<Category>?
    {
        let title = reader.text("title")
        let parent = reader.reference("parent")
        let google = reader.googleCategory("googleCategory")
        let image = reader.image("image")
        let text = body ?? reader.jsonBody() ?? ""
        if let parent, parent.slug == slug {
            reader.report(.error(
                "parent: \"\(slug)\" is this category itself; name the category it sits in, or remove parent", at: parent.location))
        }
        guard let title else { return nil }
        let category = Category(
            slug: slug, title: title, parent: parent?.slug, googleCategory: google, image: image?.image,
            description: markdown(text), extra: reader.extra, source: reader.file)
        return DecodedRecord(record: category, references: [parent].compactMap { $0 }, images: [image].compactMap { $0 })
    }

    public static func page(_ reader: inout FieldReader, slug: Slug, body: String?, markdown: MarkdownRenderer)
        -> DecodedRecord<Page>?
    {
        let title = reader.text("title")
        let text = body ?? reader.jsonBody() ?? ""
        if RecordKind.reservedPageSlugs.contains(slug.rawValue) {
            reader.report(.error(
                "page slug \"\(slug)\" is taken by the site's own /\(slug)/ section; rename the file, e.g. to \(slug)-info.md",
                at: reader.file))
        }
        guard let title else { return nil }
        return DecodedRecord(record: Page(slug: slug, title: title, body: markdown(text), extra: reader.extra, source: reader.file))
    }
}
