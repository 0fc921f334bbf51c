import BuildEngine
public import CatalogModel
import Crypto
public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Derived pictures kept between builds, beside the output (`.Output.vitrine-cache/images`), so
/// a CI cache step can keep them and no photo is processed twice. One folder per source and
/// settings, named by a hash of both, written under a temporary name and renamed when complete:
/// a build that fails or is killed half-way leaves no half entry. An index of file stamps lets a
/// build trust a source's digest without reading the photo again.
public struct PictureCache: Sendable {
    public let folder: URL

    public init(folder: URL) { self.folder = folder.standardizedFileURL }

    static let indexName = "index"
    static let indexHeader = "vitrine-picture-index\t1"

    /// A source's digest as the index last recorded it.
    struct Stamped: Sendable, Hashable {
        var stamp: FileStamp
        var readAt: Int64
        var digest: String
    }

    func loadIndex() -> [String: Stamped] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(Self.indexName), encoding: .utf8) else { return [:] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.first == Substring(Self.indexHeader) else { return [:] }
        lines = lines.dropFirst()
        var index: [String: Stamped] = [:]
        for line in lines {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count == 7, let size = Int64(f[1]), let modified = Int64(f[2]), let changed = Int64(f[3]),
                let inode = UInt64(f[4]), let readAt = Int64(f[5]), f[6].count == 64
            else { continue }
            index[String(f[0])] = Stamped(
                stamp: FileStamp(size: size, modified: modified, changed: changed, inode: inode), readAt: readAt,
                digest: String(f[6]))
        }
        return index
    }

    func saveIndex(_ index: [String: Stamped]) {
        var text = Self.indexHeader + "\n"
        for (path, entry) in index.sorted(by: { $0.key < $1.key }) where !path.contains("\t") && !path.contains("\n") {
            let s = entry.stamp
            text += "\(path)\t\(s.size)\t\(s.modified)\t\(s.changed)\t\(s.inode)\t\(entry.readAt)\t\(entry.digest)\n"
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: folder.appendingPathComponent(Self.indexName), options: .atomic)
    }

    /// One source's derived files as a finished entry records them.
    struct Entry: Sendable, Hashable {
        var fallback: PictureFormat
        var renditions: [Rendition]

        struct Rendition: Sendable, Hashable {
            var width: Int
            var height: Int
            var format: PictureFormat
            var fileName: String { "\(width).\(format.fileExtension)" }
        }

        func encoded() -> String {
            "fallback\t\(fallback.rawValue)\n"
                + renditions.map { "r\t\($0.width)\t\($0.height)\t\($0.format.rawValue)\n" }.joined()
        }

        static func decode(_ text: String) -> Entry? {
            var fallback: PictureFormat?
            var renditions: [Rendition] = []
            for line in text.split(separator: "\n") {
                let f = line.split(separator: "\t")
                switch (f.first, f.count) {
                case ("fallback", 2): fallback = PictureFormat(rawValue: String(f[1]))
                case ("r", 4):
                    guard let width = Int(f[1]), let height = Int(f[2]), let format = PictureFormat(rawValue: String(f[3]))
                    else { return nil }
                    renditions.append(Rendition(width: width, height: height, format: format))
                default: return nil
                }
            }
            guard let fallback, !renditions.isEmpty else { return nil }
            return Entry(fallback: fallback, renditions: renditions)
        }
    }

    func entryFolder(_ key: String) -> URL { folder.appendingPathComponent(key) }

    func entry(_ key: String) -> Entry? {
        guard let text = try? String(contentsOf: entryFolder(key).appendingPathComponent("manifest"), encoding: .utf8),
            let entry = Entry.decode(text)
        else { return nil }
        // An entry whose files someone deleted is made again rather than published half.
        for rendition in entry.renditions
        where access(entryFolder(key).appendingPathComponent(rendition.fileName).path, R_OK) != 0 {
            return nil
        }
        return entry
    }

    /// A fresh folder to write an entry into, later `commit`ted under its key.
    func scratchFolder(for key: String) throws -> URL {
        let scratch = folder.appendingPathComponent(".\(key)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        return scratch
    }

    func commit(_ entry: Entry, from scratch: URL, as key: String) throws {
        try Data(entry.encoded().utf8).write(to: scratch.appendingPathComponent("manifest"))
        let target = entryFolder(key)
        if rename(scratch.path, target.path) != 0 {
            // Another build finished the same entry first: theirs is as good as ours.
            try? FileManager.default.removeItem(at: scratch)
            if self.entry(key) == nil { throw CocoaError(.fileWriteUnknown) }
        }
    }

    /// Removes every entry and index line not in `keys` / `paths`, and any scratch folder left by
    /// a killed build; returns how many entries went.
    @discardableResult
    public func prune(keeping keys: Set<String>) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names where name != Self.indexName && !keys.contains(name) {
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil, !name.hasPrefix(".") {
                removed += 1
            }
        }
        return removed
    }

    /// The entry names in the cache, for tests and reports.
    public func entryNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0 != Self.indexName && !$0.hasPrefix(".") }.sorted()
    }

    static func digest(ofFile path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return hex(SHA256.hash(data: data))
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The entry name for a source digest under settings: what the derived files' names carry.
    static func key(digest: String, settings: String) -> String {
        String(hex(SHA256.hash(data: Data((digest + "|" + settings).utf8))).prefix(20))
    }
}
