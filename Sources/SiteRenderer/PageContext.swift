import CatalogModel
import Foundation
import ShopStrings
import TemplateEngine
import TextHash

/// Builds the dictionaries templates see; docs/theme.md ("Templates") names the keys themes rely on.
struct PageContext {
    /// The build's catalog, clock and theme, by reference: a job holds its context until it
    /// renders, and a copy of the catalog per page was a quarter of a 100,000-product build's memory.
    let shared: SharedParts
    /// Prefix from the current file to the site root, or the base path for the 404 page. In a
    /// storefront other than the root, its root (`ko-kr/`): links stay in the storefront.
    let root: String
    /// Prefix to where the files every storefront shares are (pictures, scripts, the stylesheet):
    /// `root` itself, except in a storefront other than the root, where it is the site's root.
    let assetRoot: String
    /// The cards and summaries of this folder depth.
    let tables: DepthTables

    init(shared: SharedParts, root: String) {
        self.shared = shared
        self.root = root
        self.assetRoot = shared.assetRoot(for: root)
        self.tables = shared.tables(root: root)
    }

    /// Read in place (`_read`): a getter returned a copy of the whole catalog, a retain and a
    /// release of each of its dozens of arrays and tables, wherever a page builder asked.
    var catalog: Catalog { _read { yield shared.catalog } }
    var now: Date { shared.now }
    var templates: TemplateLibrary { shared.templates }
    /// The page's language's strings: every text a shopper reads that the catalog does not hold.
    var strings: ShopStrings { shared.strings }
    var site: Site { _read { yield shared.catalog.site } }

    /// The language a record's name or title (or, with `body`, its body) is shown in when it is
    /// the default language's for want of a translation, for its element's `lang`; false when
    /// it is in the page's language.
    func fallbackLanguage(_ kind: RecordKind, _ slug: Slug, body: Bool = false) -> Any {
        guard let fallback = catalog.localization?.fallback else { return false }
        let ref = RecordRef(kind, slug)
        return (body ? fallback.bodies : fallback.titles).contains(ref) ? fallback.language : false
    }

    /// A date as the page's shoppers read it: by CLDR in a storefront's locale; in a shop without
    /// markets as it always was (`24 December 2026`), so such a shop's pages do not change.
    func dateText(_ timestamp: Timestamp) -> String {
        catalog.localization == nil ? timestamp.displayText : timestamp.displayText(locale: site.locale)
    }

    func url(_ route: String) -> String { route.isEmpty ? (root.isEmpty ? "./" : root) : root + route }

    func imageURL(_ image: ImageReference?) -> String? {
        guard let image else { return nil }
        return image.isLocal ? assetRoot + image.sitePath : image.sitePath
    }

    /// Sets `<key>URL`, `<key>Width` and `<key>Height`: the size read from the file, or for a
    /// remote picture (whose size the build does not know) the slot the theme shows it in, so an
    /// `<img>` always reserves its space.
    ///
    /// For a derived picture, `URL` is the smallest JPEG or PNG that fills the slot, the size is
    /// the slot's width at the photo's own proportions, `Srcset` lists the JPEG or PNG widths,
    /// `Sizes` says how wide the slot is, `Avif` and `Webp` list those widths, `Sources` is the
    /// `<source>` elements for a `<picture>`, and `FullURL` is the widest JPEG or PNG (a gallery
    /// links it). Keys without a value are false (or empty), never missing: a missing name is
    /// looked up in every enclosing context.
    func addImage(_ image: ImageReference?, as key: String, slot: PixelSize, to item: inout TemplateFields) {
        guard let image, let url = imageURL(image) else { return }
        if case .local(let path) = image, let set = catalog.pictures[path] {
            // Made each time: cards, which show a picture on many pages, are made once per folder
            // depth already, and a memo of pictures' fields cost more in lookups than it saved.
            let fields = derivedFields(set, slot: slot)
            if !fields.values.isEmpty {
                for (suffix, value) in fields.values { item[TemplateKey(key + suffix)] = value }
                return
            }
        }
        let size = catalog.pixelSizes[image.sitePath] ?? slot
        item[TemplateKey(key + "URL")] = url
        item[TemplateKey(key + "FullURL")] = url
        item[TemplateKey(key + "Width")] = size.width
        item[TemplateKey(key + "Height")] = size.height
        item[TemplateKey(key + "Sizes")] = ""
        item[TemplateKey(key + "Srcset")] = false
        for format in PictureFormat.allCases { item[TemplateKey(key + format.templateKey)] = false }
        item[TemplateKey(key + "Sources")] = ""
    }

