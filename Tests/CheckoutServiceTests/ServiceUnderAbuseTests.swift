import CatalogModel
import CheckoutService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitrineTestSupport

/// The service on a real socket, with timeouts shortened to a second: slow, broken and hostile
/// clients get a 4xx or a closed connection, never a 5xx, and good requests are answered meanwhile.
@Suite(.serialized) struct ServiceUnderAbuseTests {
    static let timeout: Duration = .seconds(1)

    func withServer(idleTimeout: Duration = Self.timeout, _ body: @Sendable (Int) async throws -> Void) async throws {
        let app = buildApplication(
            links: Fixtures.links(),
            configuration: CheckoutConfiguration(
                port: 0, clock: { Fixtures.now }, idleTimeout: idleTimeout, bodyDeadline: Self.timeout))
        try await app.test(.live) { client in
            try await body(try #require(client.port))
        }
    }

    /// On a connection of its own, as a browser would open after the server closed an idle one.
    func expectGoodRequestsAnswered(_ port: Int) async throws {
        let good = try RawConnection(port: port)
        good.send("GET /\(CheckoutRoute.health.pattern) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let (text, _) = await good.receive(timeout: 3)
        #expect(RawConnection.status(in: text) == 200, "\(text.prefix(200))")
    }

    @Test func headersSentAByteASecondAreCutOffAfterTheIdleTimeout() async throws {
        try await withServer { port in
            let slow = try RawConnection(port: port)
            slow.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            let started = Date()
            var closed = false
            for _ in 0..<30 where !closed {
                try await Task.sleep(for: .milliseconds(200))
                closed = !slow.send("a")
            }
            let (text, ended) = await slow.receive(timeout: 3)
            #expect(ended || closed, "the connection is closed")
            #expect(Date().timeIntervalSince(started) < 5)
            #expect((RawConnection.status(in: text) ?? 0) < 500, "\(text)")
            try await expectGoodRequestsAnswered(port)
        }
    }

    @Test func aBodyThatTricklesInIsRefusedWith408() async throws {
        // An idle timeout well past the body's deadline: on a loaded machine a byte sent late
        // let the idle timeout close the connection first, without an answer.
        try await withServer(idleTimeout: .seconds(3)) { port in
            let slow = try RawConnection(port: port)
            slow.send("POST /api/checkout-links HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"items\"")
            // One byte every half second: the body deadline fires, not the idle timeout.
            let sender = Task {
                for _ in 0..<8 {
                    try await Task.sleep(for: .milliseconds(500))
                    slow.send(" ")
                }
            }
            let (text, closed) = await slow.receive(timeout: 4)
            sender.cancel()
            #expect(closed)
            #expect(RawConnection.status(in: text) == 408, "\(text)")
            #expect(text.contains("\"body_timeout\""))
            try await expectGoodRequestsAnswered(port)
        }
    }

    @Test func hugeHeadersMalformedRequestsAndHugeBodiesGetNo5xx() async throws {
        try await withServer { port in
            let huge = try RawConnection(port: port)
            huge.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 200_000) + "\r\n\r\n")
            let (hugeText, _) = await huge.receive(timeout: 3)
            #expect((RawConnection.status(in: hugeText) ?? 400) < 500, "\(hugeText.prefix(200))")

            let garbage = try RawConnection(port: port)
            garbage.send("NOT HTTP AT ALL\r\n\u{1}\u{2}\r\n\r\n")
            let (garbageText, _) = await garbage.receive(timeout: 3)
            #expect((RawConnection.status(in: garbageText) ?? 400) < 500, "\(garbageText.prefix(200))")

            let big = try RawConnection(port: port)
            big.send("POST /api/checkout-links HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n" + String(repeating: "{", count: 100_000))
            let (bigText, _) = await big.receive(timeout: 3)
            #expect(RawConnection.status(in: bigText) == 413, "\(bigText.prefix(200))")

            for body in ["{", "[]", "{\"items\": [{\"sku\": 1}]}", String(repeating: "[", count: 10_000)] {
                let bad = try RawConnection(port: port)
                bad.send(
                    "POST /api/checkout-links HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
                let (text, _) = await bad.receive(timeout: 3)
                #expect((400..<500).contains(RawConnection.status(in: text) ?? 0), "\(body.prefix(20)): \(text.prefix(200))")
            }
            try await expectGoodRequestsAnswered(port)
        }
    }

    @Test func manyIdleConnectionsDoNotStopGoodRequestsAndAreClosed() async throws {
        try await withServer { port in
            let idle = try (0..<200).map { _ in try RawConnection(port: port) }
            try await expectGoodRequestsAnswered(port)
            try await Task.sleep(for: .milliseconds(2_500))
            var closed = 0
            for connection in idle where await connection.receive(timeout: 0.05).closed { closed += 1 }
            #expect(closed == idle.count, "\(closed) of \(idle.count) idle connections closed")
            try await expectGoodRequestsAnswered(port)
        }
    }
}
