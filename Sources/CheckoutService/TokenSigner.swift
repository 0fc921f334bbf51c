public import Crypto
import ExtrasBase64
import Foundation

/// Signs and verifies checkout tokens with HMAC-SHA256: `base64url(payload).base64url(mac)`.
/// The payload is readable (it holds nothing secret) but cannot be changed without the key.
public struct TokenSigner: Sendable {
    private let key: SymmetricKey
    /// HMAC state with the key already absorbed; each signature starts from a copy of it.
    private let keyed: HMAC<SHA256>

    public init(key: SymmetricKey) {
        self.key = key
        self.keyed = HMAC<SHA256>(key: key)
    }

    /// The key from `VITRINE_CHECKOUT_SECRET`'s bytes. Short secrets are refused by the caller.
    public init(secret: String) {
        self.init(key: SymmetricKey(data: Data(secret.utf8)))
    }

    /// A fresh random 256-bit key for `--dev`: links die with the process.
    public static func ephemeral() -> TokenSigner { TokenSigner(key: SymmetricKey(size: .bits256)) }

    public func sign(_ token: CheckoutToken) -> String { sign(payload: token.payload) }

    func sign(payload text: String) -> String {
        let payload = Array(text.utf8)
        var hmac = keyed
        hmac.update(data: payload)
        let mac = hmac.finalize()
        return Base64URL.encode(payload) + "." + Base64URL.encode(Array(mac))
    }

    /// A signer for another kind of token, keyed by HKDF-SHA256 from this one's key with `label`
    /// as its info: a token of one kind never verifies as the other, even where their payloads
    /// could be confused, and neither key tells anything about the other.
    func derived(label: String) -> TokenSigner {
        TokenSigner(key: HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Data(label.utf8), outputByteCount: 32))
    }

    /// The token if `text` was signed with this key and not altered; the MAC comparison is
    /// constant-time (swift-crypto's `isValidAuthenticationCode`), so timing tells an attacker nothing.
    public func verify(_ text: Substring) throws(CheckoutError) -> CheckoutToken {
        guard let string = verifiedPayload(text, maximumLength: CartRules.maximumTokenLength),
            let token = CheckoutToken(payload: string[...])
        else { throw .invalidToken }
        return token
    }

    /// The payload of `text` if this key signed it and nothing was altered; nil otherwise.
    func verifiedPayload(_ text: Substring, maximumLength: Int) -> String? {
        guard text.utf8.count <= maximumLength, let dot = text.firstIndex(of: "."),
            let payload = Base64URL.decode(text[..<dot]), let mac = Base64URL.decode(text[text.index(after: dot)...]),
            HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key)
        else { return nil }
        return String(validating: payload, as: UTF8.self)
    }
}

/// RFC 4648 §5 base64url without padding: safe in a URL path segment as it is. swift-extras-base64
/// rather than Foundation, whose encoding plus character replacement was a sixth of the service's
/// CPU time under load.
enum Base64URL {
    static let options: Base64.EncodingOptions = [.base64UrlAlphabet, .omitPaddingCharacter]

    static func encode(_ bytes: some Collection<UInt8>) -> String { Base64.encodeToString(bytes: bytes, options: options) }

    /// Nil for anything but canonical unpadded base64url, so one token has exactly one spelling.
    static func decode(_ text: Substring) -> [UInt8]? {
        guard !text.isEmpty,
            let bytes = try? Base64.decode(bytes: text.utf8, options: [.base64UrlAlphabet, .omitPaddingCharacter]),
            encode(bytes).utf8.elementsEqual(text.utf8)
        else { return nil }
        return bytes
    }
}
