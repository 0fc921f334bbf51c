import BuildEngine
public import Foundation

/// What `vitrine theme copy` copied into a shop's templates folder, so that `vitrine theme diff`
/// can show what the shop changed and what a newer built-in file changed since: per file, the
/// Vitrine version and the SHA-256 of the built-in text it was copied from, in
/// `.vitrine-theme/copied` (tab-separated lines), and that text itself under
/// `.vitrine-theme/base/`. The theme loader and the watcher skip hidden folders; keep this one in
/// git beside the overrides.
public struct ThemeRecord: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var version: String
        public var digest: String
    }

    /// By path relative to the templates folder.
    public var entries: [String: Entry] = [:]

    public static let folderName = ".vitrine-theme"
    static let header = "# vitrine-theme-record 1: path, Vitrine version, SHA-256 of the built-in file as copied (kept under base/)"

    public init(entries: [String: Entry] = [:]) { self.entries = entries }

    static func folder(in templates: URL) -> URL { templates.appendingPathComponent(folderName) }
    static func file(in templates: URL) -> URL { folder(in: templates).appendingPathComponent("copied") }

    /// Where the text a file was copied from is kept.
    public static func base(of path: String, in templates: URL) -> URL {
        folder(in: templates).appendingPathComponent("base").appendingPathComponent(path)
    }

    /// The folder's record; empty when there is none (overrides made by hand).
    public static func load(from templates: URL) -> ThemeRecord {
        guard let data = FileManager.default.contents(atPath: file(in: templates).path) else { return ThemeRecord() }
        var record = ThemeRecord()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            record.entries[String(fields[0])] = Entry(version: String(fields[1]), digest: String(fields[2]))
        }
        return record
    }

    /// Records `data` as the built-in text of `path` at `version`, and keeps it under base/.
    mutating func note(_ path: String, data: Data, version: String, in templates: URL) throws {
        let base = Self.base(of: path, in: templates)
        try FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: base, options: .atomic)
        entries[path] = Entry(version: version, digest: Self.digest(data))
    }

    func save(in templates: URL) throws {
        var text = Self.header + "\n"
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) { text += "\(path)\t\(entry.version)\t\(entry.digest)\n" }
        try FileManager.default.createDirectory(at: Self.folder(in: templates), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: Self.file(in: templates), options: .atomic)
    }

    static func digest(_ data: Data) -> String {
        // The same digest as the build's input files.
        ContentDigest.of(data)
    }
}
