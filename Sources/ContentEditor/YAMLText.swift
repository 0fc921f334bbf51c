import CatalogModel
import Foundation
import ContentLoader

/// Values written back as YAML front matter, in the shape the sample shop's files use: scalars
/// plain where YAML reads them back as the same text, otherwise double-quoted (JSON's escapes
/// are YAML's); lists of scalars in flow style on one line; maps and lists of maps as blocks.
enum YAMLText {
    /// `key: value` lines for a top-level key.
    static func lines(key: String, value: RawNode) -> [String] {
        if let inline = inline(value) { return ["\(key): \(inline)"] }
        return ["\(key):"] + block(value, indent: "  ")
    }

    /// A value on its own, as the editor shows it in a text area.
    static func value(_ node: RawNode) -> String {
        if let inline = inline(node) { return inline }
        return block(node, indent: "").joined(separator: "\n")
    }

    /// The one-line form of a scalar, an empty collection or a list of scalars; nil otherwise.
    private static func inline(_ node: RawNode) -> String? {
        switch node.value {
        case .scalar(let text, let kind): return scalar(text, kind)
        case .list(let items):
            guard items.allSatisfy({ $0.scalarText != nil }) else { return nil }
            return "[" + items.compactMap { item in
                if case .scalar(let text, let kind) = item.value { return scalar(text, kind) }
                return nil
            }.joined(separator: ", ") + "]"
        case .map(let entries): return entries.isEmpty ? "{}" : nil
        }
    }

    private static func block(_ node: RawNode, indent: String) -> [String] {
        if let one = inline(node) { return [indent + one] }
        switch node.value {
        case .scalar: return []
        case .list(let items):
            var out: [String] = []
            for item in items {
                if let one = inline(item) {
                    out.append(indent + "- " + one)
                    continue
                }
                // The item's first line follows the dash; the rest line up under it.
                let inner = block(item, indent: indent + "  ")
                guard let first = inner.first else { continue }
                out.append(indent + "- " + first.dropFirst(indent.count + 2))
                out += inner.dropFirst()
            }
            return out
        case .map(let entries):
            var out: [String] = []
            for entry in entries {
                // A key is text like any other (a translation's `"Beauty & Me Paris – Le Marais"`).
                let key = scalar(entry.key, .string)
                if let one = inline(entry.value) {
                    out.append(indent + key + ": " + one)
                } else {
                    out.append(indent + key + ":")
                    out += block(entry.value, indent: indent + "  ")
                }
            }
            return out
        }
    }

    /// Words YAML 1.1 reads as booleans or null.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    static func scalar(_ text: String, _ kind: RawNode.ScalarKind) -> String {
        switch kind {
        case .integer, .float, .boolean: return text
        case .null: return "null"
        case .string:
            if isPlain(text) { return text }
            return JSONValue.string(text).encoded()
        }
    }

    /// Holds letters, digits, spaces and `._/-` only, starts with a letter (or with a digit when
    /// a space and a letter follow, as in `50 ml`, which YAML cannot read as a number or date),
    /// and is no YAML word: written this way it reads back as the same string.
    static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, !text.hasSuffix(" "), !reserved.contains(text.lowercased())
        else { return false }
        if !first.properties.isAlphabetic {
            guard ("0"..."9").contains(first), text.contains(" "), text.unicodeScalars.contains(where: { $0.properties.isAlphabetic })
            else { return false }
        }
        return text.unicodeScalars.allSatisfy { s in
            (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s))) || " ._/-".unicodeScalars.contains(s)
        }
    }
}
