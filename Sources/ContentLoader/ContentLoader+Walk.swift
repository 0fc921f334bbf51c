import CatalogModel
import Foundation
import Glibc
import Parallel

extension ContentLoader {
    /// Regular files below `root`, relative to it, sorted. Reads directories with readdir:
    /// Foundation's enumerator stats every file, which dominated loading 10,000 products.
    ///
    /// Only what is truly content is listed. A symbolic link to a file inside the content folder
    /// is read; one leading out of it is refused, so a pull request cannot publish the build
    /// machine's files as a product or an image. A linked folder is not followed (as the preview's
    /// scan does not follow it), which also rules out loops. Devices, FIFOs and sockets are
    /// refused: reading one blocks or never ends.
    func walk(_ root: URL, display: String, diagnostics: inout [Diagnostic]) -> [String] {
        let inside = Self.realPath(contentFolder.path).map { $0 + "/" }
        var out: [String] = []
        func refuse(_ relative: String, _ message: String) {
            diagnostics.append(.error(message, at: SourceLocation(path: display + "/" + relative)))
        }
        func visit(_ folder: String, _ prefix: String, depth: Int) {
            guard depth < 32, let directory = opendir(folder) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." || name.hasPrefix(".") { continue }
                var type = Int32(entry.pointee.d_type)
                // A regular file needs no path of its own: making one for each of a hundred
                // thousand product files was wasted work on the one core listing runs on.
                if type == Int32(DT_REG) {
                    out.append(prefix + name)
                    continue
                }
                let path = folder + "/" + name
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    type = Self.directoryEntryType(info.st_mode)
                }
                if type == Int32(DT_LNK) {
                    var info = stat()
                    guard stat(path, &info) == 0 else {
                        refuse(prefix + name, "symbolic link to nothing; remove it or point it at a file in the content folder")
                        continue
                    }
                    if info.st_mode & S_IFMT == S_IFDIR {
                        diagnostics.append(.warning(
                            "ignored: a linked folder is not followed; move its files into the content folder",
                            at: SourceLocation(path: display + "/" + prefix + name)))
                        continue
                    }
                    guard let inside, let target = Self.realPath(path), target.hasPrefix(inside) else {
                        refuse(prefix + name, "symbolic link leading out of the content folder is not followed; copy the file into the content folder instead")
                        continue
                    }
                    type = Self.directoryEntryType(info.st_mode)
                }
                if type == Int32(DT_DIR) {
                    visit(path, prefix + name + "/", depth: depth + 1)
                } else if type == Int32(DT_REG) {
                    out.append(prefix + name)
                } else {
                    refuse(prefix + name, "not a regular file (a device, FIFO or socket) and not read; replace it with an ordinary file")
                }
            }
        }
        visit(root.path, "", depth: 0)
        // Sorted on all cores (listing runs before anything else can), the names moved into place.
        let order = ParallelMap.sortedIndices(of: out)
        out.rearrange(into: order)
        return out
    }

    private static func directoryEntryType(_ mode: mode_t) -> Int32 {
        switch mode & S_IFMT {
        case S_IFDIR: Int32(DT_DIR)
        case S_IFREG: Int32(DT_REG)
        case S_IFLNK: Int32(DT_LNK)
        default: Int32(DT_UNKNOWN)
        }
    }

    /// The path with every link resolved, or nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