    /// The fields of a derived picture in a slot, without the key's prefix; none when the set has
    /// no fallback.
    private func derivedFields(_ set: PictureSet, slot: PixelSize) -> PictureFields {
        let fallbacks = set.renditions(in: set.fallback)
        guard let widest = fallbacks.last, let source = set.fallback(atLeast: slot.width) else {
            return PictureFields(values: [])
        }
        let width = min(slot.width, widest.width)
        let sizes = "(max-width: \(width)px) 100vw, \(width)px"
        var values: [(String, Any)] = [
            ("URL", assetRoot + source.path),
            ("FullURL", assetRoot + widest.path),
            ("Width", width),
            ("Height", max(1, Int((Double(width) * Double(widest.height) / Double(widest.width)).rounded()))),
            ("Sizes", sizes),
            ("Srcset", srcset(Self.candidates(fallbacks, slot: width), root: assetRoot)),
        ]
        // Derived paths hold no character that HTML escapes; only the root might.
        let escapedRoot = HTMLEscaping.escape(assetRoot)
        var sources = ""
        for format in PictureFormat.allCases where format != set.fallback {
            let list = Self.candidates(set.renditions(in: format), slot: width)
            guard !list.isEmpty else {
                values.append((format.templateKey, false))
                continue
            }
            let candidates = srcset(list, root: assetRoot)
            values.append((format.templateKey, candidates))
            let escaped = escapedRoot == assetRoot ? candidates : srcset(list, root: escapedRoot)
            sources += "<source type=\""
            sources += format.mimeType
            sources += "\" srcset=\""
            sources += escaped
            sources += "\" sizes=\""
            sources += sizes
            sources += "\">"
        }
        values.append(("Sources", sources))
        return PictureFields(values: values)
    }

    /// The renditions a browser could choose for a slot `slot` CSS pixels wide on screens of up to
    /// three device pixels per CSS pixel: up to the first at least three times as wide. A card of
    /// 160 pixels lists 320 and 640, not 1,024 and 1,600 that no screen would take, which keeps
    /// pages with many cards short.
    static func candidates(_ renditions: ArraySlice<PictureSet.Rendition>, slot: Int) -> ArraySlice<PictureSet.Rendition> {
        guard let last = renditions.firstIndex(where: { $0.width >= 3 * slot }) else { return renditions }
        return renditions[...last]
    }

    /// `a-320.jpg 320w, a-640.jpg 640w`, appended piece by piece: made for every card of a large
    /// shop, interpolation cost more than the rest of a card's picture.
    private func srcset(_ renditions: ArraySlice<PictureSet.Rendition>, root: String) -> String {
        var text = ""
        text.reserveCapacity(renditions.count * (root.utf8.count + 48))
        for rendition in renditions {
            if !text.isEmpty { text += ", " }
            text += root
            text += rendition.path
            text += " "
            text += String(rendition.width)
            text += "w"
        }
        return text
    }

    /// The slots of the default theme, for pictures of unknown size.
    enum Slot {
        static let thumbnail = PixelSize(width: 160, height: 160)
        static let logo = PixelSize(width: 160, height: 80)
        static let banner = PixelSize(width: 800, height: 400)
        static let productImage = PixelSize(width: 480, height: 480)
    }

    /// For Open Graph: a JPEG or PNG large enough to share.
    func absoluteImageURL(_ image: ImageReference?) -> String? {
        image.map { site.assetURL(catalog.published($0, atLeast: Catalog.shareWidth).sitePath) }
    }

    /// What one unit costs everyone at the build's clock: the price every page prints.
    func quote(_ product: Product) -> PriceQuote { catalog.quote(for: product, at: now) }

    /// `$ 3.50`, or `$ 3.50/ml` where the product's file names the unit: pages leave out the
    /// default `ea`, which feeds, the API and checkout still use.
    func price(_ money: Money, of product: Product) -> String {
        guard let unit = product.statedPriceUnit else { return money.formatted(locale: site.locale) }
        return money.formatted(locale: site.locale, per: unit)
    }

