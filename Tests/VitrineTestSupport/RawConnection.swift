public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to a test server on 127.0.0.1 that sends exactly the bytes it is given, when
/// it is given them: what a slow, broken or hostile client does and an HTTP client library won't.
public final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32

    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw TestFailure("connect to 127.0.0.1:\(port): \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Sends the bytes; false once the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Everything the server sends until it closes the connection or `timeout` passes; `closed`
    /// says which. Waits on a Dispatch thread: blocking one of Swift concurrency's few threads would
    /// starve the server under test, whose handlers run on them.
    public func receive(timeout: TimeInterval) async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.receiveBlocking(timeout: timeout)) }
        }
    }

    private func receiveBlocking(timeout: TimeInterval) -> (text: String, closed: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return (String(decoding: received, as: UTF8.self), false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(left * 1000))
            if ready <= 0 { continue }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += chunk[0..<count]
        }
    }

    /// The status code of the first response in `text`, if one began.
    public static func status(in text: String) -> Int? {
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }
}
