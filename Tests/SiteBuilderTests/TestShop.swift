import CatalogModel
import Foundation
import SiteBuilder

/// A private copy of the sample shop (Content/ and Templates/) in a temporary folder, so a test
/// can edit it, build it incrementally, and compare with a full build of the same files.
struct TestShop {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The sample shop's clock: two promotions active, one upcoming, one expired.
    static let clock = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01T12:00:00Z

    let folder: URL
    var content: URL { folder.appendingPathComponent("Content") }
    var templates: URL { folder.appendingPathComponent("Templates") }
    var output: URL { folder.appendingPathComponent("Output") }
    var reference: URL { folder.appendingPathComponent("Reference") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Content"), to: content)
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Templates"), to: templates)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func options(output: URL? = nil, clock: Date = TestShop.clock) -> BuildOptions {
        BuildOptions(contentFolder: content, templatesFolder: templates, outputFolder: output ?? self.output, clock: clock)
    }

    /// Builds everything from scratch into `Reference/` and returns its files.
    func fullBuild(clock: Date = TestShop.clock) throws -> [String: Data] {
        let report = SiteBuilder.build(options(output: reference, clock: clock))
        guard report.succeeded else { throw TestFailure(report.diagnostics.map(\.description).joined(separator: "\n")) }
        return try Self.files(in: reference)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: content.appendingPathComponent(path), encoding: .utf8)
    }

    /// Replaces text in a content or template file (`relative` to the shop folder).
    func edit(_ relative: String, replacing old: String, with new: String) throws {
        let url = folder.appendingPathComponent(relative)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.contains(old) else { throw TestFailure("\(relative) does not contain \(old)") }
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    func write(_ relative: String, _ text: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func delete(_ relative: String) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(relative))
    }

    /// Every file and folder under `root`: files with their bytes, folders as empty data under
    /// a name ending in `/`, so empty folders left behind count as a difference.
    static func files(in root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [:] }
        while let relative = enumerator.nextObject() as? String {
            let path = base + relative
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            if isFolder.boolValue {
                result[relative + "/"] = Data()
            } else {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }

    /// The paths where two trees differ, for a readable failure.
    static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