    /// What every page shares: the shop, navigation, footer, canonical URL and social metadata.
    func base(route: String, title: String, description: String?, section: String) -> TemplateFields {
        var context = shared.frame(for: root + "\u{0}" + section) { frame(section: section) }
        context["title"] = title
        context["documentTitle"] = route.isEmpty ? site.title : strings("documentTitle", ["title": title, "shop": site.title])
        context["canonicalURL"] = site.absoluteURL(route)
        // `hreflang` links and the storefront switcher: empty but present in a shop without markets.
        let links = shared.alternates.map { $0.table.links(for: route, in: $0.index) } ?? []
        let here = shared.alternates?.index
        context["alternates"] = links.map { ["hreflang": $0.hreflang, "url": $0.url] as TemplateFields }
        let switcher = links.filter { $0.hreflang != "x-default" }
        context["hasStorefrontLinks"] = !switcher.isEmpty
        context["storefrontLinks"] = switcher.map {
            ["label": $0.label, "url": $0.url, "hreflang": $0.hreflang, "lang": $0.language, "current": $0.storefront == here] as TemplateFields
        }
        // Every page has a description: its own text, else a sentence made from its title.
        let text = description.flatMap { $0.isEmpty ? nil : $0 }
            ?? (route.isEmpty ? site.title : strings("pageDescription", ["title": title, "shop": site.title]))
        context["description"] = Self.clip(text, to: 300)
        return context
    }

    /// The keys that depend only on the folder depth and the section, with the header and footer
    /// rendered from them: made once per depth and section, not once per page.
    private func frame(section: String) -> TemplateFields {
        var context: TemplateFields = [
            "root": root,
            "assetRoot": assetRoot,
            // Whether shared files are elsewhere than `root` (a storefront other than the root):
            // scripts are then told both, and the root's pages keep their bytes.
            "storefrontAssets": assetRoot != root,
            "storefront": String(shared.storefrontFolder.dropLast()),
            "dir": shared.isRightToLeft ? "rtl" : false,
            "homeURL": url(""),
            "stylesheetURL": assetRoot + Routes.stylesheet,
            "bagScriptURL": assetRoot + Routes.bagScript,
            "faviconURL": assetRoot + Routes.favicon,
            // The bag and favourites pages are sections of their own; their bag.js needs more words.
            "bagStringsJSON": bagStringsJSON(BagScriptPage(rawValue: section) ?? .any),
            // The site's own tag where the pages are in its language (`en-US`), else the language's.
            "lang": strings.language == ShopStrings.language(ofLocale: site.locale) ? site.languageTag : strings.language,
            "t": shared.texts,
            "site": [
                "title": site.title,
                "description": site.description ?? "",
                "baseURL": site.baseURL,
            ] as TemplateFields,
            "nav": [["label": strings("brands"), "url": url(Routes.brands), "current": section == "brands"]]
                // Only a shop with categories has the section.
                + (catalog.categories.isEmpty
                    ? [] : [["label": strings("categories"), "url": url(Routes.categories), "current": section == "categories"]])
                + [
                ["label": strings("promotions"), "url": url(Routes.promotions), "current": section == "promotions"],
                ["label": strings("dealsTitle"), "url": url(Routes.deals), "current": section == "deals"],
                ["label": strings("searchTitle"), "url": url(Routes.search), "current": section == "search"],
                // Shown by bag.js: without JavaScript these pages cannot work, and the Buy links do.
                ["label": strings("favouritesTitle"), "url": url(Routes.favourites), "current": section == "favourites", "jsOnly": true],
                ["label": strings("bagTitle"), "url": url(Routes.bag), "current": section == "bag", "jsOnly": true, "bagCount": true],
            ] as [TemplateFields],
            // Whether product pages link straight to checkout beside Add to bag.
            "directBuy": site.directBuy && site.checkoutURL != nil,
            // `<meta name="robots" content="noindex">`: true on the pages of `Routes.noindex` only.
            "noindex": false,
            "footerPages": catalog.pages.map { ["title": $0.title, "url": url(Routes.page($0.slug))] },
            "year": Timestamp.components(of: now).year,
            "extraSite": site.extra.mapValues(\.anyValue),
        ]
        // The theme's own stylesheet, after the built-in one (only a theme that has it).
        // False rather than absent: a name a page never has is what `vitrine check` reports.
        context["customStylesheetURL"] = templates.hasCustomStylesheet ? assetRoot + TemplateLibrary.customStylesheet : false
        context["header"] = templates.render("partials/header", context)
        context["footer"] = templates.render("partials/footer", context)
        return context
    }

