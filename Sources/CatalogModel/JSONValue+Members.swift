extension JSONValue {
    /// The member named `key` of an object, or nil: schemas are read back by path
    /// (`schema["properties"]?["name"]`), by the API's schema index and by tests.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    public var stringValue: String? { if case .string(let text) = self { text } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    public var objectValue: [String: JSONValue]? { if case .object(let members) = self { members } else { nil } }

    /// An object with `other`'s members added, `other` winning on a clash; anything else unchanged.
    public func merging(_ other: [String: JSONValue]) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members.merge(other) { _, new in new }
        return .object(members)
    }
}
