/// HTML escaping for the few strings Vitrine writes into markup itself and for every `{{value}}`
/// the templates print.
enum HTMLText {
    /// The five characters that matter in text and attribute values, as swift-mustache escapes them.
    /// Byte by byte: escaping is done for every variable of every page, and the library's
    /// per-character dictionary lookup was a tenth of a whole build.
    static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: needsEscape) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "'"): out += "&#39;".utf8
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
