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
    /// The bytes, for a sink made with `memory()`.
    public private(set) var data = Data()
    /// The first write error (`errno`), after which further bytes are dropped.
    public private(set) var failure: Int32?

    /// A sink writing to an open file descriptor, which the caller closes.
    public init(descriptor: Int32) { target = .file(descriptor) }

    private init() { target = .memory }

    public static func memory() -> OutputSink { OutputSink() }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        switch target {
        case .memory:
            data.append(contentsOf: bytes)
        case .file(let descriptor):
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
        }
        written += bytes.count
    }
}
