import Foundation
import Hummingbird
import HummingbirdTesting
import PreviewServer
import Testing
import VitrineTestSupport

/// The preview on a real socket with a one-second idle timeout: slow and idle clients are closed,
/// pages are still served, and an open live-reload stream, a response being written, is never cut.
@Suite(.serialized) struct PreviewUnderAbuseTests {
    func withServer(_ body: @Sendable (Int) async throws -> Void) async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.makeSite()
        await site.start()
        let app = PreviewServer.application(
            site: site, configuration: .init(port: 0, pollInterval: .milliseconds(50), idleTimeout: .seconds(1)))
        try await app.test(.live) { client in try await body(try #require(client.port)) }
    }

    func get(_ path: String, port: Int, extra: String = "") async throws -> String {
        let connection = try RawConnection(port: port)
        connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\(extra)Connection: close\r\n\r\n")
        return await connection.receive(timeout: 3).text
    }

    @Test func slowAndIdleClientsAreClosedWhilePagesAreServed() async throws {
        try await withServer { port in
            let idle = try (0..<100).map { _ in try RawConnection(port: port) }
            let slow = try RawConnection(port: port)
            slow.send("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            for _ in 0..<3 {
                try await Task.sleep(for: .milliseconds(300))
                slow.send("a")
            }
            #expect(RawConnection.status(in: try await get("/", port: port)) == 200)
            let huge = try await get("/", port: port, extra: "X-Big: " + String(repeating: "b", count: 200_000) + "\r\n")
            #expect((RawConnection.status(in: huge) ?? 400) < 500)
            #expect((RawConnection.status(in: try await get("/%2e%2e/etc/passwd", port: port)) ?? 0) == 400)
            try await Task.sleep(for: .milliseconds(2_000))
            #expect(await slow.receive(timeout: 0.2).closed, "a request head sent a byte at a time is cut off")
            var closed = 0
            for connection in idle where await connection.receive(timeout: 0.05).closed { closed += 1 }
            #expect(closed == idle.count)
            #expect(RawConnection.status(in: try await get("/", port: port)) == 200)
        }
    }

    @Test func anOpenLiveReloadStreamOutlivesTheIdleTimeout() async throws {
        try await withServer { port in
            let stream = try RawConnection(port: port)
            stream.send("GET /_vitrine/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
            let (text, closed) = await stream.receive(timeout: 2.5)
            #expect(RawConnection.status(in: text) == 200, "\(text.prefix(200))")
            #expect(!closed, "the stream stays open past the one-second idle timeout")
        }
    }
}
