public import CatalogModel
public import Foundation

/// Reads the keys of one content file against its kind's rules, collecting every problem rather
/// than stopping at the first, so one build reports all of them.
public struct FieldReader {
    public let kind: RecordKind
    public let file: SourceLocation
    public private(set) var diagnostics: [Diagnostic] = []
    /// Unknown keys, kept for templates.
    public private(set) var extra: [String: ExtraValue] = [:]
    /// The file's known keys, in a list: a file has a few, and a reader asks for every key its
    /// kind knows, most of them absent. Hashing each asked key into a dictionary was a per cent
    /// of loading 100,000 products.
    private var entries: [RawEntry] = []
    private let rules: [String: FieldRule]
    /// The keys a record must have, asked of each absent key without a lookup in `rules`.
    private let required: [String]

    /// Written before a key in messages: `variants.` inside a variant, empty at the top.
    let keyPrefix: String
    /// The zone the file's dates are days of (`timeZone` in `site.json`).
    public let timeZone: TimeZone
    /// Whether the file is JSON, so that advice writes `"price": 12.50` rather than `price: 12.50`.
    var isJSON = false
    /// The shop's own brands and SKUs, quoted in advice; see `ShopExamples`.
    var examples = ShopExamples()
    /// Whether a message quoted `examples`, so the loader reads the file again once it knows them.
    var usedShopExamples = false
    /// The root was not a set of keys: that one error is the file's, without a missing key for each required one.
    private var rootIsNotKeys = false

    /// The settings of `site.json` a record's keys are read with: `customKeys` and `timeZone`.
    public struct Settings: Sendable {
        public var customKeys: [RecordKind: Set<String>]
        public var timeZone: TimeZone

        public init(customKeys: [RecordKind: Set<String>] = [:], timeZone: TimeZone = Timestamp.utc) {
            self.customKeys = customKeys
            self.timeZone = timeZone
        }

        public init(site: Site?) {
            self.init(customKeys: site?.customKeys ?? [:], timeZone: site?.timeZone ?? Timestamp.utc)
        }
    }

    /// `root` is the parsed front matter or JSON object; `json` says whether the body key is allowed.
    public init(kind: RecordKind, root: RawNode?, json: Bool, file: SourceLocation, settings: Settings = Settings()) {
        let set = Self.ruleSets[kind]!
        self.init(
            kind: kind, rules: set.rules, required: set.required, known: json ? set.jsonKeys : set.markdownKeys, root: root, json: json,
            file: file, customKeys: settings.customKeys[kind] ?? [], timeZone: settings.timeZone)
    }

    /// A kind's rules by key and the keys it knows in a Markdown file and in a JSON one: made
    /// once rather than per file, where they were a percent of loading ten thousand products.
    private struct RuleSet: Sendable {
        let rules: [String: FieldRule]
        let required: [String]
        let markdownKeys: [String]
        let jsonKeys: [String]
    }

    private static let ruleSets: [RecordKind: RuleSet] = Dictionary(
        uniqueKeysWithValues: RecordKind.allCases.map { kind in
            (kind, RuleSet(
                rules: Dictionary(uniqueKeysWithValues: kind.fields.map { ($0.key, $0) }),
                required: kind.fields.filter(\.required).map(\.key), markdownKeys: kind.knownKeys(json: false), jsonKeys: kind.knownKeys(json: true)))
        })

    /// A reader for a set of keys inside a record (one variant, one shipping rate). Unknown keys
    /// there are errors, not warnings: nothing reads them, and a misspelt option would silently
    /// make a variant without its value.
    init(nested rules: [FieldRule], root: RawNode, in parent: RecordKind, keyPrefix: String, json: Bool = false) {
        self.init(
            kind: parent, rules: Dictionary(uniqueKeysWithValues: rules.map { ($0.key, $0) }),
            required: rules.filter(\.required).map(\.key), known: rules.map(\.key),
            root: root, json: json, file: root.location, keyPrefix: keyPrefix, strict: true)
    }

