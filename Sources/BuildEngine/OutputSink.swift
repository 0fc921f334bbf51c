public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a streamed output file's bytes go as they are made: straight into the open file, or into
/// memory for a caller that wants the whole file (tests, the preview's in-place writes). The
/// product feed of 100,000 products is 125 MB; made in memory it was held twice over while the
/// pages rendered beside it.
public final class OutputSink {
    private enum Target {
        case file(Int32)
        case memory
    }

    private let target: Target
    private var written = 0
    /// Bytes for the file not yet written: libxml2 hands its output over in 4 KB pieces, and a
    /// system call for each was 45,000 calls for a 190 MB ratings feed.
    private var pending: [UInt8] = []
    /// The bytes, for a sink made with `memory()`.
    public private(set) var data = Data()
    /// The first write error (`errno`), after which further bytes are dropped.
    public private(set) var failure: Int32?

    /// How much a file sink gathers before it writes.
    static let chunk = 1 << 20

    /// A sink writing to an open file descriptor, which the caller flushes, then closes.
    public init(descriptor: Int32) { target = .file(descriptor) }

    private init() { target = .memory }

    public static func memory() -> OutputSink { OutputSink() }

    /// Streams `stream` into a file at `path`, created or emptied, and closes it: nil, or the
    /// `errno` of the first failure, opening included.
    public static func writeFile(atPath path: String, mode: mode_t = 0o644, _ stream: (OutputSink) -> Void) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        let sink = OutputSink(descriptor: descriptor)
        stream(sink)
        sink.flush()
        return sink.failure
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        switch target {
        case .memory:
            data.append(contentsOf: bytes)
        case .file(let descriptor):
            if pending.count + bytes.count < Self.chunk {
                if pending.isEmpty { pending.reserveCapacity(Self.chunk) }
                pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: bytes.count).bindMemory(to: UInt8.self))
                return
            }
            flush()
            writeOut(descriptor, UnsafeRawBufferPointer(start: base, count: bytes.count))
        }
    }

    /// Writes what the sink holds; a file sink's last bytes reach the file only through this.
    public func flush() {
        guard case .file(let descriptor) = target, !pending.isEmpty else { return }
        pending.withUnsafeBytes { writeOut(descriptor, $0) }
        pending.removeAll(keepingCapacity: true)
    }

    private func writeOut(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let result = pwrite(descriptor, base + offset, bytes.count - offset, off_t(written + offset))
            if result < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += result
        }
        written += bytes.count
    }
}
