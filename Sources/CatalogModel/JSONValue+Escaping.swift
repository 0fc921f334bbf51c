import TextHash

extension JSONValue {
    /// Appends `text` as a JSON string literal: the one JSON escaper, for writers too hot to build a
    /// value first (the search index's records). `"`, `\` and control characters are escaped as
    /// JSONEncoder escapes them (`\n`, `\b`… or `\u001f`); `scriptSafe` adds `<`, `>`, `&`, U+2028
    /// and U+2029 as `\u` escapes. Everything else is copied as UTF-8, `/` included.
    public static func appendString(_ text: String, to out: inout [UInt8], scriptSafe: Bool = false) {
        appendString(text, to: &out, escapes: scriptSafe ? scriptEscapes : plainEscapes)
    }

    /// Bytes that may need an escape: controls, `"` and `\`; for scripts also `<`, `>`, `&` and
    /// the first byte of U+2028/U+2029. A table, because product descriptions are long and every
    /// one of their bytes is looked at.
    static let plainEscapes: [Bool] = (0..<256).map { $0 < 0x20 || $0 == 34 || $0 == 92 }
    static let scriptEscapes: [Bool] = (0..<256).map { plainEscapes[$0] || $0 == 60 || $0 == 62 || $0 == 38 || $0 == 0xE2 }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func appendString(_ text: String, to out: inout [UInt8], escapes: [Bool]) {
        // The table is read through a pointer: a byte always indexes its 256 entries, so the
        // bounds check the array would make for every byte is not needed.
        text.withUTF8Bytes { bytes in escapes.withUnsafeBufferPointer { appendString(bytes, to: &out, escapes: $0) } }
    }

    /// Copies the runs between escapes whole.
    static func appendString(
        _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapes: UnsafeBufferPointer<Bool>
    ) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard escapes[Int(byte)] else {
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
            case 0x08: out.append(92); out.append(UInt8(ascii: "b"))
            case 0x09: out.append(92); out.append(UInt8(ascii: "t"))
            case 0x0A: out.append(92); out.append(UInt8(ascii: "n"))
            case 0x0C: out.append(92); out.append(UInt8(ascii: "f"))
            case 0x0D: out.append(92); out.append(UInt8(ascii: "r"))
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
