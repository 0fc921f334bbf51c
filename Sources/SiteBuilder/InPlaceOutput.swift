import BuildEngine
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder changed file by file, for the preview server and small patches: each file is
/// written beside its place and renamed over it, so a reader gets the old file or the new one,
/// never half. Folders left empty by a removal are removed too, so the tree matches a full build's.
struct InPlaceOutput: OutputDestination {
    let root: URL

    init(root: URL) { self.root = root.standardizedFileURL }

    var isSequential: Bool { false }
    var hasFailed: Bool { false }

    /// The previous build's file is already where it belongs.
    func keep(_ path: String) -> Bool { true }

    func waitForRoom(before sequence: Int) -> Bool { true }

    func write(_ file: OutputFile, to path: String, sequence: Int) throws {
        switch file {
        case .bytes(let data), .large(let data): try replace(path, with: data)
        case .stream(let stream):
            // Into a file beside its place, never whole in memory: the merchant feed of 100,000
            // products is 125 MB.
            let url = root.appendingPathComponent(path)
            try makeFolder(of: url)
            let temporary = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).vitrine-\(UUID().uuidString.prefix(8))")
            do {
                if let failure = OutputSink.writeFile(atPath: temporary.path, stream) { throw OutputError(path: path, code: failure) }
                try move(temporary.path, to: path)
            } catch {
                unlink(temporary.path)
                throw error
            }
        case .copy(let source): try replace(path, with: Data(contentsOf: URL(fileURLWithPath: source)))
        }
    }

    func skip(_ sequence: Int) {}

    private func replace(_ path: String, with data: Data) throws {
        let url = root.appendingPathComponent(path)
        do {
            try data.write(to: url, options: .atomic)
        } catch CocoaError.fileNoSuchFile {
            // A file in a folder the previous build did not have.
            try makeFolder(of: url)
            try data.write(to: url, options: .atomic)
        }
    }

    /// Puts the file at `source` (on the same file system) at `path` in one rename; copied when
    /// it is on another.
    func move(_ source: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        if rename(source, url.path) == 0 { return }
        var code = errno
        if code == ENOENT, access(source, F_OK) == 0 {
            try makeFolder(of: url)
            if rename(source, url.path) == 0 { return }
            code = errno
        }
        guard code == EXDEV else { throw OutputError(path: path, code: code) }
        try replace(path, with: Data(contentsOf: URL(fileURLWithPath: source)))
        unlink(source)
    }

    private func makeFolder(of url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    func remove(_ path: String) {
        guard unlink(root.path + "/" + path) == 0 else { return }
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, rmdir(root.path + "/" + folder) == 0 {
            folder = (folder as NSString).deletingLastPathComponent
        }
    }
}
