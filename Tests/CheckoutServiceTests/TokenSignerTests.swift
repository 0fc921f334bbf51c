import CatalogModel
@testable import CheckoutService
import Crypto
import Foundation
import HTTPTypes
import Testing

@Suite struct TokenSignerTests {
    let token = CheckoutToken(
        catalogVersion: "0123456789abcdef", issuedAt: 1_796_126_400, expiresAt: 1_796_128_200, currency: .usd,
        code: "XMAS10",
        lines: [
            .init(sku: "EST-ANR-50", quantity: 2, listPrice: Money(minorUnits: 8400, currency: .usd), discount: Money(minorUnits: 1680, currency: .usd)),
            .init(sku: "ORG.CIMK_100", quantity: 1, listPrice: Money(minorUnits: 850, currency: .usd), discount: Money(minorUnits: 0, currency: .usd)),
        ])

    @Test func aSignedTokenVerifiesToTheSameCart() throws {
        let text = Fixtures.signer.sign(token)
        #expect(try Fixtures.signer.verify(text[...]) == token)
        #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
    }

    @Test func concurrentSignaturesDoNotShareState() async throws {
        let signer = Fixtures.signer
        let base = token
        let tokens = await withTaskGroup(of: (Int, String).self) { group in
            for quantity in 1...64 {
                group.addTask {
                    var cart = base
                    cart.lines[0].quantity = quantity
                    return (quantity, signer.sign(cart))
                }
            }
            var all: [(Int, String)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(tokens.count == 64)
        for (quantity, text) in tokens {
            #expect(try signer.verify(text[...]).lines[0].quantity == quantity)
        }
    }

    @Test func signingIsDeterministic() {
        #expect(Fixtures.signer.sign(token) == Fixtures.signer.sign(token))
    }

    @Test func changingAnyOneCharacterIsRejected() {
        let text = Array(Fixtures.signer.sign(token))
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")
        var tried = 0
        for index in text.indices {
            for replacement in [alphabet[((alphabet.firstIndex(of: text[index]) ?? 0) + 1) % alphabet.count], "A", "z"]
            where replacement != text[index] {
                var altered = text
                altered[index] = replacement
                tried += 1
                #expect(throws: CheckoutError.invalidToken, "position \(index)") {
                    try Fixtures.signer.verify(String(altered)[...])
                }
            }
        }
        #expect(tried > text.count)
    }

    @Test func changingOneByteOfThePayloadIsRejected() throws {
        let text = Fixtures.signer.sign(token)
        let parts = text.split(separator: ".")
        var payload = Base64URL.decode(parts[0])!
        payload[30] ^= 0x01
        let forged = Base64URL.encode(payload) + "." + parts[1]
        #expect(throws: CheckoutError.invalidToken) { try Fixtures.signer.verify(forged[...]) }
    }

    @Test func aTokenSignedWithAnotherKeyIsRejected() {
        let foreign = TokenSigner(secret: "another-shop-secret-0123456789-abcdef").sign(token)
        #expect(throws: CheckoutError.invalidToken) { try Fixtures.signer.verify(foreign[...]) }
        let random = TokenSigner(key: SymmetricKey(size: .bits256)).sign(token)
        #expect(throws: CheckoutError.invalidToken) { try Fixtures.signer.verify(random[...]) }
    }

    @Test func aPayloadWithoutItsSignatureOrWithGarbageIsRejected() {
        let text = Fixtures.signer.sign(token)
        let payloadOnly = String(text.split(separator: ".")[0])
        for bad in ["", ".", payloadOnly, payloadOnly + ".", "." + payloadOnly, text + ".x", text + "=", "%%%.%%%",
            String(repeating: "A", count: 20_000)]
        {
            #expect(throws: CheckoutError.invalidToken, "\(bad.prefix(40))") { try Fixtures.signer.verify(bad[...]) }
        }
    }

    @Test func aValidSignatureOverAPayloadInAnotherFormatIsStillRejected() {
        let payload = Data("vc2;whatever".utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: payload, using: SymmetricKey(data: Data(Fixtures.secret.utf8)))
        let text = Base64URL.encode(payload) + "." + Base64URL.encode(Array(mac))
        #expect(throws: CheckoutError.invalidToken) { try Fixtures.signer.verify(text[...]) }
    }

    @Test func base64urlHasOneSpellingPerValue() {
        let data: [UInt8] = [0xfb, 0xff, 0x01]
        #expect(Base64URL.encode(data) == "-_8B")
        #expect(Base64URL.decode("-_8B") == data)
        #expect(Base64URL.decode("-_8B=") == nil)
        #expect(Base64URL.decode("+/8B") == nil)
        #expect(Base64URL.decode("AA") == [0x00])
        #expect(Base64URL.decode("AB") == nil)  // non-zero trailing bits: another spelling of "AA"
    }

    @Test func theSecretMustBeSetAndLongUnlessDev() throws {
        guard case .failure(let missing) = TokenSigner.resolve(secret: nil, dev: false) else {
            Issue.record("started without a secret")
            return
        }
        #expect(missing.description.contains("VITRINE_CHECKOUT_SECRET"))
        guard case .failure(let short) = TokenSigner.resolve(secret: "short", dev: false) else {
            Issue.record("accepted a 5-byte secret")
            return
        }
        #expect(short.description.contains("at least 32"))
        let dev = try TokenSigner.resolve(secret: nil, dev: true).get()
        #expect(dev.note?.contains("ephemeral") == true)
        let other = try TokenSigner.resolve(secret: nil, dev: true).get()
        let signed = dev.signer.sign(token)
        #expect(throws: CheckoutError.invalidToken) { try other.signer.verify(signed[...]) }
        let real = try TokenSigner.resolve(secret: Fixtures.secret, dev: false).get()
        #expect(real.note == nil)
        #expect(try Fixtures.signer.verify(real.signer.sign(token)[...]) == token)
    }
}
