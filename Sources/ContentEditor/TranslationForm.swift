import CatalogModel
import ContentLoader
import Foundation

/// A record's texts in one more language as a form: an input for each key a translation of its
/// kind may hold (`RecordKind.translationFields`) and the body, each beside the default
/// language's text, read-only, so the translator sees what they translate. Option names, option
/// values and store names get an input per default text, since a translation keys them by it.
struct TranslationForm {
    /// One entry of `options`, `values` or `stores`: the default text and its translation.
    struct Term: Equatable {
        var original: String
        var text: String
        /// False for an entry the translation has and the record no longer does: shown, so it
        /// can be cleared, rather than dropped without a word by the next save.
        var inRecord = true
    }

    var kind: RecordKind
    var record: ContentFolder.RecordFile
    var language: String
    var defaultLanguage: String
    /// The translation file under the content folder, and whether it is on disk yet.
    var relative: String
    var exists: Bool
    /// The translation file's version when the form was made (empty when there was none).
    var revision: String
    /// The record's own texts by key (`name` or `title`, `tags` one per line, `slug`) and body.
    var defaults: [String: String]
    var defaultBody: String
    /// The translation's texts by key, one line each (`tags` one per line).
    var values: [String: String]
    /// The translation's entries of `options`, `values` and `stores`, one per default text.
    var terms: [String: [Term]]
    var body: String
    /// Keys in the translation file no form field holds: kept on save, listed so nobody wonders.
    var otherKeys: [String] = []
    /// Messages by field (a key, `values.3` for a term, `_body`).
    var fieldErrors: [String: [String]] = [:]
    var otherErrors: [String] = []
    /// The file on disk when it cannot be read: listed, and the fields disabled.
    var unreadable: UnreadableFile?
    var warnings: [String] = []
    var notice: String?
    var noticeHTML = ""
    /// The record's page in this language in the preview, when a market sells in it.
    var previewPath: String?

    static let bodyField = RecordForm.bodyField
    /// The hidden field carrying a term's default text, beside its input `values.3`.
    static func originalField(_ key: String, _ index: Int) -> String { "_term.\(key).\(index)" }
    static func termField(_ key: String, _ index: Int) -> String { "\(key).\(index)" }

    /// The keys whose value is a map from the default text to the translation.
    static func isTermKey(_ rule: FieldRule) -> Bool {
        if case .textMap = rule.type { return true }
        return false
    }

    /// The form for a record and its translation file as they are on disk.
    init(
        kind: RecordKind, record: ContentFolder.RecordFile, language: String, defaultLanguage: String, relative: String,
        exists: Bool, revision: String, recordSource: RecordSource?, translation: RecordSource?
    ) {
        self.kind = kind
        self.record = record
        self.language = language
        self.defaultLanguage = defaultLanguage
        self.relative = relative
        self.exists = exists
        self.revision = revision
        var defaults: [String: String] = ["slug": record.slug]
        var values: [String: String] = [:]
        var terms: [String: [Term]] = [:]
        let originals = Self.originals(kind: kind, record: recordSource)
        for rule in kind.translationFields {
            let key = rule.key
            if Self.isTermKey(rule) {
                var existing: [(String, String)] = []
                if case .map(let entries)? = translation?.entry(key)?.value.value {
                    existing = entries.map { ($0.key, $0.value.scalarText ?? "") }
                }
                terms[key] = Self.terms(originals: originals[key] ?? [], existing: existing)
            } else if key == "slug" {
                values[key] = translation?.entry(key)?.value.scalarText ?? ""
            } else {
                defaults[key] = Self.text(recordSource?.entry(key)?.value)
                values[key] = Self.text(translation?.entry(key)?.value)
            }
        }
        self.defaults = defaults
        self.defaultBody = recordSource?.body ?? ""
        self.values = values
        self.terms = terms
        self.body = translation?.body ?? ""
        let known = Set(kind.translationKeys(json: translation?.isJSON ?? false))
        self.otherKeys = (translation?.entries ?? []).map(\.key).filter { !known.contains($0) }
    }

    /// A scalar as it is, a list of scalars one per line.
    private static func text(_ node: RawNode?) -> String {
        guard let node, !node.isNull else { return "" }
        if case .list(let items) = node.value { return items.compactMap(\.scalarText).joined(separator: "\n") }
        return node.scalarText ?? YAMLText.value(node)
    }

