import Crypto
import Foundation
import TextHash

/// A version of the catalog's content: SHA-256 over every field of every record, in catalog
/// order. It ignores the build clock and where files sit on disk, so two builds of the same
/// content agree, and any change an app could see (a price, a body, an unknown key passed to
/// templates) changes it. The API publishes it whole (`api/v1/site.json`); the checkout service
/// signs its `short` form into every token and reports it, so an operator can tell which
/// content an instance prices by and match it to a built site.
public enum CatalogFingerprint {
    public static func sha256(of catalog: Catalog) -> String {
        var writer = Writer()
        let site = catalog.site
        writer.record("site", [
            site.title, site.baseURL, site.currency.code, site.locale, site.description, String(site.productsPerPage),
            site.checkoutURL, site.omitted.map(\.rawValue).sorted().joined(separator: ","),
        ], extra: site.extra)
        // The keys added on 2026-11-23 go in records of their own, written only when used, so a
        // catalog without them keeps the version it had.
        if !site.unitPriceBase.isEmpty || !site.shipping.isEmpty {
            writer.record("site+", [], lists: [
                site.unitPriceBase.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { [$0.key.rawValue, $0.value.text] },
                site.shipping.flatMap { rate in
                    [rate.country, rate.service, String(rate.price.minorUnits), rate.freeOver.map { String($0.minorUnits) } ?? "\u{0}",
                     rate.minDays.map(String.init) ?? "\u{0}", rate.maxDays.map(String.init) ?? "\u{0}"]
                },
            ], extra: [:])
        }
        // The keys added on 2026-11-28 likewise: the zone moves every date-only instant.
        // And `directBuy`, added on 2026-12-01, likewise.
        if site.directBuy { writer.record("site+++", ["directBuy"], extra: [:]) }
        if site.timeZone != Timestamp.utc || !site.customKeys.isEmpty {
            writer.record("site++", [site.timeZone.identifier], lists: [
                site.customKeys.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { [$0.key.rawValue] + $0.value.sorted() },
            ], extra: [:])
        }
        // The languages-and-markets keys of 2026-11-28, and each shipping rate's currency.
        if !site.languages.isEmpty || !site.markets.isEmpty || !site.exchangeRates.isEmpty
            || site.shipping.contains(where: { $0.price.currency != site.currency })
        {
            writer.record("site++++", [], lists: [
                site.languages.flatMap { [$0.tag, $0.fallback.rawValue] },
                site.exchangeRates.sorted { $0.key < $1.key }.flatMap { [$0.key, "\($0.value)"] },
                site.shipping.map(\.price.currency.code),
            ] + site.markets.map { market in
                [market.id, market.currency.code, market.name ?? "\u{0}", market.roundingStep.map { String($0) } ?? "\u{0}"]
                    + market.countries + ["\u{0}"] + market.languages
            }, extra: [:])
        }
        for brand in catalog.brands {
            writer.record("brand", [
                brand.slug.rawValue, brand.title, brand.logo?.sitePath, brand.country, brand.website, brand.description.html,
            ], extra: brand.extra)
        }
        for product in catalog.products {
            writer.record("product", [
                product.slug.rawValue, product.sku, product.name, product.brand.rawValue, String(product.price.minorUnits),
                product.price.currency.code, product.priceUnit, product.availability.rawValue, product.thumbnail?.sitePath,
                product.image?.sitePath, product.gtin, product.mpn, product.date?.iso8601, product.detail.html,
            ], lists: [product.tags], extra: product.extra)
            if !product.images.isEmpty || product.netContent != nil || product.hasVariants || !product.categories.isEmpty {
                writer.record("product+", [product.netContent?.text], lists: [
                    product.images.map(\.sitePath), product.options, product.categories.map(\.rawValue),
                ] + product.variants.map { variant in
                    [variant.sku, variant.price.map { String($0.minorUnits) } ?? "\u{0}", variant.availability?.rawValue ?? "\u{0}",
                     variant.gtin ?? "\u{0}", variant.mpn ?? "\u{0}", variant.image?.sitePath ?? "\u{0}",
                     variant.netContent?.text ?? "\u{0}"] + variant.values
                }, extra: [:])
            }
            // `featured`, added on 2026-12-01, likewise: only a featured product has the record.
            if product.featured { writer.record("product++", ["featured"], extra: [:]) }
            if !product.prices.isEmpty || product.variants.contains(where: { !$0.prices.isEmpty }) {
                writer.record("product+++", [], lists: [Self.prices(product.prices)] + product.variants.map { Self.prices($0.prices) }, extra: [:])
            }
        }
        for promotion in catalog.promotions {
            writer.record("promotion", [
                promotion.slug.rawValue, promotion.title, promotion.starts.iso8601, promotion.ends?.iso8601,
                promotion.discountPercent.map { "\($0)" }, promotion.code, promotion.image?.sitePath, promotion.content.html,
            ], lists: [
                promotion.brands.map(\.rawValue), promotion.products.map(\.rawValue),
                promotion.stores.flatMap { [$0.name, $0.address ?? "\u{0}", String($0.latitude), String($0.longitude)] },
            ], extra: promotion.extra)
            if !promotion.markets.isEmpty { writer.record("promotion+", [], lists: [promotion.markets], extra: [:]) }
        }
        for category in catalog.categories {
            writer.record("category", [
                category.slug.rawValue, category.title, category.parent?.rawValue, category.googleCategory,
                category.image?.sitePath, category.description.html,
            ], extra: category.extra)
        }
        for page in catalog.pages {
            writer.record("page", [page.slug.rawValue, page.title, page.body.html], extra: page.extra)
        }
        for key in catalog.translations.keys.sorted(by: Self.translationOrder) {
            let t = catalog.translations[key]!
            writer.record("translation", [
                t.kind.rawValue, t.slug.rawValue, t.language, t.title, t.body?.html, t.translatedSlug?.rawValue,
            ], lists: [
                t.tags ?? ["\u{0}"], t.options.flatMap { [$0.original, $0.text] }, t.values.flatMap { [$0.original, $0.text] },
                t.stores.flatMap { [$0.original, $0.text] },
            ], extra: [:])
        }
        return writer.hexDigest()
    }

