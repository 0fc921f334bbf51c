/// A JSON value for the free-form `details` of an error, encoded with the response's sorted keys.
public enum JSONValue: Sendable, Hashable, Encodable, ExpressibleByDictionaryLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral
{
    case string(String)
    case int(Int64)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        case .null: try container.encodeNil()
        }
    }
}
