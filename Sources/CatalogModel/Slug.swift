import Foundation
import TextHash

/// A record's identity within its kind and its URL path segment.
public struct Slug: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String

    public init?(_ text: String) {
        guard Slug.isPlainSlug(text) else { return nil }
        rawValue = text
    }

    public var description: String { rawValue }
    public static func < (lhs: Slug, rhs: Slug) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Without SipHash (`TextHash`): a page finds its product's brand, promotions and related
    /// products in tables by slug, and SipHash over the slug was most of each lookup.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(TextHash.hash(of: rawValue))
    }

    public func _rawHashValue(seed: Int) -> Int {
        TextHash.mixed(TextHash.hash(of: rawValue), seed: seed)
    }

    public static let pattern = "^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$"

    /// Why `text` is not a slug, or nil when it is one.
    public static func problem(with text: String) -> String? {
        if isPlainSlug(text) { return nil }
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

    /// `pattern`, tested on the bytes with no character counted or message made: a review names
    /// its product by slug or by SKU, which is no slug, and a million reviews ask.
    static func isPlainSlug(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard (1...64).contains(bytes.count), bytes[0] != UInt8(ascii: "-"), bytes[bytes.count - 1] != UInt8(ascii: "-") else {
                return false
            }
            return bytes.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// A slug close to `text`, for diagnostics and for heading ids.
    public static func suggestion(for text: String) -> String {
        // Folded text keeps ASCII letters and digits; every other byte, those of the characters
        // folding left alone included, separates words. So one walk over the folded bytes makes
        // the slug: a walk over scalars appending to a `String` cost 1 % of reading 100,000
        // products, each with a heading.
        var folded = text.folded()
        return folded.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(min(bytes.count, 64))
            var lastWasDash = false
            for byte in bytes {
                if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    out.append(byte)
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
}

extension String {
    /// Lowercased with accents removed ("Estée" → "estee"): how search and slugs compare words.
    public func folded() -> String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return lowercased() }
        if let plain = foldedWithoutNormalizing() { return plain }
        return foldedByNormalizing()
    }

    /// Text whose letters no normalization changes (Hangul syllables, kana, CJK ideographs, Arabic
    /// letters; ASCII lower-cased) folds to itself: the three normalizations of the general way
    /// were a fifth of a build of three storefronts in those scripts (`perf`). Nil for any other
    /// character, which takes the general way; `foldingAgreesWithNormalizing` holds the two equal.
    func foldedWithoutNormalizing() -> String? {
        // On the UTF-8 bytes, written straight into the result (lower-casing ASCII keeps every
        // byte count): appending scalar by scalar to a view was a tenth of a storefront's search
        // index (`perf`).
        withUTF8Bytes { bytes -> String? in
            var index = 0
            while index < bytes.count {
                if bytes[index] < 0x80 {
                    index += 1
                    continue
                }
                let (value, length) = bytes.utf8Scalar(at: index)
                guard length < 4 else { return nil }
                index += length
                switch value {
                case 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x3041...0x3096, 0x309D...0x309E,
                    0x30A1...0x30FA, 0x30FC...0x30FE, 0x0621, 0x0627...0x063A, 0x0641...0x064A, 0x0660...0x0669, 0x3001...0x3002:
                    continue
                default: return nil
                }
            }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                for (offset, byte) in bytes.enumerated() {
                    out[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
                }
                return bytes.count
            }
        }
    }

    func foldedByNormalizing() -> String {
        var out = String.UnicodeScalarView()
        // Compatibility forms first: full-width `ＳＰＦ５０` and half-width `ｾﾗﾑ` are the same
        // words as `spf50` and `セラム` (the search script normalizes to NFKC the same way).
        for scalar in self.precomposedStringWithCompatibilityMapping.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            // Kana voicing marks are not accents: で is not て. They stay, and are composed
            // back below, as Hangul's letters are into syllables.
            if scalar.properties.generalCategory == .nonspacingMark, scalar != "\u{3099}", scalar != "\u{309A}" { continue }
            if let extra = String.foldingExtras[scalar] {
                out.append(contentsOf: extra.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out).precomposedStringWithCanonicalMapping
    }

    /// Letters that have no canonical decomposition but that readers expect folded.
    private static let foldingExtras: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "ı": "i", "þ": "th",
    ]
}
