import Crypto
import Foundation

/// The SHA-256 of a file's bytes, in hex: how an incremental build tells an edited file from a
/// merely touched one.
enum ContentDigest {
    static func ofFile(atPath path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return SHA256.hash(data: data).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