    private init(
        kind: RecordKind, rules: [String: FieldRule], required: [String], known: [String], root: RawNode?, json: Bool,
        file: SourceLocation,
        keyPrefix: String = "", strict: Bool = false, customKeys: Set<String> = [], timeZone: TimeZone = Timestamp.utc
    ) {
        self.kind = kind
        self.file = file
        self.keyPrefix = keyPrefix
        self.timeZone = timeZone
        self.rules = rules
        self.required = required
        self.isJSON = json
        guard let root else { return }
        guard case .map(let list) = root.value else {
            rootIsNotKeys = true
            diagnostics.append(.error(
                strict
                    ? "\(keyPrefix.dropLast()): expected a set of keys, e.g. \(FieldExample.keys(known.prefix(2).map { ($0, .text("…")) }).written(json: json)), found a \(root.shapeName)"
                    : json ? "expected a JSON object of keys, e.g. {\"title\": \"…\"}" : "front matter must be keys and values, e.g. title: …",
                at: root.location))
            return
        }
        entries.reserveCapacity(list.count)
        for entry in list {
            if known.contains(entry.key) {
                // A key given twice keeps its last value, as a dictionary did.
                entries.removeAll { $0.key == entry.key }
                entries.append(entry)
                continue
            }
            if !strict { extra[entry.key] = entry.value.plainValue }
            if customKeys.contains(entry.key) { continue }
            var message = "`\(keyPrefix)\(entry.key)`: unknown key"
            // A key a typo away from a known one is an error: read as the shop's own, it would
            // silently drop what the known key does (`discount:` discounts nothing).
            let mistyped = Spelling.mistypedKey(entry.key, among: known)
            if let close = mistyped ?? Spelling.closest(to: entry.key, among: known) {
                message += "; did you mean `\(close)`?"
            } else {
                message += "; known keys are " + known.map { "`\($0)`" }.joined(separator: ", ")
            }
            if !json, !strict, let body = kind.jsonBodyKey, entry.key == body {
                message = "`\(entry.key)`: unknown key in front matter; write the \(body) as the Markdown body after the closing ---"
                diagnostics.append(.warning(message, at: entry.keyLocation))
            } else if strict {
                diagnostics.append(.error(message, at: entry.keyLocation))
            } else if mistyped != nil {
                message += " If `\(entry.key)` is a key of the shop's own, list it in site.json: \"customKeys\": {\"\(kind.pluralName)\": [\"\(entry.key)\"]}"
                diagnostics.append(.error(message, at: entry.keyLocation))
            } else {
                diagnostics.append(.warning(message, at: entry.keyLocation))
            }
        }
    }

    /// The Markdown body of a `.json` file.
    public mutating func jsonBody() -> String? {
        guard let key = kind.jsonBodyKey, let node = present(key) else { return nil }
        guard let text = node.scalarText, case .scalar(_, .string) = node.value else {
            fail(key, node, "expected a Markdown string")
            return nil
        }
        return text
    }

    // MARK: Typed readers; each reports a missing required key or a bad value and returns nil.

    public mutating func text(_ key: String) -> String? {
        guard let node = value(key) else { return nil }
        guard let text = node.scalarText else {
            fail(key, node, "expected text, found a \(node.shapeName)")
            return nil
        }
        switch rule(key).type {
        case .text(let range):
            if !range.contains(Self.characterCount(text)) {
                fail(key, node, lengthMessage(text, range))
                return nil
            }
        case .pattern(let pattern, let range, _):
            if !range.contains(Self.characterCount(text)) {
                fail(key, node, lengthMessage(text, range))
                return nil
            }
            if !Self.matches(text, pattern) {
                let example = self.example(of: rule(key).type).written(json: isJSON)
                fail(key, node, "\"\(text)\" has characters outside \(Self.describe(pattern)); write e.g. \(example)")
                return nil
            }
        case .currencyCode:
            if let problem = Currency.problem(with: text) { fail(key, node, problem); return nil }
        case .countryCode:
            if let problem = CountryCode.problem(with: text) { fail(key, node, problem); return nil }
        case .localeTag:
            if text.range(of: Self.localePattern, options: .regularExpression) == nil {
                fail(key, node, "\"\(text)\" is not a locale tag; write e.g. en_US or fr-FR")
                return nil
            }
        case .webURL:
            if let problem = WebURL.problem(with: text) { fail(key, node, problem); return nil }
        case .baseURL:
            if let problem = WebURL.problem(with: text) { fail(key, node, problem); return nil }
            if !text.hasSuffix("/") {
                fail(key, node, "\"\(text)\" must end in /; write \"\(text)/\"")
                return nil
            }
        case .gtin:
            if let problem = GTIN.problem(with: text) { fail(key, node, problem); return nil }
        case .choice(let options):
            if let problem = Self.choiceProblem(text, options) { fail(key, node, problem); return nil }
        default:
            break
        }
        return text
    }

