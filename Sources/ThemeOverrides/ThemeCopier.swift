import CatalogModel
import DefaultTheme
public import Foundation

/// `vitrine theme copy [FILE…]`: built-in theme files copied into the shop's templates folder to
/// start an override, each noted in the folder's `ThemeRecord` with the version it came from.
public struct ThemeCopier: Sendable {
    /// The shop's templates folder; made when missing.
    public let folder: URL
    /// This Vitrine's version, recorded with each copy.
    public let version: String

    public init(folder: URL, version: String) {
        self.folder = folder.standardizedFileURL
        self.version = version
    }

    /// Copies the named built-in files (every one when `names` is empty) and returns their paths
    /// relative to the folder. A name may leave out `.mustache` (`partials/header`) or name a
    /// folder (`static`, `partials`). Nothing is written when a name is unknown, or when a file
    /// exists and `force` is not set.
    @discardableResult
    public func copy(_ names: [String], force: Bool = false) throws(ThemeError) -> [String] {
        var paths: [String] = []
        for name in names {
            paths += try Self.resolve(name)
        }
        if names.isEmpty { paths = DefaultTheme.paths }
        paths = Array(Set(paths)).sorted()
        let existing = paths.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        if !existing.isEmpty, !force { throw .wouldOverwrite(existing.map { folder.lastPathComponent + "/" + $0 }) }
        var record = ThemeRecord.load(from: folder)
        for path in paths {
            let data = DefaultTheme.files[path] ?? Data()
            let url = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .atomic)
                try record.note(path, data: data, version: version, in: folder)
            } catch {
                throw .cannotWrite(url.path, reason: error.localizedDescription)
            }
        }
        do { try record.save(in: folder) } catch { throw .cannotWrite(folder.path, reason: error.localizedDescription) }
        return paths
    }

    /// The built-in paths a name stands for.
    static func resolve(_ name: String) throws(ThemeError) -> [String] {
        var name = name
        while name.hasPrefix("./") { name.removeFirst(2) }
        while name.hasSuffix("/") { name.removeLast() }
        if DefaultTheme.files[name] != nil { return [name] }
        if DefaultTheme.files[name + ".mustache"] != nil { return [name + ".mustache"] }
        let inFolder = DefaultTheme.paths.filter { $0.hasPrefix(name + "/") }
        if !inFolder.isEmpty { return inFolder }
        throw .unknownFile(name, suggestions: suggestions(for: name))
    }

    /// Built-in paths close to `name`, nearest first: within two edits of it (with or without
    /// `.mustache`), or whose file name is within two edits of its last part; every path when
    /// none is.
    static func suggestions(for name: String) -> [String] {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        func stem(_ text: String) -> String { text.hasSuffix(".mustache") ? String(text.dropLast(".mustache".count)) : text }
        let scored = DefaultTheme.paths.map { path -> (path: String, distance: Int) in
            let file = path.split(separator: "/").last.map(String.init) ?? path
            let whole = min(Spelling.editDistance(name, path), Spelling.editDistance(stem(name), stem(path)))
            let part = min(Spelling.editDistance(last, file), Spelling.editDistance(stem(last), stem(file)))
            return (path, min(whole, part))
        }
        let close = scored.filter { $0.distance <= 2 }.sorted { ($0.distance, $0.path) < ($1.distance, $1.path) }.prefix(5).map(\.path)
        return close.isEmpty ? DefaultTheme.paths : close
    }
}
