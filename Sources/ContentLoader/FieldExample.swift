import Foundation

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
