import BuildEngine
import CatalogModel
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
    /// `folder` as a path: lookups of a thousand entries were slower through `URL`.
    let path: String

    public init(folder: URL) {
        self.folder = folder.standardizedFileURL
        path = self.folder.path
    }

    static let indexName = "index"
    static let indexHeader = "vitrine-picture-index\t2"

    /// A source's digest as the index last recorded it.
    struct Stamped: Sendable, Hashable {
        var stamp: FileStamp
        var readAt: Int64
        var digest: String
    }

    /// An entry as the index last recorded it, with its folder's stamp: a folder whose stamp is
    /// unchanged (and settled) still holds the files, so neither its manifest nor its files need
    /// a look (12,000 `access` calls and 1,000 manifests took 0.2 s of processor time).
    struct Recorded: Sendable, Hashable {
        var entry: Entry
        var stamp: FileStamp
        var readAt: Int64
    }

    /// What the last build recorded: each source's digest, each entry it used, and whether the
    /// libvips it ran with encoded AVIF. Knowing that, a build whose pictures are all cached never
    /// starts libvips, whose plug-in loading alone took a tenth of a second.
    struct Index: Sendable, Equatable {
        var stamps: [String: Stamped] = [:]
        var entries: [String: Recorded] = [:]
        /// The libvips version the AVIF answer holds for.
        var libvips = ""
        var encodesAVIF = false

        /// The recorded answer, when it was given by this libvips.
        func encodesAVIF(libvips version: String) -> Bool? { libvips == version ? encodesAVIF : nil }
    }

    /// Read as bytes: parsed as `String`s, the index of 1,000 photos took 70 ms.
    func loadIndex() -> Index {
        guard let data = FileManager.default.contents(atPath: path + "/" + Self.indexName) else { return Index() }
        let bytes = [UInt8](data)
        var lines = bytes.split(separator: UInt8(ascii: "\n"))[...]
        let header = lines.first?.split(separator: Self.tab, omittingEmptySubsequences: false) ?? []
        guard header.count == 4, Array(header[0] + [Self.tab] + header[1]) == Array(Self.indexHeader.utf8) else { return Index() }
        var index = Index(libvips: String(decoding: header[2], as: UTF8.self), encodesAVIF: Array(header[3]) == Array("avif".utf8))
        lines = lines.dropFirst()
        for line in lines {
            let f = line.split(separator: Self.tab, omittingEmptySubsequences: false)
            if f.count == 8, Array(f[0]) == [UInt8(ascii: "@")] {
                guard let stamp = Self.stamp(f[2...5]), let readAt = Self.number(f[6]), let entry = Entry.decode(line: f[7])
                else { continue }
                index.entries[String(decoding: f[1], as: UTF8.self)] = Recorded(entry: entry, stamp: stamp, readAt: readAt)
                continue
            }
            guard f.count == 7, let stamp = Self.stamp(f[1...4]), let readAt = Self.number(f[5]), f[6].count == 64
            else { continue }
            index.stamps[String(decoding: f[0], as: UTF8.self)] = Stamped(
                stamp: stamp, readAt: readAt, digest: String(decoding: f[6], as: UTF8.self))
        }
        return index
    }

    static let tab = UInt8(ascii: "\t")

    /// Size, modification, change and inode, as `saveIndex` writes them.
    static func stamp(_ fields: ArraySlice<ArraySlice<UInt8>>) -> FileStamp? {
        let n = fields.map(number)
        guard n.count == 4, let size = n[0], let modified = n[1], let changed = n[2], let inode = n[3] else { return nil }
        return FileStamp(size: size, modified: modified, changed: changed, inode: UInt64(bitPattern: inode))
    }

    /// A decimal number as `saveIndex` writes it, or nil; an inode above `Int64.max` keeps its bits.
    static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            guard digit >= 0x30, digit <= 0x39 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(digit - 0x30))
            guard !o1, !o2 else { return nil }
            value = sum
        }
        return Int64(bitPattern: value)
    }

    func saveIndex(_ index: Index) {
        var text = Self.indexHeader + "\t\(index.libvips)\t\(index.encodesAVIF ? "avif" : "-")\n"
        for (path, entry) in index.stamps.sorted(by: { $0.key < $1.key }) where !path.contains("\t") && !path.contains("\n") {
            let s = entry.stamp
            text += "\(path)\t\(s.size)\t\(s.modified)\t\(s.changed)\t\(s.inode)\t\(entry.readAt)\t\(entry.digest)\n"
        }
        for (key, recorded) in index.entries.sorted(by: { $0.key < $1.key }) {
            let s = recorded.stamp
            text += "@\t\(key)\t\(s.size)\t\(s.modified)\t\(s.changed)\t\(s.inode)\t\(recorded.readAt)\t\(recorded.entry.line)\n"
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
            var fileName: String { String(width) + "." + format.fileExtension }
        }

        /// The entry on one line, as its manifest and the index hold it: `png;320x213:webp,320x213:png,…`.
        var line: String {
            fallback.rawValue + ";" + renditions.map { "\($0.width)x\($0.height):\($0.format.rawValue)" }.joined(separator: ",")
        }

        /// Parsed in place, without splitting: the index holds a line like this for every photo.
        static func decode(line: ArraySlice<UInt8>) -> Entry? {
            guard let semicolon = line.firstIndex(of: UInt8(ascii: ";")), let fallback = format(line[..<semicolon]) else { return nil }
            var renditions: [Rendition] = []
            var rest = line[(semicolon + 1)...]
            while !rest.isEmpty {
                let end = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
                let item = rest[..<end]
                guard let x = item.firstIndex(of: UInt8(ascii: "x")), let colon = item.firstIndex(of: UInt8(ascii: ":")), x < colon,
                    let width = PictureCache.number(item[..<x]), let height = PictureCache.number(item[(x + 1)..<colon]),
                    let format = format(item[(colon + 1)...])
                else { return nil }
                renditions.append(Rendition(width: Int(width), height: Int(height), format: format))
                rest = end == rest.endIndex ? [] : rest[(end + 1)...]
            }
            return renditions.isEmpty ? nil : Entry(fallback: fallback, renditions: renditions)
        }

        private static func format(_ name: ArraySlice<UInt8>) -> PictureFormat? {
            PictureFormat.allCases.first { $0.rawValue.utf8.elementsEqual(name) }
        }
    }

    func entryFolder(_ key: String) -> URL { folder.appendingPathComponent(key) }

    /// The file of one rendition in the entry `key`.
    func file(_ key: String, _ rendition: Entry.Rendition) -> String { filePrefix(key) + rendition.fileName }

    /// The entry's folder with a trailing slash, to which a rendition's file name is appended.
    func filePrefix(_ key: String) -> String { path + "/" + key + "/" }

    /// The finished entry `key` with its folder's stamp: as recorded when the folder is unchanged
    /// since, else read from its manifest and files.
    func lookUp(_ key: String, recorded: Recorded?) -> (entry: Entry, stamp: FileStamp, readAt: Int64)? {
        let readAt = FileStamp.now()
        guard let stamp = FileStamp.read(folder: path + "/" + key) else { return nil }
        if let recorded, recorded.stamp == stamp, stamp.isSettled(readAt: recorded.readAt) {
            return (recorded.entry, stamp, recorded.readAt)
        }
        return entry(key).map { ($0, stamp, readAt) }
    }

    func entry(_ key: String) -> Entry? {
        guard let data = FileManager.default.contents(atPath: path + "/" + key + "/manifest"),
            let entry = Entry.decode(line: [UInt8](data)[...])
        else { return nil }
        // An entry whose files someone deleted is made again rather than published half.
        for rendition in entry.renditions where access(file(key, rendition), R_OK) != 0 {
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
        try Data(entry.line.utf8).write(to: scratch.appendingPathComponent("manifest"))
        let target = entryFolder(key)
        guard rename(scratch.path, target.path) != 0 else { return }
        // Another build finished the same entry first: theirs is as good as ours.
        if self.entry(key) != nil {
            try? FileManager.default.removeItem(at: scratch)
            return
        }
        // The folder there is damaged (a file or the manifest gone or unreadable, which is why
        // this entry was made again): set it aside, put the new one in its place, remove the old.
        // A dot name, so a prune removes it should this build be killed in between.
        let aside = folder.appendingPathComponent(".\(key)-damaged-\(UUID().uuidString.prefix(8))")
        if rename(target.path, aside.path) == 0 {
            try? FileManager.default.removeItem(at: aside)
            if rename(scratch.path, target.path) == 0 { return }
        }
        try? FileManager.default.removeItem(at: scratch)
        if self.entry(key) == nil { throw CocoaError(.fileWriteUnknown) }
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

    /// The entry name for a source digest under settings: what the derived files' names carry.
    static func key(digest: String, settings: String) -> String {
        String(ContentDigest.hex(SHA256.hash(data: Data((digest + "|" + settings).utf8))).prefix(20))
    }
}
