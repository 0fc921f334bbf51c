import ArgumentParser
import Testing

@testable import vitrine

/// `serve --edit` lets the catalog be changed from a browser: only from loopback unless a token
/// guards it.
@Suite struct ServeTests {
    @Test func theEditorListensOnLoopbackOnlyUnlessATokenIsSet() throws {
        #expect(try Vitrine.Serve.parse(["--edit"]).edit)
        #expect(try Vitrine.Serve.parse(["--edit", "--host", "::1"]).edit)
        // The preview alone may listen anywhere, as before.
        #expect(try Vitrine.Serve.parse(["--host", "0.0.0.0"]).listen.host == "0.0.0.0")
        #expect(throws: (any Error).self) { try Vitrine.Serve.parse(["--edit", "--host", "0.0.0.0"]) }
        let guarded = try Vitrine.Serve.parse(["--edit", "--host", "0.0.0.0", "--edit-token", "3f9a1c0e5b7d2a4f8e6c"])
        #expect(guarded.resolvedEditToken == "3f9a1c0e5b7d2a4f8e6c")
    }

    /// The HTTP library's debug lines stay out of the terminal unless asked for.
    @Test func theHTTPLibrarysLogStaysAtWarningsUnlessALevelIsGiven() throws {
        #expect(String(describing: try Vitrine.Serve.parse([]).log.level) == "warning")
        #expect(String(describing: try Vitrine.Serve.parse(["--edit", "--log-level", "DEBUG"]).log.level) == "debug")
        #expect(String(describing: try Vitrine.Checkout.parse(["--verbose"]).log.level) == "warning")
        #expect(throws: (any Error).self) { try Vitrine.Serve.parse(["--log-level", "verbose"]) }
    }

    @Test func aWeakTokenOrUploadLimitIsRefused() {
        #expect(throws: (any Error).self) { try Vitrine.Serve.parse(["--edit", "--edit-token", "short"]) }
        #expect(throws: (any Error).self) { try Vitrine.Serve.parse(["--edit", "--edit-token", "has spaces in it, 16+"]) }
        #expect(throws: (any Error).self) { try Vitrine.Serve.parse(["--edit", "--edit-upload-limit", "0"]) }
    }
}
