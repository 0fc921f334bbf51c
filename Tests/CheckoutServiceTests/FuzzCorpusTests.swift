@testable import CheckoutService
import Foundation
import HTTPTypes
import Testing
import VitrineTestSupport

/// Every seed of the checkout fuzzer through the same readers on every test run: each is a cart or
/// token, or a 4xx `CheckoutError`, and a payload that reads as a token survives signing unchanged.
@Suite struct CheckoutFuzzCorpusTests {
    static let folder = ShopFixture.repositoryRoot.appendingPathComponent("Fuzz/Corpus/checkout")
    static let seeds = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []

    func expectClientError(_ body: () throws -> Void) {
        do {
            try body()
        } catch let error as CheckoutError {
            #expect((400..<500).contains(error.status.code), "\(error)")
        } catch {
            Issue.record("not a CheckoutError: \(error)")
        }
    }

    @Test func theCorpusHoldsACartATokenAndAPath() {
        #expect(Set(["cart.json", "token.txt", "token-payload.txt", "path.txt"]).isSubset(of: Self.seeds))
    }

    @Test(arguments: seeds)
    func eachSeedIsACartATokenOrAClientError(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let text = String(decoding: data, as: UTF8.self)
        expectClientError { _ = try CartRequest.decode(json: data) }
        expectClientError { _ = try CartRequest.parse(path: text, code: nil) }
        expectClientError { _ = try CartRequest.parse(path: "SKU-1:1", code: text) }
        let signer = TokenSigner(secret: "fuzz-secret-0123456789-abcdefghijklmnop")
        expectClientError { _ = try signer.verify(text[...]) }
        if let token = CheckoutToken(payload: text[...]) {
            #expect(try signer.verify(signer.sign(token)[...]) == token)
        }
        if name == "cart.json" { #expect(try CartRequest.decode(json: data).items.count == 2) }
        if name == "token-payload.txt" { #expect(CheckoutToken(payload: text[...]) != nil) }
    }
}
