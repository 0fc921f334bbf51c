/// One line of a JSON Lines file, parsed in place over its bytes.
///
/// Written for reviews, where a shop keeps hundreds of thousands of lines: Foundation's parser
/// gives no positions (every diagnostic needs a column) and took several times as long, and the
/// YAML route the other content files take was slower still. Strings are kept as byte ranges and
/// decoded only when asked for, so a build that copies a review's text into the JSON API can copy
/// the token as it was written.
///
/// Strict RFC 8259: no comments, no trailing commas, no leading zeros, no raw control characters
/// in strings, valid UTF-8, and nesting at most `maxDepth` deep.
public struct JSONLine: Sendable {
    public enum Value: Sendable {
        /// The token's bytes without the quotes; `escaped` when it holds a backslash.
        case string(Range<Int>, escaped: Bool)
        /// The token's bytes.
        case number(Range<Int>)
        case bool(Bool)
        case null
        case object([Member])
        case array([Value])
    }

    public struct Member: Sendable {
        public var key: String
        /// Byte offset of the key's opening quote within the line.
        public var keyOffset: Int
        /// Byte offset where the value starts.
        public var valueOffset: Int
        public var value: Value
    }

    /// A syntax error: what was expected, at a byte offset within the line.
    public struct SyntaxError: Error, Sendable {
        public var message: String
        public var offset: Int
    }

    public static let maxDepth = 16

    /// The whole buffer the line is in (a file's bytes, shared, not copied); offsets and ranges
    /// are into it.
    public let bytes: [UInt8]
    /// Where the line is in `bytes`, without its line break.
    public let line: Range<Int>
    public let root: Value

    /// Parses the line at `line` in `bytes`; the whole line must be one JSON value.
    public init(_ bytes: [UInt8], line: Range<Int>) throws(SyntaxError) {
        self.bytes = bytes
        self.line = line
        // Over the buffer's memory: checking bounds and holding the array for each of a million
        // lines' bytes was most of the parse.
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Result<Value, SyntaxError> in
            guard line.lowerBound >= 0, line.upperBound <= buffer.count else {
                return .failure(SyntaxError(message: "the line is outside its buffer", offset: line.lowerBound))
            }
            var parser = Parser(bytes: buffer, at: line.lowerBound, end: line.upperBound)
            do throws(SyntaxError) {
                parser.skipSpace()
                let value = try parser.value(depth: 0)
                parser.skipSpace()
                guard parser.at == line.upperBound else {
                    throw SyntaxError(message: "unexpected text after the JSON value; write one object per line", offset: parser.at)
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        root = try parsed.get()
    }

    public init(_ bytes: [UInt8]) throws(SyntaxError) { try self.init(bytes, line: 0..<bytes.count) }

    /// The object's members, or nil when the line is not an object.
    public var members: [Member]? {
        if case .object(let members) = root { members } else { nil }
    }

    /// The text a string token stands for, its escapes decoded.
    public func text(_ range: Range<Int>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: bytes[range], as: UTF8.self) }
        return String(decoding: Self.unescape(bytes[range]), as: UTF8.self)
    }

    /// The string's text, or nil for any other value.
    public func text(of value: Value) -> String? {
        if case .string(let range, let escaped) = value { text(range, escaped: escaped) } else { nil }
    }

