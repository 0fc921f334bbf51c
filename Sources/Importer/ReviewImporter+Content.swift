import CatalogModel
import ContentLoader
public import Foundation

extension ReviewImporter {
    /// The whole of `vitrine import reviews`: the catalog read from `content`, the export
    /// imported against it, and the lines written to `output` (and `output-2.jsonl`, … past a
    /// content file's size limit) unless `dryRun` or an error. The files are replaced whole;
    /// ones holding reviews this service's import did not write are replaced only with `force`.
    public func importFile(_ csv: URL, content: URL, output: URL, force: Bool = false, dryRun: Bool = false) -> ReviewImport {
        var result = ReviewImport()
        // No clock for the content: a review already in the folder is not this import's business.
        let loaded = ContentLoader(contentFolder: content).load()
        guard let catalog = loaded.catalog else {
            let errors = loaded.diagnostics.filter { $0.severity == .error }
            let ours = Set(ReviewImportFile(output).existingParts().map { Self.display($0, content: content) })
            let outputDisplay = Self.display(output, content: content)
            // The import's own earlier files, gone stale (a product since renamed): writing them
            // anew is the cure, but the catalog cannot be read while they are there.
            let onlyOutput = !errors.isEmpty && errors.allSatisfy { ours.contains($0.location.path) }
            result.diagnostics = errors
            result.diagnostics.append(.error(
                onlyOutput
                    ? "\(outputDisplay), an earlier import, has errors, so the catalog cannot be read; "
                        + "delete its files and import again, which writes them anew"
                    : "the content has errors, so the reviews' products cannot be looked up; "
                        + "fix them (vitrine check lists them) and import again",
                at: SourceLocation(path: onlyOutput ? outputDisplay : content.standardizedFileURL.lastPathComponent)))
            return result
        }
        let file = ReviewImportFile(output)
        let foreign = file.foreignLines(prefix: service.idPrefix)
        if let first = foreign.first, !force {
            result.diagnostics.append(.error(
                "\(first.file.lastPathComponent) already holds reviews this import did not write (id \(first.id) at line \(first.line)"
                    + (foreign.count > 1 ? " and \(foreign.count - 1) more" : "")
                    + "); an import replaces its files whole, so choose another --output, or pass --force to replace them",
                at: SourceLocation(path: Self.display(first.file, content: content), line: first.line, column: 1)))
            return result
        }
        result = importFile(csv, catalog: catalog, takenIDs: file.idsInOtherFiles())
        guard !result.failed else { return result }
        let texts = result.texts(limit: fileLimit)
        result.files = (1...max(1, texts.count)).map(file.part)
        guard !dryRun else { return result }
        do {
            try file.write(texts)
        } catch {
            let at = SourceLocation(path: Self.display(output, content: content))
            result.diagnostics.append(.error("cannot write the file: \(error.localizedDescription)", at: at))
        }
        return result
    }

    /// The folder a build reads reviews from, relative to the content folder.
    public static let reviewsFolder = ContentLoader.reviewsFolder

    /// Where an import writes unless told otherwise, relative to the content folder: one file per
    /// service, so importing from both keeps both.
    public var defaultOutput: String { Self.reviewsFolder + "/" + service.rawValue + ".jsonl" }

    /// `Content/reviews/judgeme.jsonl`: the path as a user knows it, from the content folder's name.
    public static func display(_ output: URL, content: URL) -> String {
        let folder = content.standardizedFileURL.path
        let path = output.standardizedFileURL.path
        guard path.hasPrefix(folder + "/") else { return path }
        return content.standardizedFileURL.lastPathComponent + "/" + path.dropFirst(folder.count + 1)
    }
}
