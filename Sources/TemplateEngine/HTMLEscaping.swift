import TextHash

/// The one HTML escaper: every `{{value}}` a template prints, and the few strings page builders
/// write into markup themselves. The five characters that matter in text and attribute values,
/// byte by byte; text without any of them is copied as it is.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        text.withUTF8Bytes { bytes in
            guard bytes.contains(where: needsEscape) else { return text }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            appendEscapingEach(bytes, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// For page builders that write markup as bytes.
    public static func append(_ text: String, to out: inout [UInt8]) {
        text.withUTF8Bytes { append($0, to: &out) }
    }

    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard bytes.contains(where: needsEscape) else {
            out.append(contentsOf: bytes)
            return
        }
        appendEscapingEach(bytes, to: &out)
    }

    private static func appendEscapingEach(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
    }

    static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
