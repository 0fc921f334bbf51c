import BuildEngine
public import CatalogModel
public import Foundation
import Parallel

/// Reads a content folder into a validated `Catalog`, reporting every problem in every file.
/// Files are parsed in parallel; the result does not depend on the order they finish in.
public struct ContentLoader: Sendable {
    public let contentFolder: URL
    /// What diagnostics call the content folder: its own name, so paths read `Content/products/x.md`.
    public let displayName: String
    /// Files read in place of the folder's (the editor's change); empty for a build.
    public var overlay = ContentOverlay()
    /// The build's clock: a review dated after it is an error. Nil checks no date against a clock.
    public var now: Date?

    public init(contentFolder: URL) {
        self.contentFolder = contentFolder.standardizedFileURL
        self.displayName = contentFolder.standardizedFileURL.lastPathComponent
    }

    public struct Result: Sendable {
        /// Nil when any error was found.
        public var catalog: Catalog?
        public var diagnostics: [Diagnostic]
        public var fileCount: Int
        /// Every file under `images/`, relative to the content folder, sorted.
        public var imageFiles: [String]
    }

    /// Reads and checks everything. With a memo, files unchanged since the memo last saw them are
    /// not parsed again; the result is the same either way.
    public func load(memo: DecodeMemo? = nil) -> Result {
        var diagnostics: [Diagnostic] = []
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: contentFolder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            let d = Diagnostic.error(
                "content folder does not exist; create it with site.json inside, or pass --content DIR",
                at: SourceLocation(path: displayName))
            return Result(catalog: nil, diagnostics: [d], fileCount: 0, imageFiles: [])
        }

        let site = loadSite(&diagnostics)
        var files: [ContentFile] = []
        for kind in RecordKind.allCases where kind != .site {
            files += listFiles(of: kind, site: site, diagnostics: &diagnostics)
        }
        let imageFiles = listImages(&diagnostics)

        memo?.begin(site: site)
        // Files are opened relative to the content folder: the kernel then walks two names per
        // file, not every folder above the content folder as well.
        let folder = open(contentFolder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        var decoded = ParallelMap.map(files) { file in
            // An overlaid file is not the one on disk: never taken from the memo or stored in it.
            guard let memo, overlayPath(of: file).map({ overlay.records[$0] == nil }) ?? true else {
                return decode(file, site: site, folder: folder)
            }
            let path = file.path
            let stamp = FileStamp.read(path)
            if let reused = memo.reusable(path, stamp: stamp) { return reused }
            let readAt = FileStamp.now()
            let result = decode(file, site: site, folder: folder)
            memo.store(path, stamp: stamp, readAt: readAt, result)
            return result
        }
        memo?.keep(only: Set(files.map(\.path)))
        // Advice quoting the shop's own brands and SKUs needs every file read first: the few
        // files whose messages asked for them are read again with them, never from the memo.
        let asking = decoded.indices.filter { decoded[$0].usedShopExamples }
        if !asking.isEmpty {
            let examples = Self.shopExamples(in: decoded)
            for index in asking { decoded[index] = decode(files[index], site: site, folder: folder, examples: examples) }
        }
        diagnostics += csvFilesAtTheRoot()
        var brands = DecodedRecords<Brand>()
        var products = DecodedRecords<Product>()
        var promotions = DecodedRecords<Promotion>()
        var pages = DecodedRecords<Page>()
        var categories = DecodedRecords<Category>()
        var translations: [Translation] = []
        // Each record is taken out of the list in place, not copied: a copy retained every field
        // of every record, and dropping the list released them all again, on one core while the
        // other waited (a sixth of the serial stretch after decoding).
        for index in decoded.indices {
            diagnostics += decoded[index].diagnostics
            switch decoded[index].record.take() {
            case .brand(let r): brands.append(r)
            case .product(let r): products.append(r)
            case .promotion(let r): promotions.append(r)
            case .page(let r): pages.append(r)
            case .category(let r): categories.append(r)
            case .translation(let t): translations.append(t)
            case nil: break
            }
        }
        let stock = applyStock(to: &products, diagnostics: &diagnostics)
        let fileCount = files.count + 1 + (stock == nil ? 0 : 1)
        guard let site else {
            return Result(catalog: nil, diagnostics: diagnostics.sorted(), fileCount: fileCount, imageFiles: imageFiles)
        }
        var (catalog, crossDiagnostics) = CatalogAssembler.assemble(
            site: site, brands: brands, products: products, promotions: promotions, pages: pages, categories: categories,
            existingImages: Set(imageFiles))
        diagnostics += crossDiagnostics
        diagnostics += Self.attach(translations, to: &catalog)
        diagnostics += Self.unsoldProducts(in: catalog)
        catalog.stock = stock ?? [:]
        let reviewFiles = loadReviews(into: &catalog, diagnostics: &diagnostics)
        // Only files the walk listed: it refuses links out of the content folder and devices.
        let listed = Set(imageFiles)
        catalog.pixelSizes = readPixelSizes(catalog.localImagePaths.filter(listed.contains))
        diagnostics.sort()
        let ok = diagnostics.errorCount == 0
        return Result(
            catalog: ok ? catalog : nil, diagnostics: diagnostics, fileCount: fileCount + reviewFiles, imageFiles: imageFiles)
    }

