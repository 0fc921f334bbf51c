@testable import CheckoutService
import Foundation
import HTTPTypes
import Testing

@Suite struct StripeSignatureTests {
    let payload = Array(#"{"id":"evt_1","type":"checkout.session.completed"}"#.utf8)
    let secret = "whsec_abc"
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func verify(_ header: String?, payload: [UInt8]? = nil, at date: Date? = nil) -> CheckoutError? {
        do {
            try StripeSignature.verify(header: header, payload: payload ?? self.payload, secret: secret, now: date ?? now)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSignatureMadeAsStripeDocumentsItIsAccepted() {
        // HMAC-SHA256 of "1800000000.<body>" with the secret, in hex: Python's
        // hmac.new(b"whsec_abc", b"1800000000." + body, "sha256").hexdigest().
        let header = StripeSignature.header(payload: payload, secret: secret, timestamp: 1_800_000_000)
        #expect(header == "t=1800000000,v1=efa33c5b25c863349d40ebaa3690b2d4da8b7b14192b7aa5d57574a02ad2d015")
        #expect(verify(header) == nil)
    }

    @Test func anyOfSeveralV1SignaturesMayMatchWhileASecretIsRolled() {
        let good = StripeSignature.header(payload: payload, secret: secret, timestamp: 1_800_000_000)
        let other = StripeSignature.header(payload: payload, secret: "whsec_old", timestamp: 1_800_000_000)
        let both = "t=1800000000,v1=\(other.split(separator: "=").last!),v1=\(good.split(separator: "=").last!),v0=deadbeef"
        #expect(verify(both) == nil)
    }

    @Test func theWrongSecretAChangedBodyOrNoHeaderAreRefused() {
        let wrong = StripeSignature.header(payload: payload, secret: "whsec_wrong", timestamp: 1_800_000_000)
        #expect(verify(wrong)?.code == "signature_invalid")
        let good = StripeSignature.header(payload: payload, secret: secret, timestamp: 1_800_000_000)
        #expect(verify(good, payload: payload + [32])?.code == "signature_invalid")
        #expect(verify(nil)?.code == "signature_missing")
        #expect(verify("")?.code == "signature_missing")
        #expect(verify("t=1800000000")?.code == "signature_invalid")
        #expect(verify("v1=zz,t=abc")?.code == "signature_invalid")
        #expect(verify(good)?.status == nil)
    }

    @Test func aSignatureOlderOrNewerThanFiveMinutesIsStale() {
        let header = StripeSignature.header(payload: payload, secret: secret, timestamp: 1_800_000_000)
        #expect(verify(header, at: now.addingTimeInterval(300)) == nil)
        #expect(verify(header, at: now.addingTimeInterval(301))?.code == "signature_stale")
        #expect(verify(header, at: now.addingTimeInterval(-301))?.code == "signature_stale")
        #expect(verify(header, at: now.addingTimeInterval(301))?.status == .badRequest)
    }
}
