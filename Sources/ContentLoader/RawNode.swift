public import CatalogModel

/// A parsed but not yet validated value from a content file, with where it was written.
/// The loader builds these from YAML or JSON; the model's rules turn them into records.
public struct RawNode: Sendable {
    public enum Value: Sendable {
        case scalar(String, ScalarKind)
        case list([RawNode])
        case map([RawEntry])
    }

    /// What YAML or JSON made of a scalar: `12.50` unquoted is a number, `"12.50"` a string.
    public enum ScalarKind: Sendable, Hashable { case string, integer, float, boolean, null }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    public var isNull: Bool { if case .scalar(_, .null) = value { true } else { false } }

    /// The scalar's text, or nil for lists and maps.
    public var scalarText: String? { if case .scalar(let text, _) = value { text } else { nil } }

    /// Plain Swift values for templates' `extra`: String, Bool, numbers as text, arrays and dictionaries.
    public var plainValue: ExtraValue {
        switch value {
        case .scalar(let text, .boolean): return .bool(["true", "yes", "on", "y"].contains(text.lowercased()))
        case .scalar(_, .null): return .null
        case .scalar(let text, _): return .string(text)
        case .list(let items): return .list(items.map(\.plainValue))
        case .map(let entries): return .map(entries.map { ($0.key, $0.value.plainValue) })
        }
    }
}

public struct RawEntry: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: RawNode

    public init(key: String, keyLocation: SourceLocation, value: RawNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