    public mutating func money(_ key: String, currency: Currency) -> Money? {
        guard let node = value(key) else { return nil }
        guard let text = node.scalarText else {
            fail(key, node, "expected a decimal amount such as 12.50, found a \(node.shapeName)")
            return nil
        }
        switch Money.parse(text, currency: currency) {
        case .success(let money): return money
        case .failure(let error):
            fail(key, node, error.description)
            return nil
        }
    }

    /// `true` or `false`: YAML's other spellings (`yes`, `on`) are refused, since a file read
    /// by another YAML version would mean something else by them.
    public mutating func boolean(_ key: String) -> Bool? {
        guard let node = value(key), let text = scalar(key, node, "true or false") else { return nil }
        switch text.trimmingWhitespace() {
        case "true": return true
        case "false": return false
        default:
            fail(key, node, "\"\(text)\" is not true or false; write \(FieldExample.entry(key, .bare("true"), json: isJSON))")
            return nil
        }
    }

    /// `through`: a date alone means the end of that day in the shop's zone (a promotion's `ends`).
    public mutating func timestamp(_ key: String, through: Bool = false) -> Timestamp? {
        guard let node = value(key), let text = scalar(key, node, "a date such as 2026-12-24") else { return nil }
        switch Timestamp.parse(text, in: timeZone, through: through) {
        case .success(let stamp): return stamp
        case .failure(let error):
            fail(key, node, error.message)
            return nil
        }
    }

    public mutating func integer(_ key: String) -> Int? {
        guard let node = value(key), let text = scalar(key, node, "a whole number") else { return nil }
        guard case .integer(let range) = rule(key).type else { return nil }
        guard let number = Int(text.trimmingWhitespace()) else {
            fail(key, node, "\"\(text)\" is not a whole number; write e.g. \(range.lowerBound == 1 ? 20 : range.lowerBound)")
            return nil
        }
        if !range.contains(number) {
            fail(key, node, "\(number) is outside \(range.lowerBound)–\(range.upperBound)")
            return nil
        }
        return number
    }

    public mutating func percent(_ key: String) -> Decimal? {
        guard let node = value(key), let text = scalar(key, node, "a number such as 10") else { return nil }
        let trimmed = text.trimmingWhitespace()
        guard Self.isPlainDecimal(trimmed),
            let number = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
        else {
            fail(key, node, "\"\(text)\" is not a number; write e.g. 10 for 10%")
            return nil
        }
        if number <= 0 || number > 100 {
            fail(key, node, "\(trimmed) is outside the range above 0 and up to 100")
            return nil
        }
        if number < 1 {
            let meant = number * 100
            diagnostics.append(.warning(
                "\(keyPrefix)\(key): \(trimmed) means \(trimmed) % off; write \(meant) for \(meant) %", at: node.location))
        }
        return number
    }

    /// A single slug naming another record; whether it exists is checked once all files are read.
    public mutating func reference(_ key: String) -> Reference? {
        guard let node = value(key), let text = scalar(key, node, "a slug") else { return nil }
        guard case .reference(let target) = rule(key).type else { return nil }
        guard let slug = Slug(text) else {
            let hint = brandHint(for: text, kind: target)
            fail(key, node, Slug.problem(with: text)! + hint)
            return nil
        }
        return Reference(key: key, kind: target, slug: slug, location: node.location)
    }

    public mutating func references(_ key: String) -> [Reference]? {
        guard let items = list(key) else { return nil }
        guard case .references(let target) = rule(key).type else { return nil }
        var out: [Reference] = []
        for item in items {
            guard let text = scalar(key, item, "a slug") else { continue }
            if let slug = Slug(text) {
                out.append(Reference(key: key, kind: target, slug: slug, location: item.location))
            } else {
                let hint = brandHint(for: text, kind: target)
                fail(key, item, Slug.problem(with: text)! + hint)
            }
        }
        return out
    }

