import CatalogModel
public import Foundation

/// The files a review import writes, and the review files beside them. An import owns its files
/// and writes them whole each time (the same export gives the same bytes), so it must not repeat
/// an id another file has, nor replace a file of reviews it did not write. A content file may
/// hold at most `ContentLimits.fileBytes`, so a large import is split: `judgeme.jsonl`, then
/// `judgeme-2.jsonl`, `judgeme-3.jsonl`, ….
public struct ReviewImportFile: Sendable {
    /// The first file; the others are named after it.
    public var url: URL

    public init(_ url: URL) { self.url = url.standardizedFileURL }

    var folder: URL { url.deletingLastPathComponent() }
    private var stem: String { url.deletingPathExtension().lastPathComponent }

    /// The `number`th file (from 1).
    public func part(_ number: Int) -> URL {
        number == 1 ? url : folder.appendingPathComponent("\(stem)-\(number).jsonl")
    }

    /// Which file of this import `name` is (1 for the first), or nil for another file.
    func partNumber(of name: String) -> Int? {
        if name == url.lastPathComponent { return 1 }
        guard name.hasPrefix(stem + "-"), name.hasSuffix(".jsonl") else { return nil }
        let digits = name.dropFirst(stem.count + 1).dropLast(".jsonl".count)
        guard let number = Int(digits), number >= 2, String(number) == digits else { return nil }
        return number
    }

    /// The files of this import on disk now, first to last.
    public func existingParts() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name in partNumber(of: name).map { ($0, name) } }.sorted { $0.0 < $1.0 }
            .map { folder.appendingPathComponent($0.1) }
    }

    /// Ids in the folder's other `.jsonl` files, each with where it is (`reviews/2026-h1.jsonl:12`).
    public func idsInOtherFiles() -> [String: String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [:] }
        var taken: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".jsonl") && partNumber(of: name) == nil {
            let display = folder.lastPathComponent + "/" + name
            for (line, id) in Self.ids(in: folder.appendingPathComponent(name)) where taken[id] == nil {
                taken[id] = "\(display):\(line)"
            }
        }
        return taken
    }

    /// Lines of this import's files as they are whose id does not start with `prefix-`: reviews
    /// another import or a person wrote, which replacing the files would lose.
    public func foreignLines(prefix: String) -> [(file: URL, line: Int, id: String)] {
        existingParts().flatMap { file in
            Self.ids(in: file).filter { !$0.id.hasPrefix(prefix + "-") }.map { (file, $0.line, $0.id) }
        }
    }

    /// Writes each text to its file, and removes files a larger earlier import left beyond them.
    /// Each file is written to a temporary file beside it and renamed over it, so a build or the
    /// preview sees a file before or after, never half of one.
    public func write(_ texts: [String]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let texts = texts.isEmpty ? [""] : texts
        for (index, text) in texts.enumerated() {
            try Data(text.utf8).write(to: part(index + 1), options: .atomic)
        }
        for stale in existingParts() where partNumber(of: stale.lastPathComponent).map({ $0 > texts.count }) ?? false {
            try FileManager.default.removeItem(at: stale)
        }
    }

    /// Each line's id, with its line number; lines that are not JSON objects with an id are passed over.
    static func ids(in file: URL) -> [(line: Int, id: String)] {
        guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
        let bytes = [UInt8](data)
        var found: [(Int, String)] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lineNumber = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            guard stop > start, let line = try? JSONLine(bytes, line: start..<stop),
                let member = line.members?.first(where: { $0.key == "id" }), let id = line.text(of: member.value)
            else { continue }
            found.append((lineNumber, id))
        }
        return found
    }
}
