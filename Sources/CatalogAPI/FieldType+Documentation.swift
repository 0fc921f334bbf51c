public import CatalogModel

extension FieldType {
    /// The rule's type as a reader of the README's key tables needs it: in words, with its limits.
    /// The switch has no default, so a new type cannot reach the tables undescribed.
    public var documentation: String {
        switch self {
        case .text(let range):
            return "text, \(Self.span(range)) characters"
        case .pattern(let pattern, let range, let example):
            return "text matching `\(pattern)`, \(Self.span(range)) characters, e.g. `\(example)`"
        case .decimalAmount:
            return "decimal ≥ 0 (number or string), no more fraction digits than the currency has"
        case .currencyCode:
            return "ISO 4217 currency code, e.g. `USD`"
        case .countryCode:
            return "ISO 3166-1 alpha-2 country code, e.g. `FR`"
        case .localeTag:
            return "BCP 47 locale, e.g. `en_US`"
        case .webURL:
            return "absolute http(s) URL"
        case .baseURL:
            return "absolute http(s) URL ending in `/`"
        case .image:
            return "image path under `images/`, or absolute URL"
        case .reference(let kind):
            return "\(kind.rawValue) slug"
        case .references(let kind):
            return "list of \(kind.rawValue) slugs"
        case .textList:
            return "list of text"
        case .timestamp:
            return "ISO 8601 date or date-time"
        case .choice(let options):
            return "one of " + Self.codes(options)
        case .choices(let options):
            return "list of " + Self.codes(options) + ", each once"
        case .integer(let range):
            return "whole number, \(Self.span(range))"
        case .percent:
            return "number > 0 and ≤ 100"
        case .gtin:
            return "GTIN: 8, 12, 13 or 14 digits"
        case .stores:
            return "list of stores (table below)"
        case .imageList:
            return "list of image paths or absolute URLs"
        case .netContent:
            return "quantity and unit (" + Self.codes(NetContent.Unit.allCases.map(\.rawValue)) + "), e.g. `50 ml`"
        case .optionNames:
            return "list of \(Self.span(Variant.optionCount)) camelCase names"
        case .variants:
            return "list of variants (table below)"
        case .unitPriceBase:
            return "object from unit to quantity, e.g. `{\"ml\": \"100 ml\"}`"
        case .shipping:
            return "list of rates (table below)"
        case .googleCategory:
            return "Google product taxonomy id or path"
        case .imageSettings:
            return "object (table below)"
        case .integerList(let range):
            return "list of whole numbers, \(Self.span(range)), each once"
        case .timeZone:
            return "IANA time zone name, e.g. `Asia/Seoul`"
        case .boolean:
            return "`true` or `false`"
        case .customKeys:
            return "object from kind (" + Self.codes(RecordKind.allCases.map(\.pluralName)) + ") to a list of keys"
        case .languages:
            return "list of BCP 47 tags (`en`, `pt-BR`) or `{tag, fallback}`, the content's own first"
        case .markets:
            return "list of markets (table below)"
        case .exchangeRates:
            return "object from ISO 4217 code to a decimal rate per one site currency, e.g. `{\"KRW\": \"1385\"}`"
        case .prices:
            return "object from ISO 4217 code to a decimal amount, e.g. `{KRW: 45000}`"
        case .marketIDs:
            return "list of market ids from site.json"
        case .countryList:
            return "list of ISO 3166-1 alpha-2 codes, at least one, each once"
        case .textMap:
            return "object from the default text to its translation"
        }
    }

    /// `1–200`, with thousands grouped (`1–1,000,000,000`).
    static func span(_ range: ClosedRange<Int>) -> String {
        "\(grouped(range.lowerBound))–\(grouped(range.upperBound))"
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }

    static func codes(_ values: [String]) -> String {
        values.map { "`\($0)`" }.joined(separator: ", ")
    }
}