    /// `<meta property=… content=…>` lines for Open Graph, written here: seven loop items per page
    /// cost more in the template engine than the rest of the page.
    static func metaTags(_ tags: [(String, String)]) -> String {
        // In bytes: string interpolation per tag was most of this, on every product page.
        var out: [UInt8] = []
        out.reserveCapacity(tags.count * 96)
        for (property, content) in tags {
            out.append(contentsOf: #"<meta property=""#.utf8)
            HTMLEscaping.append(property, to: &out)
            out.append(contentsOf: #"" content=""#.utf8)
            HTMLEscaping.append(content, to: &out)
            out.append(contentsOf: "\">\n".utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A feed the layout announces with `<link rel="alternate">`, so browsers and readers find it.
    func feedLink(title: String, route: String, type: String = "application/rss+xml") -> TemplateFields {
        ["title": title, "url": url(route), "type": type]
    }

    /// The promotions feeds, announced on the home and promotions pages.
    var promotionFeedLinks: [TemplateFields] {
        [
            feedLink(title: strings("feedPromotionsRSS"), route: Routes.promotionsFeed),
            feedLink(title: strings("feedPromotionsJSON"), route: Routes.promotionsJSONFeed, type: "application/feed+json"),
        ]
    }

    private func makeBrandSummary(_ brand: Brand) -> TemplateFields {
        var item: TemplateFields = [
            "title": brand.title,
            "titleLang": fallbackLanguage(.brand, brand.slug),
            "slug": brand.slug.rawValue,
            "url": url(Routes.brand(brand.slug)),
            "productCount": catalog.productsByBrand.count(of: brand.slug),
            "productCountText": strings("productCount", count: catalog.productsByBrand.count(of: brand.slug)),
        ]
        addImage(brand.logo, as: "logo", slot: Slot.logo, to: &item)
        if let country = brand.country { item["country"] = country }
        return item
    }

    /// A product card's keys; `listPrice` is false unless a promotion lowers `price`. The key is
    /// always there because a name the card lacks is looked up through every enclosing context,
    /// which for ten thousand cards cost more than the rest of the price change.
    ///
    /// With the quote a product page shows, which may be a variant's.
    func productSummary(_ product: Product, quote: PriceQuote) -> TemplateFields {
        makeProductSummary(product, quote: quote)
    }

    /// The card is the same wherever it appears at one folder depth (a brand page, a category
    /// page, a dozen product pages' related lists): made once per depth, and shared, so the card
    /// partial's bytes are kept with it (`SharedContext`).
    func productCard(_ product: Product) -> SharedContext {
        guard let position = catalog.position(of: product) else { return makeProductCard(product) }
        return tables.cards.value(at: position) { makeProductCard(product) }
    }

    /// The card of the catalog's product at `position`, read from the catalog only when it is not
    /// made yet: the related lists of ten thousand product pages copied four products each.
    func productCard(at position: Int) -> SharedContext {
        tables.cards.value(at: position) { makeProductCard(catalog.products[position]) }
    }

    private func makeProductCard(_ product: Product) -> SharedContext {
        SharedContext(product.hasVariants ? variantProductSummary(product) : makeProductSummary(product, quote: quote(product)))
    }

    private func makeProductSummary(_ product: Product, quote: PriceQuote) -> TemplateFields {
        var item: TemplateFields = [
            "name": product.name,
            "nameLang": fallbackLanguage(.product, product.slug),
            "slug": product.slug.rawValue,
            "sku": product.sku,
            "url": url(Routes.product(product.slug)),
            "price": price(quote.price, of: product),
            "availability": availabilityLabel(product.availability),
            "availabilityCode": product.availability.rawValue,
            "inStock": product.availability == .inStock,
        ]
        if let brand = catalog.brandBySlug[product.brand] {
            item["brandTitle"] = brand.title
            item["brandURL"] = url(Routes.brand(brand.slug))
        }
        addImage(product.thumbnail ?? product.image, as: "thumbnail", slot: Slot.thumbnail, to: &item)
        item["listPrice"] = quote.isReduced ? price(quote.list, of: product) : false
        item["unitPrice"] = site.unitPrice(of: quote.price, netContent: product.netContent)?.formatted(locale: site.locale) ?? false
        item["rating"] = ratingFields(for: product.slug)
        return item
    }

    /// A card for a product with variants: "from" the lowest price when the variants' prices
    /// differ, the one price when they do not; in stock when any variant is.
    private func variantProductSummary(_ product: Product) -> TemplateFields {
        let span = catalog.priceSpan(for: product, at: now)
        var item = makeProductSummary(span.cheapest, quote: span.lowest)
        item["name"] = product.name
        item["nameLang"] = fallbackLanguage(.product, product.slug)
        item["sku"] = product.sku
        // The cheapest variant stands in for the price; the reviews are the product's.
        item["rating"] = ratingFields(for: product.slug)
        if span.pricesDiffer {
            item["price"] = strings("priceFrom", ["price": price(span.lowest.price, of: span.cheapest)])
            item["listPrice"] = false
            // The lowest price per base quantity, which need not be the cheapest pack's.
            let units = span.offers.compactMap { site.unitPrice(of: $0.quote.price, netContent: $0.item.netContent) }
            let bases = Set(units.map(\.base))
            if bases.count == 1, let lowest = units.min(by: { $0.price < $1.price }) {
                item["unitPrice"] = strings("priceFrom", ["price": lowest.formatted(locale: site.locale)])
            } else {
                item["unitPrice"] = false
            }
        }
        item["availability"] = availabilityLabel(span.availability)
        item["availabilityCode"] = span.availability.rawValue
        item["inStock"] = span.availability == .inStock
        addImage(product.thumbnail ?? product.image, as: "thumbnail", slot: Slot.thumbnail, to: &item)
        return item
    }

    /// The same promotion appears on hundreds of product pages at the same depth: build its card once.
    func promotionSummary(_ promotion: Promotion) -> TemplateFields {
        shared.summary(for: "promotion\u{0}\(promotion.slug)\u{0}\(root)") { makePromotionSummary(promotion) }
    }

    /// The summary of the promotion at `position` in the catalog's list, with `applied`: whether
    /// the price a product page shows already has its discount. Both are kept, so a product page
    /// does not copy the summary to add the key; and kept by position, where a key naming the
    /// promotion, the depth and `applied` was built and hashed under the shared lock for each
    /// promotion of each product page.
    func promotionSummary(at position: Int, applied: Bool) -> TemplateFields {
        tables.promotions.value(at: position * 2 + (applied ? 1 : 0)) {
            var summary = promotionSummary(catalog.promotions[position])
            summary["applied"] = applied
            return summary
        }
    }

    func brandSummary(_ brand: Brand) -> TemplateFields {
        guard let position = catalog.brandBySlug.position(of: brand.slug) else { return makeBrandSummary(brand) }
        return tables.brands.value(at: position) { makeBrandSummary(brand) }
    }

    private func makePromotionSummary(_ promotion: Promotion) -> TemplateFields {
        let status = promotion.status(at: now)
        var item: TemplateFields = [
            "title": promotion.title,
            "titleLang": fallbackLanguage(.promotion, promotion.slug),
            "slug": promotion.slug.rawValue,
            "url": url(Routes.promotion(promotion.slug)),
            "status": status.rawValue,
            "statusLabel": statusLabel(status),
            "isActive": status == .active,
            "isUpcoming": status == .upcoming,
            "isExpired": status == .expired,
            "starts": dateText(promotion.starts),
            "startsISO": promotion.starts.iso8601,
            "summary": Self.clip(promotion.content.plainText, to: 200),
        ]
        if let ends = promotion.ends {
            item["ends"] = dateText(ends)
            item["endsISO"] = ends.iso8601
            item["untilText"] = strings("promotionUntil", ["date": dateText(ends)])
        }
        if let percent = promotion.discountPercent {
            item["discountPercent"] = "\(percent)"
            item["discountText"] = strings("promotionDiscount", ["percent": "\(percent)"])
        }
        item["code"] = promotion.code ?? false
        addImage(promotion.image, as: "image", slot: Slot.banner, to: &item)
        return item
    }

    func statusLabel(_ status: Promotion.Status) -> String {
        switch status {
        case .active: strings("promotionsActive")
        case .upcoming: strings("promotionsUpcoming")
        case .expired: strings("promotionsExpired")
        }
    }

    /// bag.js's messages on a page of `kind`, made once per build: every page prints them.
    func bagStringsJSON(_ kind: BagScriptPage) -> String {
        shared.scriptStrings(for: "bag\u{0}" + kind.rawValue) { scriptStringsJSON(kind.messageIDs) }
    }

    /// The messages `ids` as a page's script reads them (`<script type="application/json"
    /// data-strings>`): each a string as written, with its `{placeholders}`, or an object of its
    /// plural forms, which the script chooses with the browser's CLDR rules (`Intl.PluralRules`).
    func scriptStringsJSON(_ ids: [String]) -> String {
        var object: [String: JSONValue] = [:]
        for id in ids {
            switch strings.message(id)?.message {
            case .text(let text)?: object[id] = .string(text.formatted([:]))
            case .plural(let forms)?:
                object[id] = .object(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, JSONValue.string($0.value.formatted([:]))) }))
            case nil: object[id] = .string(id)
            }
        }
        return JSONValue.object(object).encoded(scriptSafe: true)
    }

    /// What a shopper reads for an availability; `Availability.label` stays the model's English
    /// for feeds and the editor.
    func availabilityLabel(_ availability: Availability) -> String {
        switch availability {
        case .inStock: strings("availabilityInStock")
        case .outOfStock: strings("availabilityOutOfStock")
        case .preorder: strings("availabilityPreorder")
        case .backorder: strings("availabilityBackorder")
        }
    }

    /// Cut at a word boundary with an ellipsis; meta descriptions and cards stay short.
    static func clip(_ text: String, to limit: Int) -> String {
        let short = text.utf8.count <= limit
        if short, !text.utf8.contains(10) { return text }
        return clipASCII(text, to: limit) ?? clipScalars(text, to: limit) ?? clipCharacters(text, to: limit)
    }

    /// `clip` for text whose first `limit + 2` scalars are each a character of their own and
    /// never join their neighbours (ASCII without carriage returns, Hangul syllables, kana, CJK
    /// ideographs, Arabic letters without vowel marks): a storefront in those scripts clips every
    /// description, and breaking them into grapheme clusters was a twentieth of its build (`perf`).
    /// Nil for any other text.
    static func clipScalars(_ text: String, to limit: Int) -> String? {
        text.withUTF8Bytes { whole -> String? in
            // The head: the first `limit + 1` scalars, all checked, and the one after them.
            var taken = 0
            var headEnd = 0
            var index = 0
            while index < whole.count, taken <= limit + 1 {
                let lead = whole[index]
                var value = UInt32(lead)
                var width = 1
                if lead >= 0xF0 {
                    return nil
                } else if lead >= 0xE0 {
                    value = UInt32(lead & 0x0F) << 12 | UInt32(whole[index + 1] & 0x3F) << 6 | UInt32(whole[index + 2] & 0x3F)
                    width = 3
                } else if lead >= 0x80 {
                    value = UInt32(lead & 0x1F) << 6 | UInt32(whole[index + 1] & 0x3F)
                    width = 2
                }
                guard isSingleCharacter(value) else { return nil }
                index += width
                taken += 1
                if taken <= limit + 1 { headEnd = index }
            }
            let head = UnsafeBufferPointer(rebasing: whole[0..<headEnd])
            return String(unsafeUninitializedCapacity: head.count + 3) { flat in
                var count = 0
                var characters = 0
                var pendingSpace = false
                var atLimit = 0
                var lastSpace: Int? = nil
                var index = 0
                while index < head.count {
                    let lead = head[index]
                    let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : 3
                    defer { index += width }
                    if lead >= 10, lead <= 12 {
                        // Runs between line breaks joined by one space; none at either end.
                        if count > 0 { pendingSpace = true }
                        continue
                    }
                    if pendingSpace {
                        if characters < limit { lastSpace = count }
                        flat[count] = 32
                        count += 1
                        characters += 1
                        if characters == limit { atLimit = count }
                        pendingSpace = false
                    }
                    if lead == 32, characters < limit { lastSpace = count }
                    for offset in 0..<width { flat[count + offset] = head[index + offset] }
                    count += width
                    characters += 1
                    if characters == limit { atLimit = count }
                }
                guard characters > limit else { return count }
                let cut = lastSpace ?? atLimit
                flat[cut] = 0xE2  // "…"
                flat[cut + 1] = 0x80
                flat[cut + 2] = 0xA6
                return cut + 3
            }
        }
    }

    /// A scalar that is a character by itself beside any other such scalar: no carriage return
    /// (which joins a line feed), no marks, joiners or jamo.
    static func isSingleCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0...0x0C, 0x0E...0x7F, 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x3041...0x3096, 0x309D...0x309E,
            0x30A1...0x30FA, 0x30FC...0x30FE, 0x0621...0x063A, 0x0641...0x064A, 0x0660...0x0669, 0x3001...0x3002:
            true
        default: false
        }
    }

