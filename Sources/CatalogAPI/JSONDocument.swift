/// A JSON document built in code: the JSON Schemas are trees of these, and the catalog's
/// fingerprint is taken over them. Literals make a schema read like the JSON it becomes.
public enum JSONDocument: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

    /// The member named `key` of an object, or nil.
    public subscript(key: String) -> JSONDocument? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var arrayValue: [JSONDocument]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: [String: JSONDocument]? { if case .object(let o) = self { o } else { nil } }

    /// An object with `other`'s members added, `other` winning on a clash.
    public func merging(_ other: [String: JSONDocument]) -> JSONDocument {
        guard case .object(var members) = self else { return self }
        members.merge(other) { _, new in new }
        return .object(members)
    }
}

extension JSONDocument: Encodable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in members { try container.encode(value, forKey: MemberKey(stringValue: key)) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let b): try container.encode(b)
            case .int(let i): try container.encode(i)
            case .number(let d): try container.encode(d)
            case .string(let s): try container.encode(s)
            case .array(let items): try container.encode(items)
            case .object: break
            }
        }
    }
}

extension JSONDocument: Decodable {
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: MemberKey.self) {
            var members: [String: JSONDocument] = [:]
            for key in container.allKeys { members[key.stringValue] = try container.decode(JSONDocument.self, forKey: key) }
            self = .object(members)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [JSONDocument] = []
            while !container.isAtEnd { items.append(try container.decode(JSONDocument.self)) }
            self = .array(items)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? container.decode(Int.self) {
            self = .int(i)
        } else if let d = try? container.decode(Double.self) {
            self = .number(d)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
}

extension JSONDocument: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONDocument...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONDocument)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
