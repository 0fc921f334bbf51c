@testable import CheckoutService
import Foundation
import FuzzDriver

/// A fixed key: the fuzzer explores the token reader, not the key.
let signer = TokenSigner(secret: "fuzz-secret-0123456789-abcdefghijklmnop")

/// One libFuzzer input, read by every parser a checkout client can reach: as the JSON body of
/// `POST /api/checkout-links`, as the `/cart/…` path segment, as a promotion code, as a signed
/// token and as a token's payload behind a valid signature. Refusals are `CheckoutError`s (4xx);
/// a crash, a hang or runaway memory is what libFuzzer reports. A payload that reads as a token
/// must survive signing and verifying unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheckout(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = count == 0 || start == nil ? Data() : Data(bytes: start!, count: count)
    _ = try? CartRequest.decode(json: data)
    let text = String(decoding: data, as: UTF8.self)
    _ = try? CartRequest.parse(path: text, code: nil)
    _ = try? CartRequest.parse(path: "SKU-1:1", code: text)
    _ = try? signer.verify(text[...])
    if let token = CheckoutToken(payload: text[...]) {
        let again = try? signer.verify(signer.sign(token)[...])
        precondition(again == token, "a token changed through signing: \(text)")
    }
    return 0
}

/// SwiftPM links an executable target's entry point as `<target>_main`.
@_cdecl("fuzz_checkout_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCheckout)
}
