import Foundation
@testable import PreviewServer
import Testing

@Suite struct PreviewEventTests {
    /// The payload after `data: `, read back.
    func payload(_ event: PreviewEvent) throws -> [String: Any] {
        let lines = event.streamText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[2].isEmpty && lines[3].isEmpty, "\(event.streamText)")
        let data = try #require(lines[1].hasPrefix("data: ") ? Data(lines[1].dropFirst(6).utf8) : nil)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// An error message may hold anything a content file does; it must stay on the one `data:` line.
    @Test func errorsWithNewlinesQuotesAndSlashesStayOnOneLine() throws {
        let errors = ["Content/products/a.md:3: \"price\" is not a number\nsee docs/price.md", "tab\there \u{1} \u{2028}"]
        let failed = try payload(.failed(errors: errors))
        #expect(failed["errors"] as? [String] == errors)
        #expect(PreviewEvent.failed(errors: ["a/b"]).streamText == "event: failed\ndata: {\"errors\":[\"a/b\"]}\n\n")
        let hello = try payload(.hello(session: "s-1", generation: 7, errors: []))
        #expect(hello["session"] as? String == "s-1" && hello["generation"] as? Int == 7 && (hello["errors"] as? [String])?.isEmpty == true)
        #expect(PreviewEvent.reload(generation: 3).streamText == "event: reload\ndata: {\"generation\":3}\n\n")
        #expect(PreviewEvent.ping.streamText == ": ping\n\n")
    }

    @Test func helloListsItsMembersInSortedOrder() {
        #expect(PreviewEvent.hello(session: "s", generation: 1, errors: ["x"]).streamText
            == "event: hello\ndata: {\"errors\":[\"x\"],\"generation\":1,\"session\":\"s\"}\n\n")
    }
}
