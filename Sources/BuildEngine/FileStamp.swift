#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file, enough to tell that it has not been written since it was last
/// read without reading it again. The change time is the one the system sets on every write,
/// rename or `touch`, so a tool that restores the modification time still shows up.
public struct FileStamp: Sendable, Hashable {
    public var size: Int64
    /// Nanoseconds since 1970.
    public var modified: Int64
    public var changed: Int64
    public var inode: UInt64

    public init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// The stamp of a regular file (symbolic links are followed), nil when there is none.
    public static func read(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// The stamp of a folder: its times change whenever an entry is added, removed or renamed.
    public static func read(folder path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return FileStamp(info)
    }

    /// What a path is: a regular file with its stamp, a folder, or anything else (nil).
    public enum Kind: Sendable { case file(FileStamp), folder }

    public static func kind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(FileStamp(info))
        case S_IFDIR: return .folder
        default: return nil
        }
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let m = info.st_mtimespec, c = info.st_ctimespec
        #else
        let m = info.st_mtim, c = info.st_ctim
        #endif
        size = Int64(info.st_size)
        modified = Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec)
        changed = Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec)
        inode = UInt64(info.st_ino)
    }

    /// File systems keep times in coarse steps, so a second write soon after a read can leave the
    /// stamp as it was. A stamp is trusted only when the file's last change came this long before
    /// the moment its content was read.
    public static let settleTime: Int64 = 1_000_000_000

    /// Whether a file read at `readAt` (nanoseconds since 1970) and still showing this stamp is
    /// certainly unchanged since.
    public func isSettled(readAt: Int64) -> Bool {
        changed < readAt - Self.settleTime
    }

    /// Now, in nanoseconds since 1970, on the clock file times come from.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