    public mutating func texts(_ key: String) -> [String]? {
        guard let items = list(key) else { return nil }
        var out: [String] = []
        for item in items {
            guard let text = scalar(key, item, "text") else { continue }
            if text.trimmingWhitespace().isEmpty { fail(key, item, "an item may not be empty"); continue }
            out.append(text)
        }
        return out
    }

    /// A `.choices` list: each item one of the key's options, none given twice.
    public mutating func choices(_ key: String) -> [String]? {
        guard let items = list(key), case .choices(let options) = rule(key).type else { return nil }
        var out: [String] = []
        for item in items {
            guard let text = scalar(key, item, "one of " + options.joined(separator: ", ")) else { continue }
            if let problem = Self.choiceProblem(text, options) {
                fail(key, item, problem)
            } else if out.contains(text) {
                fail(key, item, "\"\(text)\" is given twice; list it once")
            } else {
                out.append(text)
            }
        }
        return out
    }

    /// Why `text` is not one of `options`, with the closest as a suggestion; nil when it is.
    static func choiceProblem(_ text: String, _ options: [String]) -> String? {
        guard !options.contains(text) else { return nil }
        var message = "\"\(text)\" is not one of " + options.map { "`\($0)`" }.joined(separator: ", ")
        if let close = Spelling.closest(to: text, among: options) { message += "; did you mean `\(close)`?" }
        return message
    }

    public mutating func image(_ key: String) -> ImageUse? {
        guard let node = value(key), let text = scalar(key, node, "an image path such as images/photo.png") else { return nil }
        switch ImageReference.parse(text) {
        case .success(let image): return ImageUse(key: key, image: image, location: node.location)
        case .failure(let error):
            fail(key, node, error.message)
            return nil
        }
    }

    public mutating func stores(_ key: String) -> [Store]? {
        guard let items = list(key, limit: ContentLimits.stores) else { return nil }
        var stores: [Store] = []
        for item in items {
            guard case .map(let fields) = item.value else {
                fail(key, item, "each store is {name, address, latitude, longitude}, found a \(item.shapeName)")
                continue
            }
            var byKey: [String: RawNode] = [:]
            for field in fields {
                if Store.keys.contains(field.key) {
                    byKey[field.key] = field.value
                } else {
                    let close = Spelling.closest(to: field.key, among: Store.keys)
                    diagnostics.append(.warning(
                        "`\(key).\(field.key)`: unknown store key" + (close.map { "; did you mean `\($0)`?" } ?? ""),
                        at: field.keyLocation))
                }
            }
            var ok = true
            let name = byKey["name"]?.scalarText
            if name == nil || !Store.nameLength.contains(name!.count) {
                fail("\(key).name", byKey["name"] ?? item, "a store needs a name of \(Store.nameLength.lowerBound)–\(Store.nameLength.upperBound) characters")
                ok = false
            }
            let address = byKey["address"]?.scalarText
            func coordinate(_ field: String, _ limit: Double) -> Double? {
                guard let node = byKey[field] else {
                    fail("\(key).\(field)", item, "a store needs a \(field), e.g. \(field == "latitude" ? "48.8566" : "2.3522")")
                    return nil
                }
                guard let text = node.scalarText, let value = Double(text.trimmingWhitespace()), value.isFinite else {
                    fail("\(key).\(field)", node, "\"\(node.scalarText ?? node.shapeName)\" is not a number of degrees")
                    return nil
                }
                guard abs(value) <= limit else {
                    fail("\(key).\(field)", node, "\(text) is outside −\(Int(limit))…\(Int(limit))")
                    return nil
                }
                return value
            }
            let latitude = coordinate("latitude", Store.latitudeLimit)
            let longitude = coordinate("longitude", Store.longitudeLimit)
            if ok, let latitude, let longitude, let name {
                stores.append(Store(name: name, address: address, latitude: latitude, longitude: longitude))
            }
        }
        return stores
    }

    /// Location of a key's value, for checks that compare two keys (`ends` after `starts`).
    public func location(of key: String) -> SourceLocation { position(of: key).map { entries[$0].value.location } ?? file }

    public mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    // MARK: Helpers

    func rule(_ key: String) -> FieldRule { rules[key]! }

    func present(_ key: String) -> RawNode? {
        guard let position = position(of: key), !entries[position].value.isNull else { return nil }
        return entries[position].value
    }

