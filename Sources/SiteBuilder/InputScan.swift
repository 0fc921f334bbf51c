public import BuildEngine
import ContentLoader
public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file a build reads, with its stamp: the content folder and the templates folder, keyed
/// `content/<relative path>` and `templates/<relative path>`. Hidden files (editor swap files,
/// `.DS_Store`) are left out, as the loader leaves them out. Cheap enough to repeat every few
/// hundred milliseconds on ten thousand files, which is how the preview server notices edits.
public struct InputScan: Sendable, Equatable {
    public var files: [String: FileStamp]

    public static let contentPrefix = "content/"
    public static let templatesPrefix = "templates/"

    public init(files: [String: FileStamp]) { self.files = files }

    public init(content: URL, templates: URL) {
        var files: [String: FileStamp] = [:]
        Self.walk(content.standardizedFileURL.path, prefix: Self.contentPrefix, into: &files)
        Self.walk(templates.standardizedFileURL.path, prefix: Self.templatesPrefix, into: &files)
        self.files = files
    }

    /// The scan with the files at these absolute paths looked at again (added, changed or gone);
    /// the other files keep their stamps. For a watcher told which paths changed.
    public func updating(_ paths: Set<String>, content: URL, templates: URL) -> InputScan {
        var files = self.files
        let roots = [
            (content.standardizedFileURL.path + "/", Self.contentPrefix),
            (templates.standardizedFileURL.path + "/", Self.templatesPrefix),
        ]
        for path in paths {
            guard let (root, prefix) = roots.first(where: { path.hasPrefix($0.0) }) else { continue }
            let relative = path.dropFirst(root.count)
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if case .file(let stamp)? = FileStamp.kind(of: path) {
                files[prefix + relative] = stamp
            } else {
                files[prefix + relative] = nil
            }
        }
        return InputScan(files: files)
    }

    /// Keys whose stamp differs, appeared or disappeared between two scans.
    public func differences(from other: InputScan) -> Set<String> {
        var keys = Set<String>()
        for (key, stamp) in files where other.files[key] != stamp { keys.insert(key) }
        for key in other.files.keys where files[key] == nil { keys.insert(key) }
        return keys
    }

    static func walk(_ folder: String, prefix: String, into files: inout [String: FileStamp]) {
        walk(folder, prefix: prefix) { key, stamp in
            if let stamp { files[key] = stamp }
        }
    }

    /// Every file the loader reads under `folder` with its stamp, and every folder it enters
    /// (with no stamp), each by `prefix` and its path below `folder`.
    static func walk(_ folder: String, prefix: String, visit: (String, FileStamp?) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name.hasPrefix(".") { continue }
            let path = folder + "/" + name
            switch FileStamp.kind(of: path) {
            case .file(let stamp):
                visit(prefix + name, stamp)
            case .folder:
                // A linked folder is not followed, as the loader does not follow it.
                if Int32(entry.pointee.d_type) == Int32(DT_LNK) { continue }
                visit(prefix + name, nil)
                walk(path, prefix: prefix + name + "/", visit: visit)
            case nil:
                continue
            }
        }
    }
}
