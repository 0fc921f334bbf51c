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

/// One value being encoded; containers fill it in place, so nested containers can share it.
private final class Node {
    var scalar: JSONValue?
    var members: [String: Node]?
    var items: [Node]?

    var value: JSONValue {
        if let members { return .object(members.mapValues(\.value)) }
        if let items { return .array(items.map(\.value)) }
        // A type that encodes nothing at all is an empty object, as with JSONEncoder.
        return scalar ?? .object([:])
    }

    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: scalar = .string(text)
        case let flag as Bool: scalar = .bool(flag)
        case let decimal as Decimal: scalar = .number(decimal.description)
        case let number as Double: scalar = try Self.number(number, codingPath)
        case let number as Float: scalar = try Self.number(Double(number), codingPath)
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
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
        node.members![key.stringValue] = child
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).scalar = .null }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try child(key).store(value, codingPath: codingPath + [key])
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
        node.items!.append(child)
        return child
    }

    mutating func encodeNil() throws { next().scalar = .null }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().store(value, codingPath: codingPath) }
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
