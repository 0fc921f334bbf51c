import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder changed file by file, for the preview server: each file is written beside
/// its place and renamed over it, so a reader gets the old file or the new one, never half.
/// Folders left empty by a removal are removed too, so the tree matches a full build's.
struct InPlaceOutput {
    let root: URL

    init(root: URL) { self.root = root.standardizedFileURL }

    func prepareFolders(for paths: [String]) throws {
        let folders = Set(paths.map { ($0 as NSString).deletingLastPathComponent }.filter { !$0.isEmpty })
        for folder in folders.sorted() {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    func replace(_ path: String, with data: Data) throws {
        try data.write(to: root.appendingPathComponent(path), options: .atomic)
    }

    func replace(_ path: String, withCopyOf source: URL) throws {
        try replace(path, with: Data(contentsOf: source))
    }

    func remove(_ path: String) {
        guard unlink(root.path + "/" + path) == 0 else { return }
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, rmdir(root.path + "/" + folder) == 0 {
            folder = (folder as NSString).deletingLastPathComponent
        }
    }
}