    /// The length in Unicode scalars of a string token without escapes, white space at its ends
    /// left out, counted on its bytes; nil when an end holds a character beyond ASCII, which only
    /// the decoded text can tell is white space or not.
    public func plainLength(_ range: Range<Int>) -> Int? {
        var start = range.lowerBound
        var end = range.upperBound
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return 0 }
        guard bytes[start] < 0x80, bytes[end - 1] < 0x80 else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            for index in start..<end where buffer[index] & 0xC0 != 0x80 { count += 1 }
            return count
        }
    }

    /// The 1-based column, in Unicode scalars, of a byte offset: what diagnostics print.
    public func column(atOffset offset: Int) -> Int {
        var column = 1
        for byte in bytes[line.lowerBound..<min(max(offset, line.lowerBound), line.upperBound)] where byte & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// Decodes the escapes of a string token the parser accepted.
    /// Bytes that changed since they were checked (a review line read back) may end inside an
    /// escape: what is missing counts as nothing, never as a read past the token.
    static func unescape(_ token: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(token.count)
        var i = token.startIndex
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for byte in token[min(at, token.endIndex)..<min(at + 4, token.endIndex)] {
                value = value << 4 | UInt32(Parser.hexValue(byte) ?? 0)
            }
            return value
        }
        while i < token.endIndex {
            let byte = token[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < token.endIndex else {
                out.append(byte)
                i += 1
                continue
            }
            let kind = token[i + 1]
            i += 2
            switch kind {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = hex(i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar), i + 6 <= token.endIndex, token[i] == UInt8(ascii: "\\"),
                    token[i + 1] == UInt8(ascii: "u")
                {
                    let low = hex(i + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                // A lone surrogate is not a character: it becomes U+FFFD, as a decoder would.
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(character)).utf8))
            default: out.append(kind)  // \" \\ \/
            }
        }
        return out
    }

    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var at: Int
        let end: Int

        mutating func skipSpace() {
            while at < end, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D || bytes[at] == 0x0A { at += 1 }
        }

        func fail(_ message: String, at offset: Int? = nil) -> SyntaxError {
            SyntaxError(message: message, offset: offset ?? at)
        }

        mutating func value(depth: Int) throws(SyntaxError) -> Value {
            guard at < end else { throw fail("the line ends where a value should be") }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""):
                let (range, escaped) = try string()
                return .string(range, escaped: escaped)
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            case UInt8(ascii: "'"): throw fail("JSON strings take double quotes (\"), not single ones")
            default: throw fail("expected a value (a string in double quotes, a number, true, false, null, an object or a list)")
            }
        }

        mutating func word(_ text: String) throws(SyntaxError) {
            let expected = Array(text.utf8)
            let count = expected.count
            let matches = at + count <= end && (0..<count).allSatisfy { bytes[at + $0] == expected[$0] }
            guard matches else { throw fail("expected a value; did you mean \(text)? (strings need double quotes)") }
            at += count
        }

        mutating func object(depth: Int) throws(SyntaxError) -> Value {
            guard depth <= JSONLine.maxDepth else { throw fail("nested more than \(JSONLine.maxDepth) deep") }
            at += 1
            var members: [Member] = []
            // A review has up to ten members: room for them at once, not four growths a line.
            members.reserveCapacity(depth == 1 ? 12 : 2)
            skipSpace()
            if at < end, bytes[at] == UInt8(ascii: "}") {
                at += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard at < end, bytes[at] == UInt8(ascii: "\"") else {
                    throw fail(at < end && bytes[at] == UInt8(ascii: "}")
                        ? "a comma before } is not allowed in JSON; remove it"
                        : "expected a key in double quotes")
                }
                let keyOffset = at
                let (range, escaped) = try string()
                let key = escaped
                    ? String(decoding: JSONLine.unescape(ArraySlice(bytes[range])), as: UTF8.self)
                    : String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                skipSpace()
                guard at < end, bytes[at] == UInt8(ascii: ":") else { throw fail("expected : after the key \"\(key)\"") }
                at += 1
                skipSpace()
                let valueOffset = at
                let value = try value(depth: depth)
                members.append(Member(key: key, keyOffset: keyOffset, valueOffset: valueOffset, value: value))
                skipSpace()
                guard at < end else { throw fail("the line ends inside an object; close it with }") }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "}") else { throw fail("expected , or } after a value") }
                at += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> Value {
            guard depth <= JSONLine.maxDepth else { throw fail("nested more than \(JSONLine.maxDepth) deep") }
            at += 1
            var items: [Value] = []
            skipSpace()
            if at < end, bytes[at] == UInt8(ascii: "]") {
                at += 1
                return .array(items)
            }
            while true {
                skipSpace()
                if at < end, bytes[at] == UInt8(ascii: "]") { throw fail("a comma before ] is not allowed in JSON; remove it") }
                items.append(try value(depth: depth))
                skipSpace()
                guard at < end else { throw fail("the line ends inside a list; close it with ]") }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "]") else { throw fail("expected , or ] after a value") }
                at += 1
                return .array(items)
            }
        }

        /// A string token: checks escapes, control characters and UTF-8, and returns the bytes
        /// between the quotes.
        mutating func string() throws(SyntaxError) -> (Range<Int>, Bool) {
            let start = at + 1
            at += 1
            var escaped = false
            while at < end {
                let byte = bytes[at]
                // Printable ASCII other than `"` and `\`: most of every review's bytes.
                if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    at += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    at += 1
                    return (start..<at - 1, escaped)
                case UInt8(ascii: "\\"):
                    escaped = true
                    guard at + 1 < end else { throw fail("the line ends inside a string") }
                    switch bytes[at + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        at += 2
                    case UInt8(ascii: "u"):
                        guard at + 6 <= end, (2..<6).allSatisfy({ Self.hexValue(bytes[at + $0]) != nil }) else {
                            throw fail("\\u takes four hexadecimal digits")
                        }
                        at += 6
                    default: throw fail("unknown escape \\\(Character(Unicode.Scalar(bytes[at + 1]))); JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                    }
                case 0..<0x20:
                    throw fail("a control character (a raw tab or line break) inside a string; write \\t or \\n")
                case 0x80...:
                    at = try utf8Sequence(at)
                default:
                    at += 1
                }
            }
            throw fail("the line ends inside a string; close it with \"", at: start - 1)
        }

        /// Checks one multi-byte UTF-8 character and returns the offset after it.
        func utf8Sequence(_ offset: Int) throws(SyntaxError) -> Int {
            let lead = bytes[offset]
            let length: Int
            var minimum: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80
            case 0xE0...0xEF: length = 3; minimum = 0x800
            case 0xF0...0xF4: length = 4; minimum = 0x10000
            default: throw fail("not UTF-8; save the file as UTF-8")
            }
            guard offset + length <= end else { throw fail("not UTF-8; save the file as UTF-8") }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for k in 1..<length {
                let byte = bytes[offset + k]
                guard byte & 0xC0 == 0x80 else { throw fail("not UTF-8; save the file as UTF-8") }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            minimum = length == 2 ? 0x80 : minimum
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800..<0xE000).contains(scalar) else {
                throw fail("not UTF-8; save the file as UTF-8")
            }
            return offset + length
        }

        mutating func number() throws(SyntaxError) -> Range<Int> {
            let start = at
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            func digits() -> Int {
                let from = at
                while at < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
                return at - from
            }
            let firstDigit = at
            let whole = digits()
            guard whole > 0 else { throw fail("expected digits after -") }
            if whole > 1, bytes[firstDigit] == UInt8(ascii: "0") { throw fail("a number may not start with 0 in JSON", at: firstDigit) }
            if at < end, bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard digits() > 0 else { throw fail("expected digits after the decimal point") }
            }
            if at < end, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                if at < end, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw fail("expected digits in the exponent") }
            }
            return start..<at
        }

        static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
