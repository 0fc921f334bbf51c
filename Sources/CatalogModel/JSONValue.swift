/// A JSON document built in code and written with sorted keys. Foundation's JSONSerialization
/// took a quarter of a 10,000-page build for the product pages' JSON-LD alone.
public indirect enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    case string(String)
    /// A number written exactly as given, so prices keep their digits.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Compact JSON with keys sorted by their UTF-8 bytes. With `scriptSafe`, `<`, `>` and `&`
    /// are escaped so the text can sit inside an HTML `<script>` element.
    public func encoded(scriptSafe: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, scriptSafe: scriptSafe)
        return String(decoding: out, as: UTF8.self)
    }

    /// Compact JSON as bytes, for a file.
    public func encodedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out, scriptSafe: false)
        return out
    }

    private func write(to out: inout [UInt8], scriptSafe: Bool) {
        switch self {
        case .string(let text): Self.writeString(text, to: &out, scriptSafe: scriptSafe)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out, scriptSafe: scriptSafe)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out, scriptSafe: scriptSafe)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(to: &out, scriptSafe: scriptSafe)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Bytes that may need an escape: controls, `"`, `\` and the first byte of U+2028/U+2029;
    /// with `scriptSafe` also `<`, `>` and `&`. A table, because product descriptions are long
    /// and every one of their bytes is looked at.
    private static let plainEscapes: [Bool] = (0..<256).map { $0 < 0x20 || $0 == 34 || $0 == 92 || $0 == 0xE2 }
    private static let scriptEscapes: [Bool] = (0..<256).map { plainEscapes[$0] || $0 == 60 || $0 == 62 || $0 == 38 }

    private static func writeString(_ text: String, to out: inout [UInt8], scriptSafe: Bool) {
        var text = text
        text.withUTF8 { writeString($0, to: &out, table: scriptSafe ? scriptEscapes : plainEscapes) }
    }

    /// Copies the runs between escapes whole.
    private static func writeString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], table: [Bool]) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard table[Int(byte)] else {
                i += 1
                continue
            }
            if byte == 0xE2 {
                // U+2028 and U+2029 end a line in JavaScript; other characters from E2 are copied.
                guard i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 else {
                    i += 1
                    continue
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            var width = 1
            switch byte {
            case UInt8(ascii: "\""): out.append(92); out.append(34)
            case UInt8(ascii: "\\"): out.append(92); out.append(92)
            case 10: out.append(92); out.append(UInt8(ascii: "n"))
            case 13: out.append(92); out.append(UInt8(ascii: "r"))
            case 9: out.append(92); out.append(UInt8(ascii: "t"))
            case UInt8(ascii: "<"): out += "\\u003c".utf8
            case UInt8(ascii: ">"): out += "\\u003e".utf8
            case UInt8(ascii: "&"): out += "\\u0026".utf8
            case 0xE2:
                out += (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8
                width = 3
            default:
                out += "\\u00".utf8
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            }
            i += width
            runStart = i
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        out.append(UInt8(ascii: "\""))
    }
}
