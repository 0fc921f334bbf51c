/// One form of a message: text with `{name}` placeholders. A `{` that does not open a name
/// (`{ `, `{1`, a lone `{` at the end) is text, so a message may hold braces without escaping.
public struct MessageText: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    public let parts: [Part]

    public init(parsing text: String) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            let name = rest[afterOpen...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            let close = name.endIndex
            if let first = name.first, first.isLetter, close < rest.endIndex, rest[close] == "}" {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.parameter(String(name)))
                rest = rest[rest.index(after: close)...]
            } else {
                literal += "{"
                rest = rest[afterOpen...]
            }
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// The placeholders' names, in order of appearance, each once.
    public var parameters: [String] {
        var seen: Set<String> = []
        return parts.compactMap {
            guard case .parameter(let name) = $0, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// The text with each placeholder replaced; a placeholder without an argument stays as
    /// written, so a missing argument shows on the page instead of vanishing.
    public func formatted(_ arguments: [String: String]) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .parameter(let name): out += arguments[name] ?? "{\(name)}"
            }
        }
        return out
    }
}
