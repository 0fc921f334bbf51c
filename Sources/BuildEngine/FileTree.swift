import Foundation
import Parallel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copying files into an output and removing an old output, in plain system calls. Foundation's
/// `copyItem` sends a file 4 KiB per call and `removeItem` looks at every entry twice before
/// unlinking it: on a shop with 1,000 photos the two were most of a build that reused every
/// derived picture (the copy alone ran at half the speed of one large `sendfile`).
public enum FileTree {
    /// Copies `source`'s bytes to a new file `target` (mode 0644), in the kernel where it can.
    /// Throws the `errno` of the call that failed.
    public static func copy(_ source: String, to target: String) throws(FileTreeError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FileTreeError(path: source, code: errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw FileTreeError(path: source, code: errno) }
        let output = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw FileTreeError(path: target, code: errno) }
        defer { close(output) }
        var offset = 0
        #if os(Linux)
        // sendfile(2) between files: one call moves the whole file without a trip through user space.
        while offset < Int(info.st_size) {
            let sent = sendfile(output, input, nil, Int(info.st_size) - offset)
            if sent > 0 {
                offset += sent
                continue
            }
            if sent == 0 { break }
            if errno == EINTR { continue }
            if errno == EINVAL || errno == ENOSYS { break }
            throw FileTreeError(path: target, code: errno)
        }
        #endif
        // Whatever sendfile did not move (another system, a file that grew): read and write.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileTreeError(path: source, code: errno)
            }
            if count == 0 { return }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { pwrite(output, $0.baseAddress! + written, count - written, off_t(offset + written)) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileTreeError(path: target, code: errno)
                }
                written += n
            }
            offset += count
        }
    }

    /// Every file under `folder`, as paths relative to it; empty when it cannot be read.
    public static func files(under folder: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            for (name, isFolder) in entries(of: relative.isEmpty ? folder : folder + "/" + relative) {
                let path = relative.isEmpty ? name : relative + "/" + name
                if isFolder { pending.append(path) } else { found.append(path) }
            }
        }
        return found
    }

    /// The names in one folder, each with whether it is a folder; empty when it cannot be read.
    public static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var found: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(stream) {
            let name = entryName(entry)
            if name == "." || name == ".." { continue }
            found.append((name, entry.pointee.d_type == UInt8(DT_DIR)))
        }
        return found
    }

    /// Removes `path` and everything under it, the files of a large folder on all cores. Missing
    /// is fine; whatever cannot be removed is left.
    public static func remove(_ path: String) {
        if unlink(path) == 0 || errno == ENOENT { return }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard folder >= 0 else { return }
        empty(folder)
        close(folder)
        rmdir(path)
    }

    private static func empty(_ folder: Int32) {
        var files: [String] = []
        var folders: [String] = []
        let listing = dup(folder)
        guard listing >= 0, let stream = fdopendir(listing) else { return }
        while let entry = readdir(stream) {
            let name = entryName(entry)
            if name == "." || name == ".." { continue }
            if entry.pointee.d_type == UInt8(DT_DIR) {
                folders.append(name)
            } else {
                files.append(name)
            }
        }
        closedir(stream)
        let names = files
        let unlinkFiles = { @Sendable (range: Range<Int>) in
            for i in range where unlinkat(folder, names[i], 0) != 0 && errno == EISDIR {
                removeFolder(named: names[i], in: folder)
            }
        }
        if files.count < 512 {
            unlinkFiles(names.indices)
        } else {
            _ = ParallelMap.map(ranges: names.count, minimum: 256, unlinkFiles)
        }
        for name in folders { removeFolder(named: name, in: folder) }
    }

    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    private static func removeFolder(named name: String, in parent: Int32) {
        let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard child >= 0 else { return }
        empty(child)
        close(child)
        unlinkat(parent, name, AT_REMOVEDIR)
    }
}

/// A system call that failed on a file.
public struct FileTreeError: Error, Sendable {
    public var path: String
    public var code: Int32
}