    /// The record's texts a translation keys its maps by: a product's option names and its
    /// variants' values (option by option, each once), a promotion's store names.
    static func originals(kind: RecordKind, record: RecordSource?) -> [String: [String]] {
        func list(_ key: String) -> [RawNode] {
            if case .list(let items)? = record?.entry(key)?.value.value { return items }
            return []
        }
        func field(_ item: RawNode, _ name: String) -> String? {
            guard case .map(let entries) = item.value else { return nil }
            return entries.first { $0.key == name }?.value.scalarText
        }
        func unique(_ texts: [String]) -> [String] {
            var seen = Set<String>()
            return texts.filter { !$0.isEmpty && seen.insert($0).inserted }
        }
        switch kind {
        case .product:
            let options = unique(list("options").compactMap(\.scalarText))
            let variants = list("variants")
            return ["options": options, "values": unique(options.flatMap { option in variants.compactMap { field($0, option) } })]
        case .promotion:
            return ["stores": unique(list("stores").compactMap { field($0, "name") })]
        default:
            return [:]
        }
    }

    /// A row per default text, with what the translation has for it, then the translation's
    /// entries for texts the record no longer has.
    static func terms(originals: [String], existing: [(String, String)]) -> [Term] {
        var rows = originals.map { original in Term(original: original, text: existing.last { $0.0 == original }?.1 ?? "") }
        for (original, text) in existing where !originals.contains(original) && !rows.contains(where: { $0.original == original }) {
            rows.append(Term(original: original, text: text, inRecord: false))
        }
        return rows
    }

    /// What a post of the form holds, in place of what the file has: the terms are paired with
    /// the default texts the page showed, carried in hidden fields beside them.
    mutating func take(_ form: FormBody) {
        revision = form["_revision"] ?? revision
        for rule in kind.translationFields {
            let key = rule.key
            if Self.isTermKey(rule) {
                let inRecord = Set((terms[key] ?? []).filter(\.inRecord).map(\.original))
                var rows: [Term] = []
                var index = 0
                while let original = form[Self.originalField(key, index)] {
                    rows.append(Term(
                        original: original, text: form[Self.termField(key, index)] ?? "", inRecord: inRecord.contains(original)))
                    index += 1
                }
                terms[key] = rows
            } else {
                values[key] = form[key] ?? ""
            }
        }
        body = form[Self.bodyField] ?? ""
    }

    /// Whether the form holds no text at all: then a language without a file gets none.
    var isEmpty: Bool {
        values.values.allSatisfy { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            && terms.values.joined().allSatisfy { $0.text.trimmingCharacters(in: .whitespaces).isEmpty }
            && body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// The keys the form changed against the file (`base`), in the key table's order, each with
    /// its new value or nil to leave it out: an empty field writes nothing, and a key the form
    /// left as the file has it keeps its lines (quoting, comments) as they are.
    func changes(base: RecordSource?, path: String) -> [(key: String, value: RawNode?)] {
        let location = SourceLocation(path: path)
        func scalar(_ text: String) -> RawNode { RawNode(.scalar(text, .string), at: location) }
        var changes: [(key: String, value: RawNode?)] = []
        for rule in kind.translationFields {
            let key = rule.key
            let before = base?.entry(key)?.value
            let now: RawNode?
            if Self.isTermKey(rule) {
                let entries = (terms[key] ?? []).compactMap { term -> RawEntry? in
                    let text = term.text.trimmingCharacters(in: .whitespaces)
                    return text.isEmpty ? nil : RawEntry(key: term.original, keyLocation: location, value: scalar(text))
                }
                now = entries.isEmpty ? nil : RawNode(.map(entries), at: location)
                var old: [String] = []
                if case .map(let oldEntries)? = before?.value { old = oldEntries.map { $0.key + "\u{0}" + ($0.value.scalarText ?? "") } }
                if old == entries.map({ $0.key + "\u{0}" + ($0.value.scalarText ?? "") }) { continue }
            } else if case .textList = rule.type {
                let items = (values[key] ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                now = items.isEmpty ? nil : RawNode(.list(items.map(scalar)), at: location)
                if items.joined(separator: "\n") == Self.text(before) { continue }
            } else {
                let text = (values[key] ?? "").trimmingCharacters(in: .whitespaces)
                now = text.isEmpty ? nil : scalar(text)
                if text == (before?.scalarText ?? "") { continue }
            }
            changes.append((key, now))
        }
        return changes
    }

    /// The form field a diagnostic about the translation file belongs to: a term's input when
    /// the message names its default text (`values.0N Neutral: …`, `stores: "Le Marais" is not…`),
    /// else the key the message starts with.
    func field(of message: String) -> String? {
        for rule in kind.translationFields where Self.isTermKey(rule) {
            let key = rule.key
            for (index, term) in (terms[key] ?? []).enumerated()
            where message.hasPrefix("\(key).\(term.original):") || message.hasPrefix("\(key): \"\(term.original)\"") {
                return Self.termField(key, index)
            }
        }
        for rule in kind.translationFields where message.hasPrefix(rule.key + ":") || message.hasPrefix(rule.key + ".") {
            return rule.key
        }
        if let key = kind.jsonBodyKey, message.hasPrefix(key + ":") { return Self.bodyField }
        return nil
    }
}
