import CatalogModel
import Foundation
import ContentLoader

/// The text of a record file after an edit. Keys the form did not change keep their lines as
/// the file had them (quoting, comments, keys the editor does not know); changed keys are
/// written where they were, new ones after the last, and a removed key's lines go.
enum RecordWriter {
    /// - Parameters:
    ///   - base: the file as it is, or nil for a new one.
    ///   - changes: the keys to write, in the key table's order; a nil value removes the key.
    ///   - body: the Markdown body (for `.json`, the kind's body key).
    static func text(
        kind: RecordKind, base: RecordSource?, isJSON: Bool, changes: [(key: String, value: RawNode?)], body: String
    ) -> String {
        isJSON
            ? json(kind: kind, base: base, changes: changes, body: body)
            : markdown(base: base, changes: changes, body: body)
    }

    private static func markdown(base: RecordSource?, changes: [(key: String, value: RawNode?)], body: String) -> String {
        var changed: [String: RawNode?] = [:]
        for change in changes { changed[change.key] = change.value }
        var lines: [String] = []
        if let base {
            lines += base.frontMatterLines[base.leadingLines]
            for entry in base.entries {
                guard let replacement = changed.removeValue(forKey: entry.key) else {
                    lines += base.frontMatterLines[entry.lines]
                    continue
                }
                if let replacement { lines += YAMLText.lines(key: entry.key, value: replacement) }
                // Comments and blank lines before the next key are about what follows: kept.
                lines += base.frontMatterLines[entry.lines].dropFirst().reversed()
                    .prefix { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.hasPrefix("#") }.reversed()
            }
        }
        for change in changes {
            guard let value = changed.removeValue(forKey: change.key) ?? nil else { continue }
            lines += YAMLText.lines(key: change.key, value: value)
        }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        var text = "---\n" + lines.map { $0 + "\n" }.joined() + "---\n"
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty {
            // A new file gets a blank line between the front matter and the text, as the shop's
            // files mostly have it; an existing one keeps its own spacing.
            text += base != nil || body.hasPrefix("\n") ? body : "\n" + body
            if !text.hasSuffix("\n") { text += "\n" }
        }
        return text
    }

    private static func json(kind: RecordKind, base: RecordSource?, changes: [(key: String, value: RawNode?)], body: String)
        -> String
    {
        var changed: [String: RawNode?] = [:]
        for change in changes { changed[change.key] = change.value }
        var members: [(String, RawNode)] = []
        let bodyNode: RawNode? = body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            ? nil : RawNode(.scalar(body, .string), at: SourceLocation(path: ""))
        var bodyPlaced = false
        func placeBody() {
            guard !bodyPlaced, let key = kind.jsonBodyKey else { return }
            bodyPlaced = true
            if let bodyNode { members.append((key, bodyNode)) }
        }
        for (index, entry) in (base?.entries ?? []).enumerated() {
            if index == base?.bodyPosition { placeBody() }
            guard let replacement = changed.removeValue(forKey: entry.key) else {
                members.append((entry.key, entry.value))
                continue
            }
            if let replacement { members.append((entry.key, replacement)) }
        }
        for change in changes {
            guard let value = changed.removeValue(forKey: change.key) ?? nil else { continue }
            members.append((change.key, value))
        }
        placeBody()
        return "{\n" + members.map { "  " + JSONValue.string($0.0).encoded() + ": " + jsonText($0.1, indent: "  ") }
            .joined(separator: ",\n") + "\n}\n"
    }

    /// A value as JSON, nested collections indented under their key.
    static func jsonText(_ node: RawNode, indent: String) -> String {
        switch node.value {
        case .scalar(let text, .string): return JSONValue.string(text).encoded()
        case .scalar(let text, .integer), .scalar(let text, .float):
            // YAML allows forms JSON does not (`+1`, `.5`, `1_000`); such a number stays text.
            return text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) && text.first != "."
                ? text : JSONValue.string(text).encoded()
        case .scalar(let text, .boolean): return ["true", "yes", "on", "y"].contains(text.lowercased()) ? "true" : "false"
        case .scalar(_, .null): return "null"
        case .list(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ $0.scalarText != nil }) {
                return "[" + items.map { jsonText($0, indent: indent) }.joined(separator: ", ") + "]"
            }
            let inner = indent + "  "
            return "[\n" + items.map { inner + jsonText($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .map(let entries):
            if entries.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + entries.map { inner + JSONValue.string($0.key).encoded() + ": " + jsonText($0.value, indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
