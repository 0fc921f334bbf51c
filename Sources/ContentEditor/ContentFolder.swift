import BuildEngine
import CatalogModel
import ContentLoader
import Crypto
import Foundation
import ImageDerivatives

/// The content folder as the editor reads and changes it: record files found by kind and slug,
/// the whole catalog validated with a change before it is written, and atomic writes.
struct ContentFolder: Sendable {
    let root: URL
    /// Files decoded by earlier checks: a save re-reads only what changed since, not the catalog.
    let memo = DecodeMemo()
    /// What diagnostics call the folder (`Content`), as `vitrine check` does.
    var displayName: String { root.lastPathComponent }

    init(root: URL) { self.root = root.standardizedFileURL }

    /// A record file: `relative` is its path under the content folder (`products/aven/x.md`).
    struct RecordFile: Sendable, Equatable {
        var kind: RecordKind
        var slug: String
        var relative: String
        var isJSON: Bool { relative.hasSuffix(".json") }
    }

    /// The kinds the editor lists: every record kind but the site settings.
    static let kinds: [RecordKind] = [.product, .brand, .promotion, .category, .page]

    /// Every record file of a kind, by slug: the files the loader reads, so the editor never
    /// offers one a build ignores nor follows a link out of the content folder.
    /// Translation files (`serum.ko.md`) are not records of their own: the record's form lists them.
    func files(of kind: RecordKind) -> [RecordFile] {
        let languages = translationLanguages()
        return ContentLoader(contentFolder: root).recordFiles(of: kind).compactMap { relative in
            let base = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
            if Self.isTranslation(base, languages: languages) { return nil }
            return RecordFile(kind: kind, slug: base, relative: relative)
        }.sorted { ($0.slug, $0.relative) < ($1.slug, $1.relative) }
    }

    func file(kind: RecordKind, slug: String) -> RecordFile? {
        guard Slug(slug) != nil else { return nil }
        return files(of: kind).first { $0.slug == slug }
    }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    func bytes(_ relative: String) -> Data? { FileManager.default.contents(atPath: url(relative).path) }

    /// Names a version of a file's bytes, so a save can tell the file changed since the form opened.
    static func revision(_ data: Data?) -> String {
        guard let data else { return "" }
        return ContentDigest.hex(SHA256.hash(data: data))
    }

    func source(_ file: RecordFile) -> (data: Data, source: RecordSource?)? {
        guard let data = bytes(file.relative) else { return nil }
        let parsed = try? RecordSource.parse(
            data, kind: file.kind, isJSON: file.isJSON, path: displayName + "/" + file.relative
        ).get()
        return (data, parsed)
    }

    /// The shop's currency from `site.json`, then its markets' currencies, each once; empty
    /// when the file cannot be read.
    func shopCurrencies() -> [String] {
        guard let data = bytes("site.json"),
            let site = try? RecordSource.parse(data, kind: .site, isJSON: true, path: displayName + "/site.json").get()
        else { return [] }
        var codes: [String] = []
        if let currency = site.entry("currency")?.value.scalarText { codes.append(currency) }
        if case .list(let markets)? = site.entry("markets")?.value.value {
            for market in markets {
                guard case .map(let entries) = market.value,
                    let code = entries.first(where: { $0.key == "currency" })?.value.scalarText, !codes.contains(code)
                else { continue }
                codes.append(code)
            }
        }
        return codes
    }

    /// Where a new record of a kind goes: a product beside its brand's other products when the
    /// shop keeps them in a folder per brand, as the sample shop does.
    func newRelativePath(kind: RecordKind, slug: String, brand: String?) -> String {
        let folder = kind.folder ?? ""
        if kind == .product, let brand, Slug(brand) != nil {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url(folder + "/" + brand).path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                return "\(folder)/\(brand)/\(slug).md"
            }
        }
        return "\(folder)/\(slug).md"
    }

    /// Everything `vitrine check` would say about the content with `overlay` applied.
    func validate(_ overlay: ContentOverlay) -> [Diagnostic] {
        var loader = ContentLoader(contentFolder: root)
        loader.overlay = overlay
        return loader.load(memo: memo).diagnostics
    }

    /// The errors of `found` (made with a change) in files other than `path` that the catalog
    /// has without the change too: a broken file elsewhere must not stop staff from fixing or
    /// adding another, and is not this change's fault.
    func earlierErrors(besides path: String, in found: [Diagnostic]) -> Set<Diagnostic> {
        let elsewhere = found.filter { $0.severity == .error && $0.location.path != path }
        guard !elsewhere.isEmpty else { return [] }
        let before = Set(validate(ContentOverlay()).filter { $0.severity == .error })
        return Set(elsewhere.filter(before.contains))
    }

    /// Writes through a temporary file in the same folder and a rename, so a reader (the
    /// preview's watcher, a build) sees the old file or the new one, never half of one.
    func write(_ data: Data, to relative: String) throws {
        let target = url(relative)
        let folder = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    func remove(_ relative: String) throws { try FileManager.default.removeItem(at: url(relative)) }

    /// Why an uploaded picture cannot be used, as a build would say it (not a picture, a kind
    /// browsers do not show, too many pixels), or nil. libvips reads its header in a scratch
    /// folder, so nothing reaches the content folder before the save is known to be good.
    static func pictureProblem(_ bytes: [UInt8], name: String, settings: ImageSettings = .standard) -> String? {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-upload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(
                at: scratch.appendingPathComponent("images"), withIntermediateDirectories: true)
            try Data(bytes).write(to: scratch.appendingPathComponent("images/" + name))
        } catch {
            return "could not be stored for checking: \(error.localizedDescription)"
        }
        let problems = PictureDerivation.inspect(
            uses: ["images/" + name: SourceLocation(path: name)], contentFolder: scratch,
            settings: settings)
        return problems.first?.message
    }
}
