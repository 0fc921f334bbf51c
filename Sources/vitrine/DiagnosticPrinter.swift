import CatalogModel
import Foundation

/// Prints diagnostics in the format asked for, and, on GitHub Actions, also as workflow
/// commands so each appears on the pull request's line. JSON and workflow commands go to
/// standard output, one per line, where tools and the runner read them; text goes to standard
/// error as before.
struct DiagnosticPrinter {
    var format: DiagnosticOptions.Format
    /// Folders whose names begin diagnostic paths (`Content/…`, `Templates/…`), for turning a
    /// diagnostic's path back into the file's path from the working directory.
    var folders: [URL]
    var annotates = Environment.value("GITHUB_ACTIONS") == "true"

    /// `templates` is nil for commands that read no theme (`checkout`, `search-index`).
    init(format: DiagnosticOptions.Format, content: String, templates: String?) {
        self.format = format
        self.folders = [content, templates].compactMap { $0 }.map { URL(fileURLWithPath: $0).standardizedFileURL }
    }

    func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            switch format {
            case .text: Console.error(diagnostic.description)
            case .json: Console.out(diagnostic.jsonValue.encoded())
            }
            if annotates { Console.out(diagnostic.workflowCommand(path: repositoryPath(of: diagnostic.location.path))) }
        }
    }

    /// `Content/products/x.md` as the path from the working directory, which is the repository's
    /// root in CI; a path outside it stays absolute.
    func repositoryPath(of path: String) -> String {
        let first = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? path
        guard let folder = folders.first(where: { $0.lastPathComponent == first }) else { return path }
        let file = folder.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL.path
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        return file.hasPrefix(here + "/") ? String(file.dropFirst(here.count + 1)) : file
    }
}
