import Crypto
public import Foundation

/// The SHA-256 of a file's bytes, in hex: how an incremental build tells an edited file from a
/// merely touched one, and how the picture cache names a photo's entry.
public enum ContentDigest {
    public static func ofFile(atPath path: String) -> String? {
        FileManager.default.contents(atPath: path).map(of)
    }

    public static func of(_ data: Data) -> String { hex(SHA256.hash(data: data)) }

    /// Lower-case hex, two digits a byte.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
