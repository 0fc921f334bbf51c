import Foundation
import PreviewServer
import SiteBuilder

/// A private copy of the sample shop with a preview site over it.
struct PreviewShop {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let clock = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01T12:00:00Z

    let folder: URL
    var content: URL { folder.appendingPathComponent("Content") }
    var templates: URL { folder.appendingPathComponent("Templates") }
    var output: URL { folder.appendingPathComponent("Output") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Content"), to: content)
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Templates"), to: templates)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func makeSite() -> PreviewSite {
        let options = BuildOptions(
            contentFolder: content, templatesFolder: templates, outputFolder: output, clock: Self.clock)
        return PreviewSite(options: options, now: { Self.clock })
    }

    func edit(_ relative: String, replacing old: String, with new: String) throws {
        let url = folder.appendingPathComponent(relative)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.contains(old) else { throw EditError(description: "\(relative) does not contain \(old)") }
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    func scan() -> InputScan { InputScan(content: content, templates: templates) }
}

struct EditError: Error, CustomStringConvertible {
    var description: String
}
