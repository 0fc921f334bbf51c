public import CatalogModel
import Foundation

/// Readers for the keys of the 2026-11-23 additions: galleries, net content, variants, and the
/// site's unit-price bases and shipping rates.
extension FieldReader {
    public mutating func images(_ key: String) -> [ImageUse]? {
        guard let items = list(key) else { return nil }
        var uses: [ImageUse] = []
        for item in items {
            guard let text = scalar(key, item, "an image path such as images/photo.png") else { continue }
            switch ImageReference.parse(text) {
            case .success(let image): uses.append(ImageUse(key: key, image: image, location: item.location))
            case .failure(let error): fail(key, item, error.message)
            }
        }
        return uses
    }

    public mutating func netContent(_ key: String) -> NetContent? {
        guard let node = value(key), let text = scalar(key, node, "a quantity and unit such as 50 ml") else { return nil }
        switch NetContent.parse(text) {
        case .success(let content): return content
        case .failure(let error):
            fail(key, node, error.message)
            return nil
        }
    }

    /// `options`: 1–3 camelCase names, none twice, none that a variant uses for its own keys.
    public mutating func optionNames(_ key: String) -> [String]? {
        guard let items = list(key) else { return nil }
        guard !items.isEmpty else {
            let examples = [["shade"], ["size", "colour"]].map { FieldExample.list($0.map(FieldExample.text)).written(json: isJSON) }
            fail(key, value(key)!, "may not be empty; name 1–3 options, e.g. \(examples[0]) or \(examples[1])")
            return nil
        }
        if items.count > Variant.optionCount.upperBound {
            fail(key, items[Variant.optionCount.upperBound], "\(items.count) options; a product may have at most \(Variant.optionCount.upperBound)")
            return nil
        }
        var names: [String] = []
        for item in items {
            guard let name = scalar(key, item, "an option name such as shade") else { continue }
            if !FieldReader.matches(name, RecordKind.Patterns.optionName) {
                fail(key, item, "\"\(name)\" is not an option name; write a camelCase word such as shade or skinType")
            } else if Variant.ownKeys.contains(name) {
                fail(key, item, "\"\(name)\" is a variant's own key; name the option otherwise, e.g. \(name)Option")
            } else if names.contains(name) {
                fail(key, item, "\"\(name)\" is given twice; list each option once")
            } else {
                names.append(name)
            }
        }
        return names.count == items.count ? names : nil
    }

    /// `variants`, read against the product's option names: every rule of the contract's variant
    /// table that one file can check. SKUs shared with other products are the assembler's.
    mutating func variants(
        _ key: String, options: [String], groupSKU: String?, currency: Currency
    ) -> (variants: [Variant], images: [ImageUse])? {
        guard let items = list(key, limit: ContentLimits.variants) else { return nil }
        guard !items.isEmpty else {
            fail(key, value(key)!, "may not be empty; list at least one variant, or remove `options` and `variants`")
            return nil
        }
        let rules = Variant.rules(options: options)
        var variants: [Variant] = []
        var images: [ImageUse] = []
        var firstBySKU: [String: SourceLocation] = [:]
        var firstByValues: [[String]: SourceLocation] = [:]
        for item in items {
            var reader = nestedReader(rules, root: item, keyPrefix: key + ".")
            let sku = reader.text("sku")
            let price = reader.money("price", currency: currency)
            let availability = reader.text("availability").flatMap(Availability.init(rawValue:))
            let gtin = reader.text("gtin")
            let mpn = reader.text("mpn")
            let image = reader.image("image")
            let netContent = reader.netContent("netContent")
            let prices = reader.prices("prices", own: currency) ?? []
            let values = options.map { reader.text($0) }
            if let sku {
                if sku == groupSKU {
                    reader.fail("sku", reader.node("sku"), "\"\(sku)\" is the product's own sku, its group id; give the variant a sku of its own, e.g. \(sku)-1")
                } else if let first = firstBySKU[sku] {
                    reader.fail("sku", reader.node("sku"), "\"\(sku)\" is also the sku of the variant at line \(first.line); each variant has its own")
                } else {
                    firstBySKU[sku] = reader.location(of: "sku")
                }
            }
            let given = values.compactMap { $0 }
            if given.count == options.count, !options.isEmpty {
                if let first = firstByValues[given] {
                    let combination = zip(options, given).map { "\($0) \"\($1)\"" }.joined(separator: ", ")
                    reader.report(.error(
                        "\(key): \(combination) is given twice (also at line \(first.line)); each variant needs its own values",
                        at: item.location))
                } else {
                    firstByValues[given] = item.location
                }
            }
            absorb(reader)
            if let image { images.append(image) }
            guard let sku, given.count == options.count, reader.diagnostics.allSatisfy({ $0.severity != .error }) else { continue }
            variants.append(Variant(
                sku: sku, values: given, price: price, availability: availability, gtin: gtin, mpn: mpn, image: image?.image,
                netContent: netContent, prices: prices, source: item.location))
        }
        return (variants, images)
    }

