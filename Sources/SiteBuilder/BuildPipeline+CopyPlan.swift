import BuildEngine
import CatalogModel
import SiteRenderer
import Foundation
import ImageDerivatives

extension BuildPipeline {
    /// A file published as it is, or cleaned of its metadata, rather than rendered.
    struct Copy {
        /// A path: a thousand photos make twelve thousand derived files, too many for `URL`s.
        var source: String
        var path: String
        /// `InputScan` key of the source, or the source's path when it lies outside the watched
        /// folders (then it is copied every time).
        var input: String
        /// A derived picture in the cache: linked from there, never copied, since its name
        /// changes with its bytes.
        var isDerived = false
        /// A content picture published without its metadata (`OriginalMetadata`): read and
        /// written cleaned rather than copied. Whether it is follows site.json, whose change
        /// makes every file dirty, so a change of `images.keepOriginalMetadata` rewrites them all.
        var cleansMetadata = false

        /// What a copy that cleans its metadata publishes.
        func cleanedContents() throws -> Data {
            OriginalMetadata.removing(from: try Data(contentsOf: URL(fileURLWithPath: source)))
        }
    }

    /// The files a build copies: content images at their paths, the theme's static files at the
    /// site root. The built-in theme's static files are jobs (`SiteBuilder.baseStaticJobs`), as
    /// they are in memory, not on disk. Derived pictures are added from the picture cache
    /// (`derivedCopies`).
    func copyPlan(checked: SiteBuilder.CheckResult, templates: TemplateLibrary) -> [Copy] {
        let content = options.contentFolder.standardizedFileURL.path + "/"
        let theme = options.templatesFolder.standardizedFileURL.path + "/"
        let staticFolder = templates.folder.appendingPathComponent("static")
        let sources = checked.imageFiles.map { (source: options.contentFolder.appendingPathComponent($0), path: $0) }
            + templates.staticFiles.filter { templates.baseStaticFiles[$0] == nil }.map {
                (source: staticFolder.appendingPathComponent($0), path: $0)
            }
        // Content pictures only: the theme's static files are the theme's own.
        let cleans = checked.catalog.map { !$0.site.images.keepOriginalMetadata } ?? false
        return sources.map { copy in
            let source = copy.source.standardizedFileURL.path
            let input: String
            if source.hasPrefix(content) {
                input = InputScan.contentPrefix + source.dropFirst(content.count)
            } else if source.hasPrefix(theme) {
                input = InputScan.templatesPrefix + source.dropFirst(theme.count)
            } else {
                input = source
            }
            let picture = cleans && input.hasPrefix(InputScan.contentPrefix) && OriginalMetadata.cleans(copy.path)
            return Copy(source: source, path: copy.path, input: input, cleansMetadata: picture)
        }
    }

    /// The derived files, published from the cache; each counts as made from its source image.
    func derivedCopies(_ pictures: PictureDerivation.Outcome) -> [Copy] {
        var copies: [Copy] = []
        copies.reserveCapacity(pictures.derived.count)
        var (source, input) = ("", "")
        for file in pictures.derived {
            // One string for all of a source's files, which come one after another.
            if file.source != source { (source, input) = (file.source, InputScan.contentPrefix + file.source) }
            copies.append(Copy(source: file.file, path: file.path, input: input, isDerived: true))
        }
        return copies
    }
}