    static func clipCharacters(_ text: String, to limit: Int) -> String {
        let flat = String(text.prefix(limit + 1)).split(whereSeparator: { $0.isNewline }).joined(separator: " ")
        guard flat.count > limit else { return flat }
        var cut = String(flat.prefix(limit))
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut + "…"
    }

    /// `clip` for text whose first `limit + 1` bytes are ASCII without carriage returns, where a
    /// byte is a character: every product page clips its description, and breaking ten thousand
    /// texts into grapheme clusters cost more than the rest of the page context.
    static func clipASCII(_ text: String, to limit: Int) -> String? {
        return text.withUTF8Bytes { whole -> String? in
            // On the string's own bytes: walking `utf8.prefix` a byte at a time through its index
            // type cost more than the clipping.
            let head = UnsafeBufferPointer(rebasing: whole.prefix(limit + 1))
            for byte in head where byte >= 128 || byte == 13 { return nil }
            // Written straight into the string: a run of line breaks becomes one space, so the
            // text never grows, and the cut adds at most the ellipsis's three bytes.
            return String(unsafeUninitializedCapacity: head.count + 3) { flat in
                var count = 0
                // Runs between line breaks are copied whole: byte by byte, the branch on each was
                // most of the clipping, which every page's description goes through.
                var start = 0
                while start < head.count {
                    var end = start
                    while end < head.count, head[end] < 10 || head[end] > 12 { end += 1 }
                    if end > start {
                        // A run of line breaks between two runs becomes one space.
                        if start > 0, count > 0 {
                            flat[count] = 32
                            count += 1
                        }
                        (flat.baseAddress! + count).initialize(from: head.baseAddress! + start, count: end - start)
                        count += end - start
                    }
                    start = end
                    while start < head.count, head[start] >= 10, head[start] <= 12 { start += 1 }
                }
                guard count > limit else { return count }
                var cut = limit
                if let last = flat[..<limit].lastIndex(of: 32) { cut = last }
                flat[cut] = 0xE2  // "…"
                flat[cut + 1] = 0x80
                flat[cut + 2] = 0xA6
                return cut + 3
            }
        }
    }
}

