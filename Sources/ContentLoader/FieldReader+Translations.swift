public import CatalogModel

extension FieldReader {
    /// A reader for a translation file (`products/serum.ko.md`). A key the record itself has
    /// (`price`, `brand`) is an error that says where it belongs; any other unknown key is an
    /// error too, since nothing would read it in that language.
    public init(translationOf kind: RecordKind, record: String, root: RawNode, json: Bool, file: SourceLocation) {
        let known = kind.translationKeys(json: json)
        var kept: [RawEntry] = []
        var misplaced: [Diagnostic] = []
        if case .map(let entries) = root.value {
            for entry in entries {
                if known.contains(entry.key) {
                    kept.append(entry)
                } else if kind.knownKeys(json: true).contains(entry.key) || (!json && entry.key == kind.jsonBodyKey) {
                    let message = entry.key == kind.jsonBodyKey
                        ? "`\(entry.key)`: in a Markdown translation the \(entry.key) is the body after the closing ---"
                        : "`\(entry.key)` is the same in every language: it belongs in \(record), not in a translation, "
                            + "which holds only \(Self.translatedList(kind, json: json))"
                    misplaced.append(.error(message, at: entry.keyLocation))
                } else {
                    var message = "`\(entry.key)`: unknown key in a translation"
                    if let close = Spelling.mistypedKey(entry.key, among: known) ?? Spelling.closest(to: entry.key, among: known) {
                        message += "; did you mean `\(close)`?"
                    } else {
                        message += "; a translation holds only " + Self.translatedList(kind, json: json)
                    }
                    misplaced.append(.error(message, at: entry.keyLocation))
                }
            }
        }
        let filtered = { () -> RawNode in
            if case .map = root.value { return RawNode(.map(kept), at: root.location) }
            return root
        }()
        var rules = kind.translationFields
        if json, let body = kind.jsonBodyKey { rules.append(FieldRule(body, .text(0...Int.max), "the body in this language")) }
        self.init(nested: rules, root: filtered, in: kind, keyPrefix: "", json: json)
        for diagnostic in misplaced { report(diagnostic) }
    }

    /// `name, tags, options, values, slug and the body`.
    static func translatedList(_ kind: RecordKind, json: Bool) -> String {
        let keys = kind.translationFields.map { "`\($0.key)`" }
        let body = json ? kind.jsonBodyKey.map { "`\($0)`" } ?? "the body" : "the body"
        return keys.joined(separator: ", ") + " and " + body
    }
}
