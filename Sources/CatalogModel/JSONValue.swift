/// Vitrine's one JSON writer: every file, page fragment and HTTP body that holds JSON is a tree of
/// these, written with keys sorted by their UTF-8 bytes so the same input always gives the same
/// bytes. Plain output is byte for byte what Foundation's JSONEncoder writes with `.sortedKeys` and
/// `.withoutEscapingSlashes` (tests hold them equal), several times faster: Foundation took a
/// quarter of a 10,000-page build for the product pages' JSON-LD alone.
public indirect enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    /// A number written exactly as given, so prices keep their digits.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public static func int(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

    /// The common case, concrete: through the generic one above, called from another module,
    /// every number was printed by the standard library's unspecialized radix conversion, most of
    /// the cost of a page's breadcrumb data.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Whole numbers without a fraction (`10`, as JSONEncoder writes 10.0), others in Swift's
    /// shortest form that reads back as the same Double. JSON has no infinity or NaN: null.
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number("\(value)")
    }

    /// Compact JSON. With `scriptSafe`, `<`, `>`, `&`, U+2028 and U+2029 are escaped too, so the
    /// text can sit inside an HTML `<script>` element (and any JavaScript string) as it is.
    public func encoded(scriptSafe: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, escapes: scriptSafe ? Self.scriptEscapes : Self.plainEscapes)
        return String(decoding: out, as: UTF8.self)
    }

    /// Compact JSON as bytes, for a file or an HTTP body.
    public func encodedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out, escapes: Self.plainEscapes)
        return out
    }

    func write(to out: inout [UInt8], escapes: [Bool]) {
        switch self {
        case .string(let text): Self.appendString(text, to: &out, escapes: escapes)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out, escapes: escapes)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in Self.sorted(members).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendString(member.key, to: &out, escapes: escapes)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out, escapes: escapes)
            }
            out.append(UInt8(ascii: "}"))
        default: appendScalar(to: &out)
        }
    }

    /// Numbers, booleans and null: the same in every layout.
    func appendScalar(to out: inout [UInt8]) {
        switch self {
        case .number(let text): out.append(contentsOf: text.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .string, .array, .object: preconditionFailure("not a scalar")
        }
    }

    /// By the keys' UTF-8 bytes, which is JSONEncoder's `.sortedKeys` order (JSONSerialization's
    /// differs: it ignores case and compares digits as numbers).
    static func sorted(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}