    // MARK: Files

    struct ContentFile: Sendable {
        var kind: RecordKind
        /// Absolute; a plain path, since Foundation's URL building cost more than reading the file.
        var path: String
        /// Relative to the content folder (`products/serum.md`).
        var relativePath: String
        var displayPath: String
        var slugText: String
        var isJSON: Bool
        /// The language a translation file (`serum.ko.md`) is in; nil for a record.
        var language: String? = nil
    }

    enum AnyRecord: Sendable {
        case brand(DecodedRecord<Brand>)
        case product(DecodedRecord<Product>)
        case promotion(DecodedRecord<Promotion>)
        case page(DecodedRecord<Page>)
        case category(DecodedRecord<Category>)
        case translation(Translation)
    }

    struct Decoded: Sendable {
        var record: AnyRecord?
        var diagnostics: [Diagnostic]
        /// Whether a message quoted the shop's brands or SKUs (`ShopExamples`).
        var usedShopExamples = false
    }

    /// The brands and SKUs of the records read, for advice; only when a message needs them.
    static func shopExamples(in decoded: [Decoded]) -> ShopExamples {
        var brands: [String] = []
        var skus: [String] = []
        for index in decoded.indices {
            switch decoded[index].record {
            case .brand(let r)?: brands.append(r.record.slug.rawValue)
            case .product(let r)?: skus += [r.record.sku] + r.record.variants.map(\.sku)
            default: break
            }
        }
        return ShopExamples(brands: brands, skus: skus)
    }

