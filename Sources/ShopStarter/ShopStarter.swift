public import Foundation

/// `vitrine init`: a small shop that builds and passes `vitrine check --strict` as it is, for a
/// new shop to replace piece by piece. Its content is the shop's own, named after its folder:
/// a brand, a category, two products (one sold in two colours), a photo made here, a
/// promotion, an about page, a `.gitignore` and a GitHub Actions workflow that publishes the
/// site on GitHub Pages. No theme files: the built-in theme is used until the shop overrides one.
public struct ShopStarter: Sendable {
    public let folder: URL
    /// The shop's name in site.json and on its pages.
    public let title: String
    /// The day the promotion starts (it runs for a week).
    public let today: Date
    /// The Vitrine version the workflow builds.
    public let version: String

    public init(folder: URL, title: String? = nil, today: Date = Date(), version: String) {
        self.folder = folder.standardizedFileURL
        self.title = title ?? Self.title(fromFolderName: self.folder.lastPathComponent)
        self.today = today
        self.version = version
    }

    /// Entries a new folder may already hold: a fresh `git init`, a desktop's index.
    static let ignorableEntries: Set<String> = [".git", ".DS_Store"]

    /// Writes the shop's files; returns their paths, relative to the folder. Refuses a folder
    /// that holds anything (but `.git`) unless `force`, which replaces only the files it writes.
    @discardableResult
    public func write(force: Bool = false) throws(ShopStarterError) -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .notAFolder(folder.path) }
            let entries = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { !Self.ignorableEntries.contains($0) }.sorted()
            if !entries.isEmpty, !force { throw .notEmpty(folder.path, entries: entries) }
        }
        let files = self.files()
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .atomic)
            } catch {
                throw .cannotWrite(url.path, reason: error.localizedDescription)
            }
        }
        return files.map(\.path)
    }

    /// Every file of the new shop, by path relative to the folder.
    public func files() -> [(path: String, data: Data)] {
        let content = StarterContent(title: title, today: today)
        return content.textFiles().map { ($0.path, Data($0.text.utf8)) }
            + [
                ("Content/" + StarterContent.photoPath, StarterPhoto.png(width: 800, height: 800)),
                (".gitignore", Data(StarterContent.gitignore.utf8)),
                (".github/workflows/publish.yml", Data(StarterWorkflow.text(version: version).utf8)),
            ]
    }

    /// `corner-shop` → `Corner Shop`; a name with no letters gives `My Shop`.
    static func title(fromFolderName name: String) -> String {
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let title = words.joined(separator: " ")
        return title.contains(where: \.isLetter) ? title : "My Shop"
    }
}
