import CatalogModel

extension FieldReader {
    /// An example of a whole value of `type`, in this file's syntax; a list's is a one-item list.
    /// A brand or an SKU comes from the shop's own content (`examples`).
    mutating func example(of type: FieldType) -> FieldExample {
        switch type {
        case .text: return .text("…")
        case .pattern(let pattern, _, let example):
            return .text(pattern == RecordKind.Patterns.sku ? shopSKU() : example)
        case .decimalAmount: return .bare("12.50")
        case .currencyCode: return .text("USD")
        case .countryCode: return .text("US")
        case .localeTag: return .text("en_US")
        case .webURL, .baseURL: return .text("https://example.com/")
        case .image: return .text("images/photo.png")
        case .reference(let kind): return .text(slugExample(of: kind))
        case .references(let kind): return .list([.text(slugExample(of: kind))])
        case .textList: return .list([.text("serum")])
        case .timestamp: return .text("2026-12-24")
        case .choice(let options): return .text(options[0])
        case .choices(let options): return .list([.text(options[0])])
        case .integer(let range): return .bare("\(range.lowerBound)")
        case .percent: return .bare("10")
        case .gtin: return .text("0012345678905")
        case .stores: return .list([.keys([("name", .text("…")), ("latitude", .bare("48.85")), ("longitude", .bare("2.35"))])])
        case .imageList: return .list([.text("images/photo.png")])
        case .netContent: return .text("50 ml")
        case .optionNames: return .list([.text("shade")])
        case .variants: return .list([.keys([("sku", .text(shopSKU())), ("shade", .text("Light"))])])
        case .unitPriceBase: return .keys([("ml", .text("100 ml"))])
        case .shipping:
            return .list([.keys([("country", .text("US")), ("service", .text("Standard")), ("price", .bare("4.95"))])])
        case .googleCategory: return .bare("2915")
        case .imageSettings:
            return .keys([
                ("widths", .list([.bare("320"), .bare("640"), .bare("1024")])), ("formats", .list([.text("avif"), .text("webp")])),
            ])
        case .integerList(let range): return .list([.bare("\(range.lowerBound)")])
        case .timeZone: return .text("America/Los_Angeles")
        case .boolean: return .bare("true")
        case .customKeys: return .keys([("products", .list([.text("ingredients")]))])
        case .languages: return .list([.text("en"), .text("ko")])
        case .markets:
            return .list([.keys([
                ("id", .text("kr")), ("countries", .list([.text("KR")])), ("currency", .text("KRW")), ("languages", .list([.text("ko")])),
            ])])
        case .exchangeRates: return .keys([("KRW", .text("1385"))])
        case .prices: return .keys([("KRW", .bare("45000"))])
        case .marketIDs: return .list([.text("kr")])
        case .countryList: return .list([.text("KR")])
        case .textMap: return .keys([("shade", .text("색상"))])
        }
    }

    /// `key: example` as this file writes it.
    mutating func entryExample(_ key: String) -> String {
        FieldExample.entry(key, example(of: rule(key).type), json: isJSON)
    }

    /// An SKU in the shop's pattern.
    mutating func shopSKU() -> String {
        usedShopExamples = true
        return examples.sku
    }

    /// One of the shop's brands (the closest to `text` when given), or a neutral slug of another kind.
    mutating func slugExample(of kind: RecordKind, near text: String? = nil) -> String {
        switch kind {
        case .brand:
            usedShopExamples = true
            return examples.brand(near: text)
        case .category: return "a-category-slug"
        default: return "a-\(kind.rawValue)-slug"
        }
    }

    /// After the message that `text` is not a slug, for a brand: the shop's brand closest to it,
    /// else its first. Nothing when the shop has no brand yet.
    mutating func brandHint(for text: String, kind: RecordKind) -> String {
        guard kind == .brand else { return "" }
        usedShopExamples = true
        guard !examples.brands.isEmpty else { return "" }
        if let close = examples.closeBrand(to: Slug.suggestion(for: text)) { return "; did you mean \"\(close)\", one of this shop's brands?" }
        return "; this shop's brands are e.g. \"\(examples.brand())\""
    }

    /// A reader for keys inside this record (a variant, a shipping rate), writing its advice as
    /// this one does.
    func nestedReader(_ rules: [FieldRule], root: RawNode, keyPrefix: String) -> FieldReader {
        var reader = FieldReader(nested: rules, root: root, in: kind, keyPrefix: keyPrefix, json: isJSON)
        reader.examples = examples
        return reader
    }
}