/// One picture's template fields in one slot, as `addImage` sets them after the key's prefix.
struct PictureFields {
    var values: [(String, Any)]
}

/// What every page of a build shares, held once by reference: the catalog, clock and theme, and
/// what is made once per build rather than once per page, the layout's frame with its header and
/// footer HTML (per folder depth and section), and brand, promotion and product cards (per folder
/// depth). The values are plain and never changed after they are made, so threads may share them.
final class SharedParts: @unchecked Sendable {
    let catalog: Catalog
    let now: Date
    let templates: TemplateLibrary
    let strings: ShopStrings
    /// `t` in every page's context: each message without placeholders, and those whose only
    /// placeholder is the shop's name, ready for HTML (`{{{t.id}}}`).
    let texts: TemplateFields
    private var cache: [String: Any] = [:]
    private let lock = NSLock()

    /// `../` per folder of the storefront's path (`ko-kr/`), empty at the root.
    let assetUp: String
    /// The storefront's folder (`ko-kr/`), empty at the root.
    let storefrontFolder: String
    /// `dir="rtl"` on every page.
    let isRightToLeft: Bool
    /// The same pages in the other storefronts, and which storefront this is; nil in a shop without markets.
    var alternates: (table: PageAlternates, index: Int)?

    init(catalog: Catalog, now: Date, templates: TemplateLibrary, strings: ShopStrings) {
        self.catalog = catalog
        self.now = now
        self.templates = templates
        self.strings = strings
        texts = Self.templateTexts(strings, shop: catalog.site.title)
        let storefront = catalog.localization?.storefront
        storefrontFolder = storefront.map { $0.isRoot ? "" : $0.pathPrefix } ?? ""
        assetUp = String(repeating: "../", count: storefrontFolder.split(separator: "/").count)
        isRightToLeft = storefront?.language.isRightToLeft ?? false
    }

