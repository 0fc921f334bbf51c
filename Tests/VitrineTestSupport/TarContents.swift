import CArchive
public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tar file's entries read back with libarchive, in their order, so tests check what any
/// unpacking tool would see rather than the writer's own idea of its format.
public struct TarEntry: Equatable, Sendable {
    public var path: String
    public var data: Data
    public var mode: Int
    public var modified: Int
}

public enum TarContents {
    /// Every entry of the archive at `file`, compressed or not; nil when libarchive cannot read it as a tar.
    public static func entries(of file: URL) -> [TarEntry]? {
        // Names outside ASCII are read through the thread's locale, as `ArchiveOutput` writes them.
        guard let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else { return nil }
        let previous = uselocale(utf8)
        defer {
            uselocale(previous)
            freelocale(utf8)
        }
        guard let reader = archive_read_new() else { return nil }
        defer { archive_read_free(reader) }
        archive_read_support_format_tar(reader)
        // gzip and zstd as well: whatever compression the archive's name asked for.
        archive_read_support_filter_all(reader)
        guard archive_read_open_filename(reader, file.path, 1 << 16) == ARCHIVE_OK else { return nil }
        var result: [TarEntry] = []
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(reader, &entry)
            if status == ARCHIVE_EOF { return result }
            guard status == ARCHIVE_OK, let entry else { return nil }
            let path = archive_entry_pathname_utf8(entry).map { String(cString: $0) } ?? ""
            var data = Data(count: Int(archive_entry_size(entry)))
            let read = data.withUnsafeMutableBytes { archive_read_data(reader, $0.baseAddress, $0.count) }
            guard read == data.count else { return nil }
            result.append(TarEntry(
                path: path, data: data, mode: Int(archive_entry_mode(entry)), modified: Int(archive_entry_mtime(entry))))
        }
    }

    /// The entries as a folder's files (`FolderContents.files`), the last entry of a path winning as
    /// it does when unpacked.
    public static func files(of file: URL) -> [String: Data]? {
        entries(of: file).map { Dictionary($0.map { ($0.path, $0.data) }, uniquingKeysWith: { _, last in last }) }
    }
}
