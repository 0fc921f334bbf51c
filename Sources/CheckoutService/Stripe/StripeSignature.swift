import Crypto
import Foundation

/// Stripe's webhook signature, checked as Stripe documents it: `Stripe-Signature: t=<seconds>,
/// v1=<hex>[,v1=<hex>…]`, each v1 an HMAC-SHA256 of `<t>.<raw body>` with the endpoint's secret.
/// Several v1 values appear while a secret is being rolled; any one may match.
enum StripeSignature {
    /// Stripe's own libraries' default: an older signature may be a replay.
    static let tolerance: TimeInterval = 300

    static func verify(header: String?, payload: some Collection<UInt8>, secret: String, now: Date) throws(CheckoutError) {
        guard let header, !header.isEmpty else { throw .signatureMissing }
        var timestamp: Int64?
        var candidates: [[UInt8]] = []
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingCharacters(in: .whitespaces)
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if key == "t" {
                timestamp = Int64(value)
            } else if key == "v1", let bytes = hexBytes(value) {
                candidates.append(bytes)
            }
        }
        guard let timestamp, !candidates.isEmpty else { throw .signatureInvalid }
        var signed = Array("\(timestamp).".utf8)
        signed.append(contentsOf: payload)
        let key = SymmetricKey(data: Data(secret.utf8))
        guard candidates.contains(where: { HMAC<SHA256>.isValidAuthenticationCode($0, authenticating: signed, using: key) }) else {
            throw .signatureInvalid
        }
        guard abs(now.timeIntervalSince1970 - TimeInterval(timestamp)) <= tolerance else { throw .signatureStale(timestamp) }
    }

    /// The header Stripe would send for `payload` at `timestamp`: for tests and local stand-ins.
    static func header(payload: some Collection<UInt8>, secret: String, timestamp: Int64) -> String {
        var signed = Array("\(timestamp).".utf8)
        signed.append(contentsOf: payload)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
