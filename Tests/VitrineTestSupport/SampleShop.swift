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

    /// The repository's sample shop in one storefront, as `vitrine build` loads it, read once for all tests.
    public static let catalog: Catalog = load(oneStorefrontContent)

    /// The repository's sample shop as it is, with its storefronts for Korea, Japan and the Emirates.
    public static let catalogWithStorefronts: Catalog = load(repositoryContent)

    static var repositoryContent: URL { ShopFixture.repositoryRoot.appendingPathComponent("Content") }

    static func load(_ content: URL) -> Catalog {
        let loaded = ContentLoader(contentFolder: content).load()
        guard let catalog = loaded.catalog else { fatalError("the sample shop does not load: \(loaded.diagnostics)") }
        return catalog
    }

    /// The sample shop without its languages and markets: what it was before it sold abroad, and
    /// what a shop in one language and currency is. Most tests are about one storefront's
    /// behaviour; reading five storefronts would make them five times as slow and tie each to the
    /// translations. Made once per test run from the repository's files, so the two cannot drift:
    /// the translation files and the Korea-only promotion are left out, and from `site.json` and
    /// the toner the keys that only markets use.
    public static let oneStorefrontContent: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitrine-test-sample-\(UUID().uuidString)").appendingPathComponent("Content")
        do {
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repositoryContent, to: folder)
            let site = try String(contentsOf: folder.appendingPathComponent("site.json"), encoding: .utf8)
            let languages = try #/"languages"\s*:\s*\[([^\]]*)\]/#.firstMatch(in: site).map { String($0.1) } ?? ""
            let translated = Set(languages.split(separator: ",").dropFirst().map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            })
            try oneStorefrontSite(site).write(to: folder.appendingPathComponent("site.json"), atomically: true, encoding: .utf8)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            for file in files {
                let stem = file.deletingPathExtension()
                if translated.contains(stem.pathExtension) || stem.lastPathComponent == "seoul-fresh-week" {
                    try FileManager.default.removeItem(at: file)
                } else if file.pathExtension == "md", let text = try? String(contentsOf: file, encoding: .utf8), text.contains("\nprices:") {
                    try text.replacing(#/\nprices:[^\n]*/#, with: "").write(to: file, atomically: true, encoding: .utf8)
                }
            }
        } catch {
            fatalError("the one-storefront sample shop cannot be made: \(error)")
        }
        return folder
    }()

    /// site.json without `languages`, `markets`, `exchangeRates` and the shipping rates priced in
    /// another currency, each of which sits on lines of its own.
    static func oneStorefrontSite(_ text: String) -> String {
        var lines: [Substring] = []
        var inMarkets = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("\"markets\"") { inMarkets = !trimmed.hasSuffix("],"); continue }
            if inMarkets { inMarkets = !trimmed.hasPrefix("]"); continue }
            if trimmed.hasPrefix("\"languages\"") || trimmed.hasPrefix("\"exchangeRates\"") || trimmed.contains("\"currency\": \"KRW\"")
                || trimmed.contains("\"currency\": \"JPY\"") || trimmed.contains("\"currency\": \"AED\"") {
                continue
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n").replacing(#/,(\s*\])/#) { $0.1 }
    }

    public let folder: URL
    public var content: URL { folder.appendingPathComponent("Content") }
    public var templates: URL { folder.appendingPathComponent("Templates") }
    public var output: URL { folder.appendingPathComponent("Output") }
    /// Where `fullBuild` writes, beside the output an incremental build keeps.
    public var reference: URL { folder.appendingPathComponent("Reference") }

    /// A private copy of the sample shop in one storefront, or with `storefronts` as it is.
    public init(storefronts: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: storefronts ? Self.repositoryContent : Self.oneStorefrontContent, to: folder.appendingPathComponent("Content"))
        try FileManager.default.copyItem(at: ShopFixture.templates, to: folder.appendingPathComponent("Templates"))
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
