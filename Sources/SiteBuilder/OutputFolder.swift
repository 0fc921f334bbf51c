public import BuildEngine
import CatalogModel
public import Foundation
import Synchronization
import TextHash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be written, with the system's reason.
public struct OutputError: Error, LocalizedError {
    public var path: String
    public var code: Int32
    public var errorDescription: String? { "\(path): \(String(cString: strerror(code)))" }
}

/// A new output folder built beside the old one and swapped in only when complete, so a failed
/// or interrupted build never leaves a half-written site where the old one was.
public struct OutputFolder: Sendable {
    public let destination: URL
    public let staging: URL
    /// `staging.path` and `destination.path` with a final slash, made once: `URL.path` per file
    /// written was 1 % of a large build.
    let stagingRoot: String
    let destinationRoot: String
    /// The staging folder, open: files and folders are made relative to it (`openat`, `mkdirat`),
    /// so the kernel walks only the path inside the site, not the folders above it, for each of
    /// the 320,000 files and folders of a 100,000-product build.
    let root: StagingDescriptor

    /// Files at the top of the old output kept in the new one: `Output/README.md` is tracked in git.
    static let carriedOver = ["README.md"]

    public init(destination: URL) throws {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        Self.clearAbandoned(beside: self.destination)
        staging = Self.workFolder(beside: self.destination)
        try? FileManager.default.removeItem(at: staging)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        stagingRoot = staging.path + "/"
        destinationRoot = self.destination.path + "/"
        let descriptor = open(staging.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError(path: staging.path, code: errno) }
        root = StagingDescriptor(descriptor)
    }

    /// A new name beside `destination` for this process's work: `clearAbandoned` removes such a
    /// folder once its process is gone, so a killed build leaves nothing behind for good.
    static func workFolder(beside destination: URL) -> URL {
        let name = ".\(destination.lastPathComponent).vitrine-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        return destination.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Creates every folder the files need, once, before parallel writes.
    public func prepareFolders(for paths: [String]) throws {
        var folders = Set<String>()
        for path in paths {
            var folder = Self.parent(of: path)
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = Self.parent(of: folder)
            }
        }
        // Sorted, so each parent exists before its children; plain mkdir, as for `write`.
        for folder in folders.sorted() {
            if makeFolder(folder) != 0, errno != EEXIST { throw OutputError(path: folder, code: errno) }
            root.made(folder)
        }
    }