    /// Where shared files are from a page whose root is `root`: one folder up per storefront
    /// folder, or for the 404 page (whose root is the storefront's base path) the site's base path.
    func assetRoot(for root: String) -> String {
        guard !storefrontFolder.isEmpty else { return root }
        if root.hasPrefix("/"), root.hasSuffix(storefrontFolder) { return String(root.dropLast(storefrontFolder.count)) }
        return root + assetUp
    }

    static func templateTexts(_ strings: ShopStrings, shop: String) -> TemplateFields {
        var texts = TemplateFields()
        for (id, text) in strings.plainTexts { texts[TemplateKey(id)] = escapedText(text.text) }
        for id in strings.shopTextIDs { texts[TemplateKey(id)] = escapedText(strings(id, ["shop": shop])) }
        return texts
    }

    /// A message as HTML text or a double-quoted attribute's value, printed raw (`{{{t.id}}}`)
    /// rather than through the engine's escaper (see `MessageText.htmlEscaped`).
    static func escapedText(_ text: String) -> String { MessageText.htmlEscaped(text) }

    func summary(for key: String, make: () -> TemplateFields) -> TemplateFields {
        memo("summary\u{0}" + key, make)
    }

    /// The cards and summaries of one folder depth, made the first time a page there asks.
    func tables(root: String) -> DepthTables {
        memo("tables\u{0}" + root) {
            DepthTables(products: catalog.products.count, brands: catalog.brands.count, promotions: catalog.promotions.count)
        }
    }

