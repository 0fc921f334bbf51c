import CatalogModel
import Foundation

/// The examples advice quotes, taken from the shop's own content: one of its brands, an SKU
/// written the way its SKUs are. A message about another shop's files never names the sample
/// shop's brands or SKUs; without content of its own a shop is shown a neutral example.
///
/// The loader reads every file first and only then knows the shop's brands and SKUs: a file
/// whose messages asked for them (`FieldReader.usedShopExamples`) is read once more with them.
struct ShopExamples: Sendable {
    /// Brand slugs in the records' order; the first is the example when none is closer.
    var brands: [String]
    /// An SKU in the pattern of the shop's SKUs that no record uses yet.
    let sku: String

    static let neutralBrand = "a-brand-slug"
    static let neutralSKU = "SKU-001"

    init(brands: [String] = [], skus: [String] = []) {
        self.brands = brands
        self.sku = Self.skuExample(following: skus)
    }

    /// The shop's brand closest by spelling to a wrong `text`, else its first brand.
    func brand(near text: String? = nil) -> String {
        if let text, let close = Spelling.closest(to: text, among: brands) { return close }
        return brands.first ?? Self.neutralBrand
    }

    /// The shop's brand close to a wrong `text` by spelling, or nil.
    func closeBrand(to text: String) -> String? {
        Spelling.closest(to: text, among: brands)
    }

    /// An unused SKU shaped like most of `skus`: each is read as a shape (`ORG-DC-50` is
    /// `AAA-AA-99`), the commonest shape with a digit wins (any shape when none has one), and its
    /// last SKU in sorted order is counted on (`ORG-NS-31`), or given a `-2` when it has no digit.
    static func skuExample(following skus: [String]) -> String {
        guard !skus.isEmpty else { return neutralSKU }
        func shape(_ sku: String) -> String {
            String(sku.map { c -> Character in
                if c.isASCII, c.isUppercase { return "A" }
                if c.isASCII, c.isLowercase { return "a" }
                if c.isASCII, c.isNumber { return "9" }
                return c
            })
        }
        var byShape: [String: [String]] = [:]
        for sku in skus { byShape[shape(sku), default: []].append(sku) }
        let withDigits = byShape.filter { $0.key.contains("9") }
        let pool = withDigits.isEmpty ? byShape : withDigits
        // Most SKUs first; between equals, the shape written first in sorted order, so the
        // choice does not depend on the order files were read in.
        let chosen = pool.max { a, b in
            a.value.count != b.value.count ? a.value.count < b.value.count : a.key > b.key
        }!
        let base = chosen.value.max()!
        let taken = Set(skus)
        var candidate = base
        for _ in 0..<1000 {
            candidate = next(after: candidate)
            if !taken.contains(candidate) { return candidate }
        }
        return neutralSKU
    }

    /// `ORG-NS-30` → `ORG-NS-31`, `A-099` → `A-100`; without a digit `AVN-MIST` → `AVN-MIST-2`,
    /// then `AVN-MIST-3`.
    private static func next(after sku: String) -> String {
        let characters = Array(sku)
        guard let last = characters.lastIndex(where: { $0.isASCII && $0.isNumber }) else { return sku + "-2" }
        var first = last
        while first > 0, characters[first - 1].isASCII, characters[first - 1].isNumber { first -= 1 }
        let digits = String(characters[first...last])
        // A run too long for an Int is counted on in its last digits.
        let tail = String(digits.suffix(9))
        let number = String(Int(tail)! + 1)
        let padded = String(repeating: "0", count: max(0, tail.count - number.count)) + number
        let head = String(characters[..<first]) + String(digits.dropLast(tail.count))
        return head + padded + String(characters[(last + 1)...])
    }
}

/// An example value in a message, written in the syntax of the file it is about: YAML front
/// matter (`price: 12.50`, `tags: [serum]`) or JSON (`"price": 12.50`, `"tags": ["serum"]`).
indirect enum FieldExample: Sendable {
    /// Text: plain in YAML, quoted in JSON.
    case text(String)
    /// A number or `true`, bare in both.
    case bare(String)
    case list([FieldExample])
    case keys([(String, FieldExample)])

    func written(json: Bool) -> String {
        switch self {
        case .text(let text):
            return json ? Self.quoted(text) : text
        case .bare(let literal):
            return literal
        case .list(let items):
            return "[" + items.map { $0.written(json: json) }.joined(separator: ", ") + "]"
        case .keys(let pairs):
            return "{" + pairs.map { Self.key($0.0, json: json) + ": " + $0.1.written(json: json) }.joined(separator: ", ") + "}"
        }
    }

    /// `key: value` or `"key": value`.
    static func entry(_ key: String, _ value: FieldExample, json: Bool) -> String {
        Self.key(key, json: json) + ": " + value.written(json: json)
    }

    static func key(_ key: String, json: Bool) -> String { json ? quoted(key) : key }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

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
