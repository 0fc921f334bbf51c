public import CatalogModel
import ContentLoader
public import Foundation
public import SiteBuilder

/// A private copy of the repository's sample shop (Content/ and Templates/) in a temporary folder,
/// so a test can edit, add and delete its files, build it, and compare with a full build of the
/// same files without touching the shop other tests read.
public struct SampleShop: Sendable {
    /// The sample shop's documented clock: two promotions active, one upcoming, one expired.
    public static let clock = Records.now

    /// The repository's sample shop as `vitrine build` loads it, read once for all tests.
    public static let catalog: Catalog = {
        let loaded = ContentLoader(contentFolder: ShopFixture.repositoryRoot.appendingPathComponent("Content")).load()
        guard let catalog = loaded.catalog else { fatalError("the sample shop does not load: \(loaded.diagnostics)") }
        return catalog
    }()

    public let folder: URL
    public var content: URL { folder.appendingPathComponent("Content") }
    public var templates: URL { folder.appendingPathComponent("Templates") }
    public var output: URL { folder.appendingPathComponent("Output") }
    /// Where `fullBuild` writes, beside the output an incremental build keeps.
    public var reference: URL { folder.appendingPathComponent("Reference") }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for part in ["Content", "Templates"] {
            try FileManager.default.copyItem(
                at: ShopFixture.repositoryRoot.appendingPathComponent(part), to: folder.appendingPathComponent(part))
        }
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The sample shop's photos take half a minute to derive: every test shares one cache of them.
    public static let pictureCache = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-test-picture-cache")

    public func options(output: URL? = nil, clock: Date = SampleShop.clock) -> BuildOptions {
        BuildOptions(
            contentFolder: content, templatesFolder: templates, outputFolder: output ?? self.output, clock: clock,
            pictureCache: Self.pictureCache)
    }

    /// The content and template files as the watcher sees them.
    public func scan() -> InputScan { InputScan(content: content, templates: templates) }

    /// Builds everything from scratch into `reference` and returns its files.
    public func fullBuild(clock: Date = SampleShop.clock) throws -> [String: Data] {
        let report = SiteBuilder.build(options(output: reference, clock: clock))
        guard report.succeeded else { throw TestFailure(report.diagnostics.map(\.description).joined(separator: "\n")) }
        return FolderContents.entries(in: reference)
    }

    /// Replaces text in a file (`relative` to the shop folder), failing if the text is not there so
    /// an edit that no longer applies cannot pass unnoticed.
    public func edit(_ relative: String, replacing old: String, with new: String) throws {
        let url = folder.appendingPathComponent(relative)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.contains(old) else { throw TestFailure("\(relative) does not contain \(old)") }
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    public func write(_ relative: String, _ text: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    public func delete(_ relative: String) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(relative))
    }
}