    static func prices(_ prices: [Money]) -> [String] {
        prices.flatMap { [$0.currency.code, String($0.minorUnits)] }
    }

    static func translationOrder(_ a: Translation.Key, _ b: Translation.Key) -> Bool {
        (a.kind.rawValue, a.slug.rawValue, a.language) < (b.kind.rawValue, b.slug.rawValue, b.language)
    }

    /// The first 16 hex digits (64 bits): short enough for tokens in URLs, and still a prefix of
    /// the full version, so the two can be compared by eye.
    public static func short(of catalog: Catalog) -> String { String(sha256(of: catalog).prefix(16)) }

    /// Feeds values to SHA-256 with a tag and length before each, so no two different catalogs
    /// give the same byte stream ("ab" + "c" never reads as "a" + "bc").
    ///
    /// The bytes gather in a buffer that SHA-256 takes a block at a time: a hasher call, and a
    /// `Data` for each one-byte tag, per field was most of the fingerprint's cost (1.3 % of a
    /// 10,000-product build in `perf`), not the hashing.
    struct Writer {
        private var hasher = SHA256()
        private var buffer: [UInt8] = []
        private static let flushSize = 1 << 16

        init() { buffer.reserveCapacity(Self.flushSize + 4096) }

        mutating func record(_ kind: String, _ fields: [String?], lists: [[String]] = [], extra: [String: ExtraValue]) {
            text("r", kind)
            for field in fields {
                if let field { text("s", field) } else { tag("n") }
            }
            for list in lists {
                count("l", list.count)
                for item in list { text("s", item) }
            }
            count("m", extra.count)
            for (key, item) in extra.sorted(by: { $0.key < $1.key }) {
                text("k", key)
                value(item)
            }
        }

        private mutating func value(_ value: ExtraValue) {
            switch value {
            case .string(let s): text("s", s)
            case .bool(let b): tag(b ? "t" : "f")
            case .null: tag("n")
            case .list(let items):
                count("l", items.count)
                for item in items { self.value(item) }
            case .map(let pairs):
                count("m", pairs.count)
                for pair in pairs {
                    text("k", pair.key)
                    self.value(pair.value)
                }
            }
        }

        /// Tags are ASCII bytes: a `Character`'s ASCII value, taken per field, was a fifth of the
        /// fingerprint's cost.
        private mutating func tag(_ tag: Unicode.Scalar) {
            buffer.append(UInt8(truncatingIfNeeded: tag.value))
            if buffer.count >= Self.flushSize { flush() }
        }

        private mutating func count(_ tag: Unicode.Scalar, _ n: Int) {
            self.tag(tag)
            withUnsafeBytes(of: UInt64(n).littleEndian) { buffer.append(contentsOf: $0) }
        }

        private mutating func text(_ tag: Unicode.Scalar, _ s: String) {
            count(tag, s.utf8.count)
            s.withUTF8Bytes { bytes in
                if bytes.count >= Self.flushSize {
                    flush()
                    hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
                } else {
                    buffer.append(contentsOf: bytes)
                }
            }
        }

        private mutating func flush() {
            buffer.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            buffer.removeAll(keepingCapacity: true)
        }

        mutating func hexDigest() -> String {
            flush()
            return hasher.finalize().map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        }
    }
}