    /// A CSV at the top of the content folder is not read; one named `stock.csv` is the
    /// contract's, and not warned about.
    private func csvFilesAtTheRoot() -> [Diagnostic] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: contentFolder.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") && $0 != "stock.csv" && Self.splitExtension($0).ext.lowercased() == "csv" }.map { name in
            .warning(Self.csvAdvice(name), at: SourceLocation(path: displayName + "/" + name))
        }
    }

    /// What to do with a CSV among content files: `vitrine import` turns a shop system's export into them.
    static func csvAdvice(_ name: String) -> String {
        "ignored: a CSV file is not content; if it is a Shopify or WooCommerce product export, move it out of the content "
            + "folder and run `vitrine import shopify \(name)` (or `vitrine import woocommerce \(name)`) to make product files from it"
    }

    private func loadSite(_ diagnostics: inout [Diagnostic]) -> Site? {
        let url = contentFolder.appendingPathComponent("site.json")
        let display = displayName + "/site.json"
        let data: Data
        switch ContentFileReader.read(url.path) {
        case .success(let bytes): data = bytes
        case .failure(.missing):
            diagnostics.append(.error(
                "site.json is missing; create it with at least {\"title\": …, \"baseURL\": \"https://…/\", \"currency\": \"USD\"}",
                at: SourceLocation(path: display)))
            return nil
        case .failure(let refusal):
            diagnostics.append(refusal.diagnostic(for: display))
            return nil
        }
        let normalized = EditorText.normalized(data)
        let text: String
        switch EditorText.text(normalized, path: display) {
        case .success(let decoded): text = decoded
        case .failure(let d):
            diagnostics.append(d)
            return nil
        }
        switch StructuredText.parseJSON(normalized, text: text, path: display) {
        case .failure(let d):
            diagnostics.append(d)
            return nil
        case .success(let root):
            var reader = FieldReader(
                kind: .site, root: root ?? RawNode(.map([]), at: SourceLocation(path: display, line: 1, column: 1)),
                json: true, file: SourceLocation(path: display, line: 1, column: 1),
                settings: FieldReader.Settings(customKeys: [.site: FieldReader.ownCustomKeys(in: root)]))
            let site = RecordDecoder.site(&reader)
            diagnostics += reader.diagnostics
            return site
        }
    }

    private func listFiles(of kind: RecordKind, site: Site? = nil, diagnostics: inout [Diagnostic]) -> [ContentFile] {
        guard let folder = kind.folder else { return [] }
        let root = contentFolder.appendingPathComponent(folder)
        var files: [ContentFile] = []
        // Once, not per file: `URL.path` and Foundation's `contains` were most of listing ten
        // thousand files, which runs on one core before any is read.
        let rootPath = root.path
        let listing = walk(root, display: "\(displayName)/\(folder)", diagnostics: &diagnostics)
        for relative in overlay.applied(toListing: listing, folder: folder) {
            let display = "\(displayName)/\(folder)/\(relative)"
            // Most files sit at the top of their folder: their relative path is their name.
            let nested = relative.utf8.contains(UInt8(ascii: "/"))
            let name = nested ? Self.lastComponent(of: relative) : relative
            if name.hasPrefix(".") { continue }
            if nested, !kind.allowsSubfolders {
                diagnostics.append(.warning(
                    "ignored: \(folder)/ takes no sub-folders; move the file to \(folder)/\(name)", at: SourceLocation(path: display)))
                continue
            }
            let (base, ext) = Self.splitExtension(name)
            if ext.lowercased() == "csv" {
                diagnostics.append(.warning(Self.csvAdvice(name), at: SourceLocation(path: display)))
                continue
            }
            guard ext == "md" || ext == "json" else {
                diagnostics.append(.warning(
                    "ignored: not a content file; \(folder)/ holds .md and .json files (pictures go under images/)",
                    at: SourceLocation(path: display)))
                continue
            }
            var file = ContentFile(
                kind: kind, path: rootPath + "/" + relative, relativePath: folder + "/" + relative, displayPath: display,
                slugText: base, isJSON: ext == "json")
            if let site, site.languages.count > 1, let split = Self.translationSuffix(of: base) {
                switch Self.languageOfSuffix(split.language, site: site) {
                case .translation(let tag):
                    file.slugText = split.record
                    file.language = tag
                case .contentLanguage:
                    diagnostics.append(.error(
                        "file name: \(split.language) is the content's own language; its text is \(folder)/\(split.record).\(ext) itself, "
                            + "so rename the file or merge it there", at: SourceLocation(path: display)))
                    continue
                case .unknown(let close):
                    diagnostics.append(.error(
                        "file name: \"\(split.language)\" is not one of site.json's languages (\(site.languages.map(\.tag).joined(separator: ", ")))"
                            + (close.map { "; did you mean \(folder)/\(split.record).\($0).\(ext)?" } ?? "; add it to `languages` to translate into it"),
                        at: SourceLocation(path: display)))
                    continue
                case .notALanguage:
                    break
                }
            }
            files.append(file)
        }
        return files
    }

    /// The record files of a kind exactly as `load` reads them (links leading out of the folder,
    /// hidden names and other extensions left out), relative to the content folder.
    public func recordFiles(of kind: RecordKind) -> [String] {
        var ignored: [Diagnostic] = []
        return listFiles(of: kind, diagnostics: &ignored).map { String($0.path.dropFirst(contentFolder.path.count + 1)) }
    }

    static func lastComponent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `name.md` → (`name`, `md`); a name without a dot, or with only a leading one, has no extension.
    static func splitExtension(_ name: String) -> (base: String, ext: String) {
        // An ASCII name (nearly all) is searched by byte, where each character is one: finding the
        // dot character by character was a sixth of listing a folder.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return (name, "") }
            return (String(name[..<dot]), String(name[name.utf8.index(after: dot)...]))
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    private func listImages(_ diagnostics: inout [Diagnostic]) -> [String] {
        let listed = walk(contentFolder.appendingPathComponent("images"), display: displayName + "/images", diagnostics: &diagnostics).filter { !$0.hasPrefix(".") && !$0.contains("/.") }
            .map { "images/" + $0 }
        guard !overlay.images.isEmpty else { return listed }
        return Set(listed).union(overlay.images.keys).sorted()
    }

    /// Each image's size from the first bytes of its file: 4 KiB, which hold every format's size
    /// but a JPEG's behind long metadata, for which up to 256 KiB are read. This runs on every
    /// load, the preview's included, so it reads no more than a header needs. Unreadable or
    /// unknown formats are left out.
    func readPixelSizes(_ paths: [String]) -> [String: PixelSize] {
        let root = contentFolder.path + "/"
        let sizes = ParallelMap.map(paths) { path -> PixelSize? in
            if let added = overlay.images[path] { return added }
            guard let handle = FileHandle(forReadingAtPath: root + path) else { return nil }
            defer { try? handle.close() }
            guard let head = try? handle.read(upToCount: 4096) else { return nil }
            var bytes = [UInt8](head)
            if let size = PixelSize.read(header: bytes) { return size }
            guard bytes.starts(with: [0xFF, 0xD8]), bytes.count == 4096,
                let rest = try? handle.read(upToCount: 256 * 1024 - 4096)
            else { return nil }
            bytes += rest
            return PixelSize.read(header: bytes)
        }
        var result: [String: PixelSize] = [:]
        for (path, size) in zip(paths, sizes) { result[path] = size }
        return result
    }

    // MARK: Decoding one file

    /// The bound a `.json` file's Markdown string breaks, said at the string: lines inside a JSON
    /// string are not the file's lines.
    static func markdownProblem(inJSON root: RawNode?, kind: RecordKind) -> Diagnostic? {
        guard let key = kind.jsonBodyKey, case .map(let entries)? = root?.value,
            let node = entries.first(where: { $0.key == key })?.value, let text = node.scalarText,
            let problem = MarkdownBounds.check(text)
        else { return nil }
        return .error("\(key): \(problem.message) (line \(problem.line) of the text)", at: node.location)
    }

    /// The file's path relative to the content folder when the overlay may hold it.
    private func overlayPath(of file: ContentFile) -> String? {
        guard !overlay.records.isEmpty, file.path.hasPrefix(contentFolder.path + "/") else { return nil }
        return String(file.path.dropFirst(contentFolder.path.count + 1))
    }

    /// `folder`: the content folder, open, to read the file relative to it; or -1.
    /// `examples`: the shop's brands and SKUs for advice, once known.
    func decode(_ file: ContentFile, site: Site?, folder: Int32 = -1, examples: ShopExamples = ShopExamples()) -> Decoded {
        let fileLocation = SourceLocation(path: file.displayPath, line: 1, column: 1)
        var diagnostics: [Diagnostic] = []
        let data: Data
        if let relative = overlayPath(of: file), case .some(.some(let bytes)) = overlay.records[relative] {
            data = bytes
        } else {
            let read = folder >= 0 ? ContentFileReader.read(file.relativePath, in: folder) : ContentFileReader.read(file.path)
            switch read {
            case .success(let bytes): data = bytes
            case .failure(let refusal): return Decoded(record: nil, diagnostics: [refusal.diagnostic(for: file.displayPath)])
            }
        }
        let bytes = EditorText.normalized(data)
        let text: String
        switch EditorText.text(bytes, path: file.displayPath) {
        case .success(let decoded): text = decoded
        case .failure(let d): return Decoded(record: nil, diagnostics: [d])
        }
        let slug = Slug(file.slugText)
        if slug == nil {
            diagnostics.append(.error("file name: " + Slug.problem(with: file.slugText)!, at: SourceLocation(path: file.displayPath)))
        }
        var root: RawNode?
        var body: String?
        if file.isJSON {
            switch StructuredText.parseJSON(bytes, text: text, path: file.displayPath) {
            case .success(let node): root = node
            case .failure(let d): return Decoded(record: nil, diagnostics: diagnostics + [d])
            }
        } else {
            switch FrontMatter.split(text) {
            case .failure(.missingOpening):
                return Decoded(record: nil, diagnostics: diagnostics + [.error(
                    "missing front matter; start the file with a line ---, the keys, and another line ---", at: fileLocation)])
            case .failure(.missingClosing):
                return Decoded(record: nil, diagnostics: diagnostics + [.error(
                    "front matter is not closed; add a line --- after the last key", at: fileLocation)])
            case .success(let front):
                if let problem = MarkdownBounds.check(front.body) {
                    let at = SourceLocation(path: file.displayPath, line: front.bodyFirstLine + problem.line - 1, column: problem.column)
                    return Decoded(record: nil, diagnostics: diagnostics + [.error(problem.message, at: at)])
                }
                body = front.body
                switch StructuredText.parseYAML(front.yaml, path: file.displayPath, firstLine: front.yamlFirstLine) {
                case .success(let node): root = node
                case .failure(let d): return Decoded(record: nil, diagnostics: diagnostics + [d])
                }
            }
        }
        if file.isJSON, let refusal = Self.markdownProblem(inJSON: root, kind: file.kind) {
            return Decoded(record: nil, diagnostics: diagnostics + [refusal])
        }
        if let language = file.language {
            return decodeTranslation(file, language: language, slug: slug, root: root, body: body, diagnostics: diagnostics)
        }
        var reader = FieldReader(
            kind: file.kind, root: root ?? RawNode(.map([]), at: fileLocation), json: file.isJSON, file: fileLocation,
            settings: FieldReader.Settings(site: site))
        reader.examples = examples
        let markdown: RecordDecoder.MarkdownRenderer = { MarkdownRenderer.render($0) }
        let placeholder = slug ?? Slug("invalid")!
        var record: AnyRecord?
        switch file.kind {
        case .brand: record = RecordDecoder.brand(&reader, slug: placeholder, body: body, markdown: markdown).map { .brand($0) }
        case .product:
            record = RecordDecoder.product(&reader, slug: placeholder, body: body, site: site, markdown: markdown).map { .product($0) }
        case .promotion:
            record = RecordDecoder.promotion(&reader, slug: placeholder, body: body, site: site, markdown: markdown).map { .promotion($0) }
        case .page: record = RecordDecoder.page(&reader, slug: placeholder, body: body, markdown: markdown).map { .page($0) }
        case .category:
            record = RecordDecoder.category(&reader, slug: placeholder, body: body, markdown: markdown).map { .category($0) }
        case .site: record = nil
        }
        diagnostics += reader.diagnostics
        return Decoded(record: slug == nil ? nil : record, diagnostics: diagnostics, usedShopExamples: reader.usedShopExamples)
    }
}