    func frame(for key: String, make: () -> TemplateFields) -> TemplateFields {
        memo("frame\u{0}" + key, make)
    }

    /// A script's messages as JSON (`PageContext.scriptStringsJSON`), the same on every page that has them.
    func scriptStrings(for key: String, make: () -> String) -> String {
        memo("strings\u{0}" + key, make)
    }

    /// A racing thread may make the same value twice; the one stored first is kept.
    private func memo<T>(_ key: String, _ make: () -> T) -> T {
        lock.madeOnce(find: { cache[key] as? T }, store: { cache[key] = $0 }, make: make)
    }
}

extension PictureFormat {
    /// `Avif`, `Webp`, …: the suffix of a picture's template keys.
    var templateKey: String {
        switch self {
        case .avif: "Avif"
        case .webp: "Webp"
        case .jpeg: "Jpeg"
        case .png: "Png"
        }
    }
}

/// What the pages of one folder depth share, by the record's position in the catalog: product
/// cards, brand summaries, and promotion summaries without `applied` (at twice the position) and
/// with it (one after).
struct DepthTables: Sendable {
    let cards: PositionTable<SharedContext>
    let brands: PositionTable<TemplateFields>
    let promotions: PositionTable<TemplateFields>
    /// The breadcrumb steps above product pages, by brand or by category.
    let brandTrails = KeyedTable<Slug, BreadcrumbTrail>()
    let categoryTrails = KeyedTable<Slug, BreadcrumbTrail>()

    init(products: Int, brands: Int, promotions: Int) {
        cards = PositionTable(count: products)
        self.brands = PositionTable(count: brands)
        self.promotions = PositionTable(count: promotions * 2)
    }
}

/// Values by a record's position, each made the first time it is asked for. Four product cards
/// are looked up on every product page: a string key built and hashed per card, under the lock
/// every memo shares, cost more than the array.
final class PositionTable<Value>: @unchecked Sendable {
    // Unchecked: every access holds the lock, and a stored value is never changed.
    private var values: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    /// The first value made for a position is the one every page gets, so a card's kept partials
    /// serve them all.
    func value(at position: Int, make: () -> Value) -> Value {
        lock.madeOnce(find: { values[position] }, store: { values[position] = $0 }, make: make)
    }
}

/// Values by key, each made the first time it is asked for: `PositionTable` for records whose
/// position the asker does not have at hand.
final class KeyedTable<Key: Hashable, Value>: @unchecked Sendable {
    // Unchecked: every access holds the lock, and a stored value is never changed.
    private var values: [Key: Value] = [:]
    private let lock = NSLock()

    /// The first value made for a key is the one every page gets.
    func value(for key: Key, make: () -> Value) -> Value {
        lock.madeOnce(find: { values[key] }, store: { values[key] = $0 }, make: make)
    }
}

extension NSLock {
    /// What `find` finds, else what `make` makes (outside the lock) and `store` keeps. When a
    /// racing thread stored a value first, that one is returned, so every caller gets the same.
    func madeOnce<Value>(find: () -> Value?, store: (Value) -> Void, make: () -> Value) -> Value {
        lock()
        if let value = find() {
            unlock()
            return value
        }
        unlock()
        let made = make()
        lock()
        defer { unlock() }
        if let value = find() { return value }
        store(made)
        return made
    }
}