    /// By position, comparing keys in place: `first(where:)` copied each entry it passed.
    private func position(of key: String) -> Int? {
        for position in entries.indices where entries[position].key == key { return position }
        return nil
    }

    /// The key's node; reports a missing required key.
    mutating func value(_ key: String) -> RawNode? {
        if let node = present(key) { return node }
        if required.contains(key), !rootIsNotKeys {
            let example = entryExample(key)
            diagnostics.append(.error(
                "missing required key `\(keyPrefix)\(key)` (\(rule(key).summary)); add e.g. \(example)",
                at: position(of: key).map { entries[$0].keyLocation } ?? file))
        }
        return nil
    }

    mutating func list(_ key: String, limit: Int = ContentLimits.listItems) -> [RawNode]? {
        guard let node = value(key) else { return nil }
        guard case .list(let items) = node.value else {
            let example = self.example(of: rule(key).type).written(json: isJSON)
            fail(key, node, "expected a list, e.g. \(example), found a \(node.shapeName)")
            return nil
        }
        guard items.count <= limit else {
            fail(key, items[limit], "\(items.count.formatted()) items, more than the \(limit) a record may list; write at most \(limit)")
            return nil
        }
        return items
    }

    mutating func scalar(_ key: String, _ node: RawNode, _ expected: String) -> String? {
        guard let text = node.scalarText else {
            fail(key, node, "expected \(expected), found a \(node.shapeName)")
            return nil
        }
        return text
    }

    mutating func fail(_ key: String, _ node: RawNode, _ message: String) {
        diagnostics.append(.error("\(keyPrefix)\(key): \(message)", at: node.location))
    }

    private func lengthMessage(_ text: String, _ range: ClosedRange<Int>) -> String {
        text.isEmpty
            ? "may not be empty; write \(range.lowerBound)–\(range.upperBound) characters"
            : "is \(text.count) characters long; the limit is \(range.upperBound)"
    }

    /// The two key patterns are character classes; checking them by hand keeps the regex engine
    /// out of a loop that runs once per product.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        switch pattern {
        case RecordKind.Patterns.sku:
            return text.utf8.allSatisfy { b in
                (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 46 || b == 95 || b == 45
            }
        case RecordKind.Patterns.promotionCode:
            return text.utf8.allSatisfy { b in (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 45 }
        default:
            return text.range(of: pattern, options: .regularExpression) != nil
        }
    }

    static let localePattern = RecordKind.Patterns.locale

    /// Characters in `text`, as `count` gives them: for ASCII without a carriage return (which
    /// joins a following line feed into one character) that is its length in bytes, read
    /// without breaking the text into characters, as every name and title is checked.
    static func characterCount(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 13 } ? text.utf8.count : text.count
    }

    /// Whether `text` is digits with at most one `.` followed by more digits (`10`, `12.5`):
    /// `^[0-9]+(\.[0-9]+)?$` without a regular expression, which was compiled on every call.
    static func isPlainDecimal(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard !text.utf8.isEmpty, parts.count <= 2 else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0 >= 48 && $0 <= 57 } }
    }

    static func describe(_ pattern: String) -> String {
        switch pattern {
        case RecordKind.Patterns.sku: "A–Z, a–z, 0–9, '.', '_' and '-'"
        case RecordKind.Patterns.promotionCode: "upper-case A–Z, 0–9 and '-'"
        default: pattern
        }
    }
}

extension RawNode {
    var shapeName: String {
        switch value {
        case .scalar: "single value"
        case .list: "list"
        case .map: "set of keys"
        }
    }
}

/// A slug in one record that names another; checked against the whole catalog.
public struct Reference: Sendable, Hashable {
    public var key: String
    public var kind: RecordKind
    public var slug: Slug
    public var location: SourceLocation
}

/// An image a record uses, with where it was named, so a missing file is reported at that line.
public struct ImageUse: Sendable, Hashable {
    public var key: String
    public var image: ImageReference
    public var location: SourceLocation
}

extension FieldReader {
    /// Adds what a nested reader found.
    mutating func absorb(_ nested: FieldReader) {
        for diagnostic in nested.diagnostics { report(diagnostic) }
        if nested.usedShopExamples { usedShopExamples = true }
    }
}