    /// Plain POSIX calls: building a URL per file cost more than writing it in large catalogs.
    public func write(_ data: Data, to path: String) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // pwrite(2), which names no module: this method's own name hides write(2).
                let written = pwrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    throw OutputError(path: path, code: errno)
                }
                offset += written
            }
        }
    }

    /// A file made piece by piece, each piece written as it comes.
    public func write(streaming stream: (OutputSink) -> Void, to path: String) throws {
        let descriptor = try create(path)
        defer { close(descriptor) }
        let sink = OutputSink(descriptor: descriptor)
        stream(sink)
        sink.flush()
        if let failure = sink.failure { throw OutputError(path: path, code: failure) }
    }

    /// Copies the file a link points at (`open` follows it), not the link: the loader lists only
    /// links that stay inside the content folder, and a copied link would point nowhere once published.
    public func copy(_ source: String, to path: String) throws {
        do {
            try FileTree.copy(source, to: stagingRoot + path)
        } catch where error.code == ENOENT && error.path != source {
            try makeFolders(of: path)
            do { try FileTree.copy(source, to: stagingRoot + path) } catch { throw OutputError(path: path, code: error.code) }
        } catch {
            throw OutputError(path: path, code: error.code)
        }
    }

    /// A new file at `path` in the staging folder, open for writing; its folders are made when
    /// the first file in them is written. Making every folder before rendering took one core a
    /// second at 100,000 products while the other waited; made here, by the worker that needs
    /// one, they are made while the other core renders.
    func create(_ path: String) throws -> Int32 {
        try makeFolders(of: path)
        let descriptor = openFile(path)
        guard descriptor >= 0 else { throw OutputError(path: path, code: errno) }
        return descriptor
    }

    /// `path` inside the staging folder, created or emptied for writing.
    private func openFile(_ path: String) -> Int32 {
        openat(root.descriptor, Self.inside(path), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }

    /// mkdir(2) of `folder` inside the staging folder: 0, or -1 with `errno` set.
    private func makeFolder(_ folder: String) -> Int32 {
        mkdirat(root.descriptor, Self.inside(folder), 0o755)
    }

    /// `path` as the `…at` calls take it relative to the staging folder. Output paths are
    /// relative; a leading slash, which joining `stagingRoot + path` ignored, is dropped, so such a
    /// path stays inside the staging folder rather than naming one from the file system's root.
    static func inside(_ path: String) -> String {
        guard path.utf8.first == UInt8(ascii: "/") else { return path }
        return String(path.drop { $0 == "/" })
    }

    /// The folders above `path` in the staging folder, each made once: the folders this build
    /// made or found are remembered, so a file in a known folder costs one `openat` and a file in
    /// a new one a `mkdirat` per new folder. Learning that a folder is missing from a failed open
    /// and a failed mkdir cost four calls more for each of the 15,000 review pages of the API.
    /// Another worker may make the same folder at the same moment; `EEXIST` is success.
    func makeFolders(of path: String) throws {
        let folder = Self.parent(of: path)
        guard !folder.isEmpty, !root.isMade(folder) else { return }
        try makeFolders(of: folder)
        if makeFolder(folder) != 0, errno != EEXIST { throw OutputError(path: folder, code: errno) }
        root.made(folder)
    }

    /// The folder part of a relative output path (`a/b` of `a/b/c.html`, "" of `c.html`), by its
    /// last slash: `NSString.deletingLastPathComponent` also tidies paths these never need tidied.
    static func parent(of path: String) -> String {
        return path.withUTF8Bytes { bytes in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
    }

    /// Moves the staging folder into place. The old output is renamed aside first and removed
    /// after, so at every moment one complete site is on disk.
    ///
    /// `derived`: files published from the picture cache under the folder `derivedFolder`, which
    /// holds nothing else. They are placed last, so the current output's folder can be moved into
    /// the new one whole (see `OutputFolder+Pictures`).
    /// `listing`: the current output's `derivedFolder` as listed while the new output was made.
    func commit(derived: [LinkedFile] = [], derivedFolder: String = "", listing: DerivedListing? = nil) throws {
        let fileManager = FileManager.default
        for name in Self.carriedOver {
            let old = destination.appendingPathComponent(name)
            let new = staging.appendingPathComponent(name)
            if fileManager.fileExists(atPath: old.path), !fileManager.fileExists(atPath: new.path) {
                try fileManager.copyItem(at: old, to: new)
            }
        }
        var aside: URL?
        if fileManager.fileExists(atPath: destination.path) {
            let old = staging.deletingLastPathComponent().appendingPathComponent(staging.lastPathComponent + "-old")
            try fileManager.moveItem(at: destination, to: old)
            aside = old
        }
        var placed = DerivedPlacement()
        do {
            if !derived.isEmpty {
                placed = try placeDerived(derived, in: derivedFolder, takingFrom: aside, listing: listing)
            }
            try fileManager.moveItem(at: staging, to: destination)
        } catch {
            placed.undo(staging: staging.path, aside: aside?.path)
            if let aside { try? fileManager.moveItem(at: aside, to: destination) }
            throw error
        }
        placed.removeUnwanted(in: destination.path)
        if let aside { FileTree.remove(aside.path) }
    }

    public func discard() {
        FileTree.remove(staging.path)
    }
}

/// An open folder, closed when the last output folder value holding it goes.
final class StagingDescriptor: Sendable {
    let descriptor: Int32
    /// Folders known to exist inside it.
    private let folders = Mutex<Set<String>>([])

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    func isMade(_ folder: String) -> Bool { folders.withLock { $0.contains(folder) } }

    func made(_ folder: String) { _ = folders.withLock { $0.insert(folder) } }

    deinit { close(descriptor) }
}
