import Crypto
public import Foundation
import Parallel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file of a built site with its size and the SHA-256 of its bytes: what a deploy compares
/// with the manifest of the last deploy to the same place, so nothing remote is listed or
/// downloaded to find what changed.
///
/// A file's digest is kept with the file's stamp (inode, size, modification time in
/// nanoseconds), and a later scan reads again only files whose stamp moved. An incremental build
/// links unchanged files into its new folder, which keeps their stamps; a full build writes every
/// file anew, and the first deploy after it reads them all.
public struct DeployManifest: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var size: Int64
        /// SHA-256 of the bytes, lowercase hex: also the `x-amz-content-sha256` an S3 upload signs.
        public var digest: String
        var inode: UInt64
        var modified: Int64

        public init(size: Int64, digest: String, inode: UInt64 = 0, modified: Int64 = 0) {
            self.size = size
            self.digest = digest
            self.inode = inode
            self.modified = modified
        }

        /// The same bytes, whatever the stamp.
        func sameBytes(as other: Entry) -> Bool { size == other.size && digest == other.digest }
    }

    /// By path relative to the site's folder, `/`-separated.
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) { self.entries = entries }

    public var totalSize: Int64 { entries.values.reduce(0) { $0 + $1.size } }
}

// MARK: Scanning

extension DeployManifest {
    /// The manifest of the folder as it is now, reading only files whose stamps differ from
    /// `previous`. Symbolic links are followed; other kinds of file are skipped.
    public static func scan(_ folder: URL, reusing previous: DeployManifest? = nil) throws -> DeployManifest {
        let root = folder.standardizedFileURL.path
        let paths = try listFiles(under: root)
        let previous = previous?.entries ?? [:]
        let entries = ParallelMap.map(paths) { path -> Result<Entry, DeployError> in
            let full = root + "/" + path
            var info = stat()
            guard stat(full, &info) == 0 else { return .failure(.unreadable(path: full, reason: String(cString: strerror(errno)))) }
            #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            #endif
            let stamp = Entry(size: Int64(info.st_size), digest: "", inode: UInt64(info.st_ino), modified: modified)
            if let known = previous[path], known.inode == stamp.inode, known.size == stamp.size, known.modified == stamp.modified {
                return .success(known)
            }
            return Result { try digest(ofFileAt: full) }.mapError { .unreadable(path: full, reason: "\($0)") }
                .map { Entry(size: stamp.size, digest: $0, inode: stamp.inode, modified: stamp.modified) }
        }
        var result: [String: Entry] = [:]
        result.reserveCapacity(paths.count)
        for (path, entry) in zip(paths, entries) { result[path] = try entry.get() }
        return DeployManifest(entries: result)
    }

    /// Relative paths of the regular files under `root`, sorted.
    static func listFiles(under root: String) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue,
            let walker = FileManager.default.enumerator(atPath: root)
        else {
            throw DeployError.unreadable(path: root, reason: "is not a folder; build the site first (vitrine build)")
        }
        var paths: [String] = []
        while let next = walker.nextObject() as? String {
            var info = stat()
            guard stat(root + "/" + next, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            paths.append(next)
        }
        return paths.sorted()
    }

    static func digest(ofFileAt path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

// MARK: Storage

extension DeployManifest {
    static let header = "vitrine-deploy-manifest\t1"

    /// Tab-separated lines, sorted by path: a manifest of 200,000 files is read in a blink and
    /// two manifests can be compared with `diff`.
    public func encoded() -> String {
        var text = Self.header + "\n"
        for path in entries.keys.sorted() {
            let entry = entries[path]!
            text += "\(path)\t\(entry.size)\t\(entry.digest)\t\(entry.inode)\t\(entry.modified)\n"
        }
        return text
    }

    /// Nil when the text is not a manifest this version wrote: a deploy then sends everything.
    public static func decode(_ text: String) -> DeployManifest? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(header) else { return nil }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 5, let size = Int64(fields[1]), fields[2].count == 64,
                let inode = UInt64(fields[3]), let modified = Int64(fields[4])
            else { return nil }
            entries[String(fields[0])] = Entry(size: size, digest: String(fields[2]), inode: inode, modified: modified)
        }
        return DeployManifest(entries: entries)
    }

    public static func read(from file: URL) -> DeployManifest? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return decode(text)
    }

    public func write(to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(encoded().utf8).write(to: file, options: .atomic)
    }
}
