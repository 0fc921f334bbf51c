import CatalogModel
import Foundation
import ContentLoader

/// How a key of the model is edited in a form, chosen from its type in the key table alone: a
/// key added to `RecordKind.fields` gets a control with no change here unless its type is new.
enum FieldControl: Equatable {
    /// One line of text; `inputMode` hints the phone keyboard.
    case line(inputMode: String?)
    /// Several lines of plain text.
    case area
    /// One of `options` or nothing.
    case select([String])
    /// Slugs of records of a kind, as a picker of the existing ones.
    case reference(RecordKind)
    case references(RecordKind)
    /// Any of `options`, each once.
    case checkboxes([String])
    /// One value per line.
    case lines(numbers: Bool)
    /// A product's option names, a box each; each names a column of the variant table.
    case optionNames
    /// A picture path under `images/`, and an upload.
    case image
    /// Structured values (unit price bases, picture settings), written as YAML.
    case yaml
    /// A list of records (variants, stores) as a table; see `RowTable`. As YAML when its items
    /// hold nested values.
    case rows

    init(_ type: FieldType) {
        switch type {
        case .text(let length): self = length.upperBound > 300 ? .area : .line(inputMode: nil)
        case .pattern, .countryCode, .localeTag, .timestamp, .netContent, .googleCategory, .timeZone: self = .line(inputMode: nil)
        case .webURL, .baseURL: self = .line(inputMode: "url")
        case .gtin: self = .line(inputMode: "numeric")
        case .decimalAmount, .percent: self = .line(inputMode: "decimal")
        case .integer: self = .line(inputMode: "numeric")
        case .currencyCode: self = .select(Currency.allCodes)
        case .choice(let options): self = .select(options)
        case .boolean: self = .select(["true", "false"])
        case .choices(let options): self = .checkboxes(options)
        case .reference(let kind): self = .reference(kind)
        case .references(let kind): self = .references(kind)
        case .textList, .imageList, .marketIDs, .countryList: self = .lines(numbers: false)
        case .optionNames: self = .optionNames
        case .integerList: self = .lines(numbers: true)
        case .image: self = .image
        case .stores, .variants: self = .rows
        case .shipping, .unitPriceBase, .imageSettings, .customKeys, .languages, .markets, .exchangeRates, .prices, .textMap:
            self = .yaml
        }
    }

    /// Whether the form sends several values under the key's name.
    var isMultiple: Bool {
        switch self {
        case .references, .checkboxes, .optionNames: true
        default: false
        }
    }

    /// What the form shows for a value from the file: one string, or the chosen values of a
    /// multiple control.
    func formValues(_ node: RawNode?) -> [String] {
        guard let node, !node.isNull else { return [] }
        switch self {
        case .references, .checkboxes, .optionNames:
            if case .list(let items) = node.value { return items.compactMap(\.scalarText) }
            return node.scalarText.map { [$0] } ?? []
        case .lines:
            if case .list(let items) = node.value, items.allSatisfy({ $0.scalarText != nil }) {
                return [items.compactMap(\.scalarText).joined(separator: "\n")]
            }
            return [node.scalarText ?? YAMLText.value(node)]
        case .yaml, .rows:
            return [YAMLText.value(node)]
        default:
            return [node.scalarText ?? YAMLText.value(node)]
        }
    }

    /// The value the form's text stands for, nil when the key is to be left out (an empty
    /// field), or the YAML problem of a structured value.
    func value(from values: [String], path: String) -> Result<RawNode?, Diagnostic> {
        let location = SourceLocation(path: path)
        func scalar(_ text: String, _ kind: RawNode.ScalarKind = .string) -> RawNode { RawNode(.scalar(text, kind), at: location) }
        switch self {
        case .references, .checkboxes, .optionNames:
            let chosen = values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return .success(chosen.isEmpty ? nil : RawNode(.list(chosen.map { scalar($0) }), at: location))
        case .lines(let numbers):
            let items = (values.first ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard !items.isEmpty else { return .success(nil) }
            return .success(RawNode(.list(items.map { numbers && Self.isNumber($0) ? scalar($0, .integer) : scalar($0) }), at: location))
        case .yaml, .rows:
            let text = values.first ?? ""
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return .success(nil) }
            return RecordSource.parseYAMLValue(text, path: path)
        case .line(let mode):
            let text = (values.first ?? "").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return .success(nil) }
            if mode == "decimal" || mode == "numeric", Self.isNumber(text), !(mode == "numeric" && text.count > 9) {
                return .success(scalar(text, text.contains(".") ? .float : .integer))
            }
            return .success(scalar(text))
        case .area:
            let text = values.first ?? ""
            return .success(text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : scalar(text))
        case .select, .reference, .image:
            let text = (values.first ?? "").trimmingCharacters(in: .whitespaces)
            return .success(text.isEmpty ? nil : scalar(text))
        }
    }

    /// Digits with at most one point, after an optional minus: written unquoted, as a number.
    static func isNumber(_ text: String) -> Bool {
        var sawDigit = false
        var sawPoint = false
        for (i, c) in text.enumerated() {
            if c.isASCII, c.isNumber { sawDigit = true; continue }
            if c == "-", i == 0 { continue }
            if c == ".", !sawPoint, sawDigit { sawPoint = true; continue }
            return false
        }
        return sawDigit && !text.hasSuffix(".")
    }
}