    /// `unitPriceBase`: net-content units to the quantity their unit price is for.
    mutating func unitPriceBase(_ key: String) -> [NetContent.Unit: NetContent]? {
        guard let node = value(key) else { return nil }
        guard case .map(let entries) = node.value else {
            fail(key, node, "expected units and bases, e.g. {\"ml\": \"100 ml\", \"g\": \"100 g\"}, found a \(node.shapeName)")
            return nil
        }
        var bases: [NetContent.Unit: NetContent] = [:]
        let units = NetContent.Unit.allCases.map(\.rawValue)
        for entry in entries {
            guard let unit = NetContent.Unit(rawValue: entry.key) else {
                let close = Spelling.closest(to: entry.key, among: units)
                report(.error(
                    "\(key).\(entry.key): not a unit of net content; write one of \(units.joined(separator: ", "))"
                        + (close.map { "; did you mean `\($0)`?" } ?? ""),
                    at: entry.keyLocation))
                continue
            }
            guard let text = scalar("\(key).\(entry.key)", entry.value, "a quantity such as 100 \(unit.rawValue)") else { continue }
            switch NetContent.parse(text) {
            case .success(let base) where base.unit.family != unit.family:
                fail("\(key).\(entry.key)", entry.value, "\"\(text)\" cannot price \(unit.rawValue); write a quantity in \(unit.rawValue), e.g. 100 \(unit.rawValue)")
            case .success(let base): bases[unit] = base
            case .failure(let error): fail("\(key).\(entry.key)", entry.value, error.message)
            }
        }
        return bases
    }

    /// `shipping`: the site's delivery rates, prices in the site currency.
    mutating func shipping(_ key: String, currency siteCurrency: Currency) -> [ShippingRate]? {
        guard let items = list(key) else { return nil }
        var rates: [ShippingRate] = []
        for item in items {
            var reader = nestedReader(ShippingRate.rules, root: item, keyPrefix: key + ".")
            let currency = reader.text("currency").flatMap { Currency(code: $0) } ?? siteCurrency
            let country = reader.text("country")
            let service = reader.text("service")
            let price = reader.money("price", currency: currency)
            let freeOver = reader.money("freeOver", currency: currency)
            let minDays = reader.integer("minDays")
            let maxDays = reader.integer("maxDays")
            if let minDays, let maxDays, maxDays < minDays {
                reader.fail("maxDays", reader.node("maxDays"), "\(maxDays) is fewer than minDays (\(minDays)); write at least \(minDays)")
            }
            absorb(reader)
            guard let country, let service, let price, reader.diagnostics.allSatisfy({ $0.severity != .error }) else { continue }
            rates.append(ShippingRate(country: country, service: service, price: price, freeOver: freeOver, minDays: minDays, maxDays: maxDays))
        }
        return rates
    }

    /// `images`: how pictures are derived; keys left out keep their defaults.
    mutating func imageSettings(_ key: String) -> ImageSettings? {
        guard let node = value(key) else { return nil }
        var reader = nestedReader(ImageSettings.rules, root: node, keyPrefix: key + ".")
        var settings = ImageSettings.standard
        if let widths = reader.integers("widths") { settings.widths = widths.sorted() }
        if let formats = reader.choices("formats") { settings.formats = formats.compactMap(PictureFormat.init(rawValue:)) }
        if let quality = reader.integer("quality") { settings.quality = quality }
        if let quality = reader.integer("avifQuality") { settings.avifQuality = quality }
        if let pixels = reader.integer("maxPixels") { settings.maxPixels = pixels }
        if let keep = reader.boolean("keepOriginalMetadata") { settings.keepOriginalMetadata = keep }
        absorb(reader)
        return settings
    }

    /// An `.integerList`: whole numbers in the key's range, none twice.
    mutating func integers(_ key: String) -> [Int]? {
        guard let items = list(key), case .integerList(let range) = rule(key).type else { return nil }
        var out: [Int] = []
        for item in items {
            guard let text = scalar(key, item, "a whole number") else { continue }
            guard let number = Int(text.trimmingWhitespace()) else {
                fail(key, item, "\"\(text)\" is not a whole number; write e.g. \(range.lowerBound)")
                continue
            }
            if !range.contains(number) {
                fail(key, item, "\(number) is outside \(range.lowerBound)–\(range.upperBound)")
            } else if out.contains(number) {
                fail(key, item, "\(number) is given twice; list it once")
            } else {
                out.append(number)
            }
        }
        return out
    }

    /// `googleCategory`: a taxonomy id (digits) or a path of names joined by ` > `.
    mutating func googleCategory(_ key: String) -> String? {
        guard let node = value(key), let text = scalar(key, node, "a Google product category such as 2915") else { return nil }
        let trimmed = text.trimmingWhitespace()
        let isID = !trimmed.isEmpty && trimmed.count <= 10 && trimmed.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
        let parts = trimmed.components(separatedBy: ">").map { $0.trimmingWhitespace() }
        let isPath = !trimmed.isEmpty && !trimmed.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } && parts.allSatisfy { !$0.isEmpty } && trimmed.count <= 750
        guard isID || isPath else {
            fail(key, node, "\"\(text)\" is neither a Google product category id nor a path; write e.g. 2915 or Health & Beauty > Personal Care > Cosmetics")
            return nil
        }
        return isID ? trimmed : parts.joined(separator: " > ")
    }

    /// A present key's node, for a message about a value that parsed but breaks a wider rule.
    func node(_ key: String) -> RawNode { present(key)! }
}
