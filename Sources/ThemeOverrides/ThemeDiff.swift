import DefaultTheme
public import Foundation

/// `vitrine theme diff`: for every file of the shop's templates folder, how it differs from the
/// built-in file it replaces, as unified diffs a reviewer reads before and after an upgrade:
/// against the built-in text it was copied from (the shop's own changes, from the folder's
/// `ThemeRecord`), and, when the built-in file has changed since, against today's built-in file.
public struct ThemeDiff: Sendable {
    public let folder: URL
    /// This Vitrine's version, naming today's built-in files.
    public let version: String

    public init(folder: URL, version: String) {
        self.folder = folder.standardizedFileURL
        self.version = version
    }

    /// The report: a line per file saying what it is, each followed by its diffs.
    public func report() throws(ThemeError) -> String {
        let display = folder.lastPathComponent
        let files = Self.overrideFiles(in: folder)
        guard !files.isEmpty else {
            return "\(display)/ holds no theme files: the built-in theme is used as it is.\n"
        }
        let record = ThemeRecord.load(from: folder)
        var report = ""
        for path in files {
            let mine = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data()
            let shown = display + "/" + path
            guard let current = DefaultTheme.files[path] else {
                report += "\(shown): the shop's own file (the built-in theme has no file of that name)\n"
                continue
            }
            if let entry = record.entries[path],
                let base = FileManager.default.contents(atPath: ThemeRecord.base(of: path, in: folder).path),
                ThemeRecord.digest(base) == entry.digest
            {
                let ownChanges = try UnifiedDiff.make(
                    old: base, labelled: Self.label(path, version: entry.version), new: mine, labelled: shown)
                let builtInMoved = ThemeRecord.digest(current) != entry.digest
                report += "\(shown): copied from Vitrine \(entry.version); "
                    + (ownChanges.isEmpty ? "unchanged here" : "changed here") + "; "
                    + (builtInMoved ? "the built-in file has changed since (Vitrine \(version))" : "the built-in file is the same in Vitrine \(version)")
                    + "\n"
                report += ownChanges
                if builtInMoved {
                    report += try UnifiedDiff.make(
                        old: current, labelled: Self.label(path, version: version), new: mine, labelled: shown)
                }
            } else {
                let changes = try UnifiedDiff.make(
                    old: current, labelled: Self.label(path, version: version), new: mine, labelled: shown)
                report += "\(shown): not copied with `vitrine theme copy` (no record of its original); "
                    + (changes.isEmpty ? "the same as" : "compared with") + " the built-in file of Vitrine \(version)\n"
                report += changes
            }
        }
        return report
    }

    /// How a diff names a built-in file of a version: `(built-in 1.2.0)/partials/header.mustache`.
    static func label(_ path: String, version: String) -> String { "(built-in \(version))/\(path)" }

    /// The folder's files, relative and sorted, hidden ones (and the record) left out, as the
    /// theme loader leaves them out.
    static func overrideFiles(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if let type = enumerator.fileAttributes?[.type] as? FileAttributeType, type == .typeRegular { paths.append(relative) }
        }
        return paths.sorted()
    }
}
