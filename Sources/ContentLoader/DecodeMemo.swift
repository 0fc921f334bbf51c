import BuildEngine
import CatalogModel
import Foundation

/// Files already decoded by an earlier `load`, kept by a long-running process (the preview
/// server) so that a change to one product re-reads one file instead of ten thousand. A file is
/// decoded again when its stamp changed, when it changed too recently to trust the stamp, or
/// when site.json (which supplies defaults such as the currency) changed.
public final class DecodeMemo: @unchecked Sendable {
    struct Entry {
        var stamp: FileStamp
        var readAt: Int64
        var decoded: ContentLoader.Decoded
    }

    private var entries: [String: Entry] = [:]
    private var site: Site?
    private let lock = NSLock()

    public init() {}

    /// How many files the last `load` decoded rather than reused.
    public private(set) var decodedCount = 0

    func begin(site: Site?) {
        lock.lock()
        if site != self.site { entries.removeAll() }
        self.site = site
        decodedCount = 0
        lock.unlock()
    }

    func reusable(_ path: String, stamp: FileStamp?) -> ContentLoader.Decoded? {
        guard let stamp else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], entry.stamp == stamp, stamp.isSettled(readAt: entry.readAt) else { return nil }
        return entry.decoded
    }

    func store(_ path: String, stamp: FileStamp?, readAt: Int64, _ decoded: ContentLoader.Decoded) {
        lock.lock()
        decodedCount += 1
        if let stamp { entries[path] = Entry(stamp: stamp, readAt: readAt, decoded: decoded) } else { entries[path] = nil }
        lock.unlock()
    }

    /// Forgets files that are gone.
    func keep(only paths: Set<String>) {
        lock.lock()
        entries = entries.filter { paths.contains($0.key) }
        lock.unlock()
    }
}
