import Foundation

extension JSONValue {
    /// Any `Encodable` as a JSON value, for `encoded()` to write: the API's ten thousand product
    /// documents took a tenth of a whole build through Foundation's JSONEncoder, and this writer is
    /// the one the pages' JSON-LD already use. Handles what documents are made of: strings, bools,
    /// integers, finite floating-point numbers, `Decimal`, optionals, arrays and keyed structs.
    public static func encoding<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = Node()
        try root.store(value, codingPath: [])
        return root.value
    }
}

/// A document that writes itself as a JSON value, skipping the generic encoder: the API's prices,
/// variants and shipping rates come by the hundred thousand in a large catalog, and the encoder's
/// containers cost more than the values. Its `jsonValue` must be what `Encodable` would write.
public protocol JSONValueConvertible: Encodable {
    var jsonValue: JSONValue { get }
}

/// One value being encoded; containers fill it in place, so nested containers can share it.
/// Scalars are stored as values, not as nodes of their own: a product document has dozens of
/// strings and numbers, and a node each meant an object allocation and a dynamic cast per field.
private final class Node {
    enum Member {
        case value(JSONValue)
        case node(Node)

        var value: JSONValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.value
            }
        }
    }

    var scalar: JSONValue?
    var members: [String: Member]?
    var items: [Member]?

    var value: JSONValue {
        if let members { return .object(members.mapValues(\.value)) }
        if let items { return .array(items.map(\.value)) }
        // A type that encodes nothing at all is an empty object, as with JSONEncoder.
        return scalar ?? .object([:])
    }

    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let scalar = try Self.scalar(value, codingPath) {
            self.scalar = scalar
        } else {
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    /// The value as one JSON scalar, when it is one of the types written as such.
    static func scalar<T: Encodable>(_ value: T, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue? {
        switch value {
        case let text as String: .string(text)
        case let flag as Bool: .bool(flag)
        case let number as Int: .number(String(number))
        case let number as Int64: .number(String(number))
        case let decimal as Decimal: .number(decimal.description)
        case let number as Double: try Self.number(number, codingPath())
        case let number as Float: try Self.number(Double(number), codingPath())
        case let document as any JSONValueConvertible: document.jsonValue
        default: nil
        }
    }

    /// The member's value, stored in place when it is a scalar, else in a node of its own.
    func member<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> Member {
        if let scalar = try Self.scalar(value, codingPath()) { return .value(scalar) }
        let child = Node()
        try value.encode(to: NodeEncoder(node: child, codingPath: codingPath()))
        return .node(child)
    }

    /// As `JSONValue.double`, but JSONEncoder's error for infinity and NaN rather than null.
    static func number(_ value: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
        }
        return .double(value)
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [:] }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.items == nil { node.items = [] }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    var codingPath: [any CodingKey]

    private func child(_ key: Key) -> Node {
        let child = Node()
        node.members![key.stringValue] = .node(child)
        return child
    }

    private func set(_ value: JSONValue, _ key: Key) { node.members![key.stringValue] = .value(value) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { set(.string(value), key) } }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { set(.bool(value), key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { set(.number(String(value)), key) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.members![key.stringValue] = try node.member(value, codingPath: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        NodeEncoder(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(node: child(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey]
    var count: Int { node.items!.count }

    private func next() -> Node {
        let child = Node()
        node.items!.append(.node(child))
        return child
    }

    mutating func encodeNil() throws { node.items!.append(.value(.null)) }
    mutating func encode(_ value: String) throws { node.items!.append(.value(.string(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { node.items!.append(try node.member(value, codingPath: codingPath)) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: next(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: next(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(node: next(), codingPath: codingPath) }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.scalar = .null }
    mutating func encode(_ value: Bool) throws { node.scalar = .bool(value) }
    mutating func encode(_ value: String) throws { node.scalar = .string(value) }
    mutating func encode(_ value: Double) throws { node.scalar = try Node.number(value, codingPath) }
    mutating func encode(_ value: Float) throws { node.scalar = try Node.number(Double(value), codingPath) }
    mutating func encode(_ value: Int) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: Int8) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: Int16) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: Int32) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: Int64) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: UInt) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.scalar = .number(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.scalar = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
}
