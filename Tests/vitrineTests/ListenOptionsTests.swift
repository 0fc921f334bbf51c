import ArgumentParser
import Testing

@testable import vitrine

/// `serve` and `checkout` share their listening flags but not their default ports.
@Suite struct ListenOptionsTests {
    @Test func eachServerKeepsItsOwnDefaultPort() throws {
        #expect(try Vitrine.Serve.parse([]).port == 8000)
        #expect(try Vitrine.Checkout.parse([]).port == 8080)
        #expect(try Vitrine.Checkout.parse([]).host == "127.0.0.1")
    }

    @Test func theFlagsMeanTheSameInBoth() throws {
        let flags = ["--host", "0.0.0.0", "--port", "9001"]
        let serve = try Vitrine.Serve.parse(flags)
        let checkout = try Vitrine.Checkout.parse(flags)
        #expect(serve.port == 9001 && checkout.port == 9001)
        #expect(serve.listen.host == "0.0.0.0" && checkout.host == "0.0.0.0")
        #expect(throws: (any Error).self) { try Vitrine.Serve.parse(["--port", "70000"]) }
        #expect(throws: (any Error).self) { try Vitrine.Checkout.parse(["--port", "-1"]) }
    }
}
