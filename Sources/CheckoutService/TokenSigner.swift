public import Crypto
import Foundation

/// Signs and verifies checkout tokens with HMAC-SHA256: `base64url(payload).base64url(mac)`.
/// The payload is readable (it holds nothing secret) but cannot be changed without the key.
public struct TokenSigner: Sendable {
    private let key: SymmetricKey

    public init(key: SymmetricKey) {
        self.key = key
    }

    /// The key from `VITRINE_CHECKOUT_SECRET`'s bytes. Short secrets are refused by the caller.
    public init(secret: String) {
        self.key = SymmetricKey(data: Data(secret.utf8))
    }

    /// A fresh random 256-bit key for `--dev`: links die with the process.
    public static func ephemeral() -> TokenSigner { TokenSigner(key: SymmetricKey(size: .bits256)) }

    public func sign(_ token: CheckoutToken) -> String {
        let payload = Data(token.payload.utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: payload, using: key)
        return Base64URL.encode(payload) + "." + Base64URL.encode(Data(mac))
    }

    /// The token if `text` was signed with this key and not altered; the MAC comparison is
    /// constant-time (swift-crypto's `isValidAuthenticationCode`), so timing tells an attacker nothing.
    public func verify(_ text: Substring) throws(CheckoutError) -> CheckoutToken {
        guard text.utf8.count <= CartRules.maximumTokenLength, let dot = text.firstIndex(of: "."),
            let payload = Base64URL.decode(text[..<dot]), let mac = Base64URL.decode(text[text.index(after: dot)...]),
            HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key),
            let string = String(data: payload, encoding: .utf8), let token = CheckoutToken(payload: string[...])
        else { throw .invalidToken }
        return token
    }
}

/// RFC 4648 §5 base64url without padding: safe in a URL path segment as it is.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        var text = data.base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// Nil for anything but canonical unpadded base64url, so one token has exactly one spelling.
    static func decode(_ text: Substring) -> Data? {
        guard !text.isEmpty, text.utf8.allSatisfy({ byte in
            (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte) || byte == 45 || byte == 95
        }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = standard.utf8.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { standard += String(repeating: "=", count: 4 - remainder) }
        guard let data = Data(base64Encoded: standard), encode(data) == text else { return nil }
        return data
    }
}
