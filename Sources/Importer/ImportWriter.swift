public import CatalogModel
public import Foundation

/// Writes an import into a content folder all at once or not at all: every file is first written
/// to a staging folder beside the target, and only when all of them are there are they moved in.
/// An existing file is never overwritten unless `force` is set.
public struct ImportWriter: Sendable {
    public var output: URL
    public var force: Bool

    public init(output: URL, force: Bool = false) {
        self.output = output
        self.force = force
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case wouldOverwrite([String])
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .wouldOverwrite(let paths):
                "\(paths.count) file\(paths.count == 1 ? "" : "s") already exist (\(paths.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", …" : "")); pass --force to replace them"
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }

    /// The files written, relative to the output folder, sorted.
    @discardableResult
    public func write(_ result: ImportResult, siteTitle: String = "Imported shop", currency: Currency = .usd) throws(Failure) -> [String] {
        var files = result.files.mapValues { Data($0.utf8) }
        let manager = FileManager.default
        if !manager.fileExists(atPath: output.appendingPathComponent("site.json").path) {
            // A content folder needs its settings; these are placeholders to edit.
            let site: JSONValue = ["title": .string(siteTitle), "baseURL": "https://shop.example.com/", "currency": .string(currency.code)]
            files["site.json"] = Data((site.encoded() + "\n").utf8)
        }
        for (target, source) in result.images {
            guard let data = manager.contents(atPath: source) else { throw .cannotWrite(target, "cannot read \(source)") }
            files[target] = data
        }
        let existing = files.keys.filter { manager.fileExists(atPath: output.appendingPathComponent($0).path) }.sorted()
        if !existing.isEmpty, !force { throw .wouldOverwrite(existing) }

        let staging = output.deletingLastPathComponent()
            .appendingPathComponent(".\(output.lastPathComponent).vitrine-import-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: staging)
        defer { try? manager.removeItem(at: staging) }
        do {
            for (path, data) in files {
                let url = staging.appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            for path in files.keys.sorted() {
                let target = output.appendingPathComponent(path)
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
                try manager.moveItem(at: staging.appendingPathComponent(path), to: target)
            }
        } catch {
            throw .cannotWrite(output.path, error.localizedDescription)
        }
        return files.keys.sorted()
    }
}
