import Foundation

/// A fast hash of a text's bytes, for dictionaries whose keys are short names: template names and
/// slugs. The standard library hashes every `String` key with SipHash, seeded per process, which
/// is made to withstand keys chosen by an attacker; a build's keys are its own names, and SipHash
/// over them was several per cent of a build. Dictionaries still mix in their own seed
/// (`mixed(_:seed:)`), so two tables place the same keys differently.
public enum TextHash {
    /// Equal for texts that Swift calls equal: text that is not ASCII is hashed in its composed
    /// form (NFC), since `String`'s `==` holds canonically equivalent texts equal.
    public static func hash(of text: String) -> UInt64 {
        let (hash, ascii) = text.withUTF8Bytes(hashNotingASCII)
        if ascii { return hash }
        return text.precomposedStringWithCanonicalMapping.withUTF8Bytes(hashNotingASCII).hash
    }

    /// The same hash over bytes as they are, with no Unicode folding: a fingerprint of a file's
    /// line, not a dictionary key.
    public static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { hashNotingASCII(bytes).hash }

    /// The hash, eight bytes at a time, each word multiplied in and folded down; and whether every
    /// byte was ASCII, found in the same pass.
    private static func hashNotingASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, ascii: Bool) {
        var state: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var seen: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            seen |= word
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
        seen |= tail
        state = (state ^ tail) &* 0x9E37_79B9_7F4A_7C15
        return (state ^ (state >> 31), seen & 0x8080_8080_8080_8080 == 0)
    }

    /// What `Hashable._rawHashValue(seed:)` returns for a key whose hash is `hash`: every bit of
    /// both moved into the low bits, which pick a dictionary's bucket.
    public static func mixed(_ hash: UInt64, seed: Int) -> Int {
        var mixed = hash &+ UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(bitPattern: UInt(truncatingIfNeeded: mixed ^ (mixed >> 32)))
    }
}
