import CatalogModel
import Foundation
import Glibc

/// Reads one content file whole, refusing what a content file must not be: a FIFO would block
/// the build forever, a device could be read without end, and a file above
/// `ContentLimits.fileBytes` would cost more than any real record. Checked on the open descriptor
/// (`fstat`), so the file cannot be swapped between the check and the read.
enum ContentFileReader {
    enum Refusal: Error, Equatable {
        case missing
        case unreadable
        case notRegular
        case tooLarge(bytes: Int, limit: Int)

        /// Said at `path:1:1`, before any parsing.
        func diagnostic(for path: String) -> Diagnostic {
            let message = switch self {
            case .missing: "the file disappeared while it was being read; build again"
            case .unreadable: "cannot read the file; check its permissions"
            case .notRegular: "not a regular file (a device, FIFO or socket) and not read; replace it with an ordinary file"
            case .tooLarge(let bytes, let limit):
                "the file is \(bytes.formatted()) bytes, more than the \(limit.formatted()) a content file may have; "
                    + "write shorter text, or put large data elsewhere and link to it"
            }
            return .error(message, at: SourceLocation(path: path, line: 1, column: 1))
        }
    }

    /// The whole file, with open and read: `Data(contentsOf:)` builds and checks a URL first.
    /// Opened non-blocking, so a FIFO is refused rather than waited on. A relative `path` is
    /// taken from the open folder `folder`.
    static func read(_ path: String, in folder: Int32 = AT_FDCWD, limit: Int = ContentLimits.fileBytes) -> Result<Data, Refusal> {
        let descriptor = openat(folder, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .missing : .unreadable) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard info.st_size <= limit else { return .failure(.tooLarge(bytes: Int(info.st_size), limit: limit)) }
        var data = Data(count: Int(info.st_size))
        var filled = 0
        let ok = data.withUnsafeMutableBytes { buffer -> Bool in
            while filled < buffer.count {
                let got = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if got < 0 { if errno == EINTR { continue }; return false }
                if got == 0 { break }
                filled += got
            }
            return true
        }
        guard ok else { return .failure(.unreadable) }
        // A file that shrank while being read is what it now is; one that grew is read to the size it had.
        if filled < data.count { data.removeSubrange(filled...) }
        return .success(data)
    }
}
