import Foundation

/// A record's identity within its kind and its URL path segment.
public struct Slug: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String

    public init?(_ text: String) {
        guard Slug.problem(with: text) == nil else { return nil }
        rawValue = text
    }

    public var description: String { rawValue }
    public static func < (lhs: Slug, rhs: Slug) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let pattern = "^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$"

    /// Why `text` is not a slug, or nil when it is one.
    public static func problem(with text: String) -> String? {
        if text.isEmpty { return "a slug may not be empty" }
        if text.count > 64 { return "\"\(text)\" is \(text.count) characters long; a slug has at most 64" }
        let allowed = text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        if !allowed {
            return "\"\(text)\" is not a slug; use lowercase a-z, 0-9 and '-' only, e.g. \"\(suggestion(for: text))\""
        }
        if text.hasPrefix("-") || text.hasSuffix("-") {
            return "\"\(text)\" starts or ends with '-'; write e.g. \"\(suggestion(for: text))\""
        }
        return nil
    }

    /// A slug close to `text`, for diagnostics and for heading ids.
    public static func suggestion(for text: String) -> String {
        // ASCII text, as most headings are, on its bytes: folding and appending scalars cost 1 %
        // of reading 100,000 products, each with a heading.
        var copy = text
        if let ascii = copy.withUTF8({ asciiSuggestion(for: $0) }) { return ascii }
        var out = ""
        var lastWasDash = false
        for scalar in text.folded().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash, !out.isEmpty {
                out.append("-")
                lastWasDash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "item" : String(out.prefix(64))
    }

    /// `suggestion(for:)` of ASCII bytes, where folding is lowercasing; nil for other text.
    private static func asciiSuggestion(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(min(bytes.count, 64))
        var lastWasDash = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower) {
                out.append(lower)
                lastWasDash = false
            } else if !lastWasDash, !out.isEmpty {
                out.append(UInt8(ascii: "-"))
                lastWasDash = true
            }
        }
        while out.last == UInt8(ascii: "-") { out.removeLast() }
        return out.isEmpty ? "item" : String(decoding: out.prefix(64), as: UTF8.self)
    }
}

extension String {
    /// Lowercased with accents removed ("Estée" → "estee"): how search and slugs compare words.
    public func folded() -> String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return lowercased() }
        var out = String.UnicodeScalarView()
        for scalar in self.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if let extra = String.foldingExtras[scalar] {
                out.append(contentsOf: extra.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Letters that have no canonical decomposition but that readers expect folded.
    private static let foldingExtras: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "ı": "i", "þ": "th",
    ]
}
