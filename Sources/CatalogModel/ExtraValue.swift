/// An unknown key's value, handed to templates under `extra` so themes can use fields Vitrine does not know.
public enum ExtraValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case null
    case list([ExtraValue])
    case map([Pair])

    public struct Pair: Sendable, Hashable {
        public var key: String
        public var value: ExtraValue
    }

    public static func map(_ pairs: [(String, ExtraValue)]) -> ExtraValue { .map(pairs.map { Pair(key: $0.0, value: $0.1) }) }

    /// Foundation-free plain value (String, Bool, [Any], [String: Any]) for template engines.
    public var anyValue: Any {
        switch self {
        case .string(let s): return s
        case .bool(let b): return b
        case .null: return ""
        case .list(let items): return items.map(\.anyValue)
        case .map(let pairs): return Dictionary(pairs.map { ($0.key, $0.value.anyValue) }, uniquingKeysWith: { a, _ in a })
        }
    }
}
