import Foundation

/// A name in a page context, with its hash worked out once. A template's names are made when it
/// is parsed, so looking one up in a context hashes nothing: with `String` keys, each lookup ran
/// the standard library's SipHash over the name again, for every frame it passed, and that was
/// four per cent of a build's instructions (callgrind, 1,000 products).
public struct TemplateKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let text: String
    private let hash: UInt64

    public init(_ text: String) {
        self.text = text
        hash = Self.hash(of: text)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public var description: String { text }

    public static func == (left: TemplateKey, right: TemplateKey) -> Bool {
        left.hash == right.hash && left.text == right.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// What a dictionary asks: the stored hash mixed with the table's seed, so two tables still
    /// place the same keys differently (which keeps copying one into another linear).
    public func _rawHashValue(seed: Int) -> Int {
        var mixed = hash &+ UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(bitPattern: UInt(truncatingIfNeeded: mixed ^ (mixed >> 32)))
    }

    /// Over the UTF-8 bytes, eight at a time; the dictionary's seed is mixed in later. Text that is not ASCII is hashed in its composed
    /// form (NFC), so keys that are equal as `String`s, which compares canonically equivalent
    /// texts as equal, hash alike.
    static func hash(of text: String) -> UInt64 {
        var bytes = text
        let ascii = bytes.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? hash(ofBytes: bytes) : nil }
        if let ascii { return ascii }
        var composed = text.precomposedStringWithCanonicalMapping
        return composed.withUTF8(hash(ofBytes:))
    }

    private static func hash(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var state: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
            state ^= state >> 29
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        state = (state ^ tail) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 31
        return state
    }
}

/// A page context: the dictionaries page builders make. Any `[String: Any]` still renders, more
/// slowly.
public typealias TemplateFields = [TemplateKey: Any]
