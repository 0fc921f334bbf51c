import BuildEngine
public import CatalogModel
public import Foundation
import Parallel

/// Turns the photos a catalog uses into the widths and formats its pages offer, through the
/// cache: a photo whose bytes and settings are unchanged is never processed again.
public struct PictureDerivation: Sendable {
    public let contentFolder: URL
    public let cache: PictureCache
    public let settings: ImageSettings

    public init(contentFolder: URL, cache: PictureCache, settings: ImageSettings) {
        self.contentFolder = contentFolder.standardizedFileURL
        self.cache = cache
        self.settings = settings
    }

    public struct Outcome: Sendable {
        public var pictures: [String: PictureSet] = [:]
        /// Each derived file once, with the file in the cache it is published from.
        public var derived: [DerivedFile] = []
        public var diagnostics: [Diagnostic] = []
        /// Photos processed by this run, and photos whose files came from the cache.
        public var made = 0
        public var reused = 0
        /// The cache entries this run used: what pruning keeps.
        public var keys: Set<String> = []

        /// Site path of each derived file → the file in the cache it is published from.
        public var files: [String: String] {
            Dictionary(derived.map { ($0.path, $0.file) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// A derived file to publish: its site path, the file in the cache, and the content picture
    /// it was made from.
    public struct DerivedFile: Sendable, Hashable {
        public var path: String
        public var file: String
        public var source: String
    }

    /// Vector pictures are published as they are.
    public static func derives(_ path: String) -> Bool { !path.lowercased().hasSuffix(".svg") }

    /// Whether libvips started; without it nothing can be derived.
    public static var isAvailable: Bool { VipsCodec.available }

    /// The formats written besides the fallback: AVIF only where libvips encodes it.
    func formats(encodingAVIF: Bool) -> [PictureFormat] {
        settings.formats.filter { $0 != .avif || encodingAVIF }.sorted()
    }

    /// What names a cache entry besides the source's bytes.
    func fingerprint(_ formats: [PictureFormat]) -> String {
        "v3;" + settings.fingerprint + ";out=" + formats.map(\.rawValue).joined(separator: ",")
    }

    /// `uses`: each local picture to derive, with where the content first names it (diagnostics
    /// point there).
    public func run(uses: [String: SourceLocation]) -> Outcome {
        let paths = settings.widths.isEmpty ? [] : uses.keys.filter(Self.derives).sorted()
        guard !paths.isEmpty else { return Outcome() }
        let index = cache.loadIndex()
        let version = VipsCodec.version
        if let recorded = index.encodesAVIF(libvips: version),
            let outcome = run(paths, uses: uses, index: index, encodingAVIF: recorded, trusted: true)
        {
            return outcome
        }
        return run(paths, uses: uses, index: index, encodingAVIF: VipsCodec.encodesAVIF, trusted: false)!
    }

    /// One run with an answer to whether libvips encodes AVIF; nil when the answer was `trusted`
    /// from the index, a picture must be made, and libvips answers otherwise.
    private func run(
        _ paths: [String], uses: [String: SourceLocation], index: PictureCache.Index, encodingAVIF: Bool, trusted: Bool
    ) -> Outcome? {
        var outcome = Outcome()
        let formats = formats(encodingAVIF: encodingAVIF)
        let fingerprint = fingerprint(formats)
        let root = contentFolder.path + "/"
        // Digests: from the index when the file's stamp is unchanged and settled, else read.
        let digested = ParallelMap.map(chunked: paths, minimum: 16) { path -> PictureCache.Stamped? in
            guard let stamp = FileStamp.read(root + path) else { return nil }
            if let known = index.stamps[path], known.stamp == stamp, stamp.isSettled(readAt: known.readAt) { return known }
            let readAt = FileStamp.now()
            return ContentDigest.ofFile(atPath: root + path).map { PictureCache.Stamped(stamp: stamp, readAt: readAt, digest: $0) }
        }
        var newIndex = PictureCache.Index(libvips: VipsCodec.version, encodesAVIF: encodingAVIF)
        var keyOf: [String: String] = [:]
        var firstUse: [String: String] = [:]
        for (path, stamped) in zip(paths, digested) {
            guard let stamped else {
                outcome.diagnostics.append(.error("\(path) cannot be read; check the file's permissions", at: uses[path]!))
                continue
            }
            newIndex.stamps[path] = stamped
            let key = PictureCache.key(digest: stamped.digest, settings: fingerprint)
            keyOf[path] = key
            if firstUse[key] == nil { firstUse[key] = path }
        }
        // Entries already made: as the index recorded them, or read, on all cores.
        let keys = firstUse.keys.sorted()
        let found = ParallelMap.map(chunked: keys) { cache.lookUp($0, recorded: index.entries[$0]) }
        var entries: [String: PictureCache.Entry] = [:]
        var missing: [(path: String, key: String)] = []
        for (key, found) in zip(keys, found) {
            if let found {
                entries[key] = found.entry
                newIndex.entries[key] = PictureCache.Recorded(entry: found.entry, stamp: found.stamp, readAt: found.readAt)
            } else {
                missing.append((firstUse[key]!, key))
            }
        }
        if trusted, !missing.isEmpty, VipsCodec.encodesAVIF != encodingAVIF { return nil }
        try? FileManager.default.createDirectory(at: cache.folder, withIntermediateDirectories: true)
        let work = missing
        let made = ParallelMap.map(count: work.count) { i in
            Result { try make(work[i].path, key: work[i].key, formats: formats) }
        }
        var failed: [(path: String, key: String)] = []
        for (item, result) in zip(missing, made) {
            switch result {
            case .success(let entry): entries[item.key] = entry
            case .failure(let error as PictureProblem): outcome.diagnostics.append(.error(error.message, at: uses[item.path]!))
            case .failure: failed.append(item)
            }
        }
        // libvips keeps one error buffer for all threads: a decoding failure is run again alone,
        // so its message is its own.
        for item in failed {
            do {
                entries[item.key] = try make(item.path, key: item.key, formats: formats)
            } catch let error as VipsError {
                outcome.diagnostics.append(.error(
                    "\(item.path) cannot be decoded (\(Self.firstLine(error.description))); the file is truncated or damaged: export it again",
                    at: uses[item.path]!))
            } catch let problem as PictureProblem {
                outcome.diagnostics.append(.error(problem.message, at: uses[item.path]!))
            } catch {
                // Not the picture's fault: the cache beside the output could not take its files.
                outcome.diagnostics.append(.error(
                    "\(item.path): its derived pictures could not be written to the picture cache \(cache.folder.path) "
                        + "(\(error.localizedDescription)); check that folder's free space and permissions",
                    at: uses[item.path]!))
            }
        }
        outcome.made = missing.count { entries[$0.key] != nil }
        // Twelve names per photo: made on all cores, then gathered.
        let (ready, readyKeys) = (entries, keyOf)
        let published = ParallelMap.map(chunked: paths) { path -> (key: String, stem: String, set: PictureSet, files: [DerivedFile])? in
            guard let key = readyKeys[path], let entry = ready[key] else { return nil }
            var renditions: [PictureSet.Rendition] = []
            var files: [DerivedFile] = []
            renditions.reserveCapacity(entry.renditions.count)
            files.reserveCapacity(entry.renditions.count)
            let stem = Self.siteStem(of: path)
            let folder = cache.filePrefix(key)
            for r in entry.renditions {
                let site = Self.sitePath(stem: stem, width: r.width, key: key, format: r.format)
                renditions.append(PictureSet.Rendition(width: r.width, height: r.height, format: r.format, path: site))
                files.append(DerivedFile(path: site, file: folder + r.fileName, source: path))
            }
            renditions.sort { ($0.format, $0.width) < ($1.format, $1.width) }
            return (key, stem, PictureSet(renditions: renditions, fallback: entry.fallback), files)
        }
        outcome.derived.reserveCapacity(published.reduce(0) { $0 + ($1?.files.count ?? 0) })
        // Two sources with the same name but for the extension and the same bytes make the same
        // files: each is published once.
        var stems: Set<String> = []
        for (path, item) in zip(paths, published) {
            guard let item else { continue }
            outcome.keys.insert(item.key)
            outcome.pictures[path] = item.set
            if stems.insert(item.stem + "." + item.key).inserted { outcome.derived += item.files }
        }
        outcome.reused = outcome.pictures.count - outcome.made
        outcome.diagnostics.sort()
        // Entries made now are recorded by the next build, once their folders' times have settled.
        if newIndex != index { cache.saveIndex(newIndex) }
        return outcome
    }

    /// The output folder that holds derived pictures and nothing else, so a build can take the
    /// previous output's folder over whole.
    public static let publishedFolder = "pictures"

    /// `images/products/rose.jpg` at 640 → `pictures/products/rose-640.<key>.webp`: named for
    /// the bytes they hold, so a CDN may keep them for ever. Characters other than ASCII letters,
    /// digits, `-`, `_`, `.` and the folders' `/` become `-`: a `srcset` is split at spaces and
    /// commas, and pages print these paths as they are.
    static func sitePath(of source: String, width: Int, key: String, format: PictureFormat) -> String {
        sitePath(stem: siteStem(of: source), width: width, key: key, format: format)
    }

    /// The part of every derived name that depends on the source alone, worked out once per photo.
    static func siteStem(of source: String) -> String {
        let bytes = Array(source.utf8)
        let slash = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        let end = bytes[slash...].lastIndex(of: UInt8(ascii: ".")) ?? bytes.count
        var stem = Array((publishedFolder + "/").utf8)
        // Folders too: pages print these paths unescaped in `srcset`s.
        var index = bytes.starts(with: "images/".utf8) ? 7 : 0
        while index < end {
            let byte = bytes[index]
            let safe = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || (byte == UInt8(ascii: "/") && index < slash)
            stem.append(safe ? byte : UInt8(ascii: "-"))
            // One `-` per character, however many bytes it takes in UTF-8.
            index += sequenceLength(byte)
        }
        return String(decoding: stem, as: UTF8.self)
    }

    /// The length of the UTF-8 sequence a byte starts (a `String` holds only whole ones).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }

    /// Built in one buffer: twelve thousand of these are made on every build.
    static func sitePath(stem: String, width: Int, key: String, format: PictureFormat) -> String {
        var path = ""
        path.reserveCapacity(stem.utf8.count + 28)
        path += stem
        path += "-"
        path += String(width)
        path += "."
        path += key.prefix(10)
        path += "."
        path += format.fileExtension
        return path
    }

    /// A problem with the picture itself, told in the shop's terms.
    struct PictureProblem: Error {
        var message: String
    }

    /// What `vitrine check` can say without decoding: each picture's header, as a build reads it
    /// first (not a picture, a kind browsers do not show, too many pixels).
    public static func inspect(uses: [String: SourceLocation], contentFolder: URL, settings: ImageSettings) -> [Diagnostic] {
        let paths = settings.widths.isEmpty ? [] : uses.keys.filter(Self.derives).sorted()
        let root = contentFolder.standardizedFileURL.path
        let problems = ParallelMap.map(paths) { path -> String? in
            do {
                _ = try header(path, contentFolder: root, maxPixels: settings.maxPixels)
                return nil
            } catch let problem as PictureProblem {
                return problem.message
            } catch {
                return String(describing: error)
            }
        }
        var diagnostics: [Diagnostic] = []
        for (path, message) in zip(paths, problems) {
            if let message { diagnostics.append(.error(message, at: uses[path]!)) }
        }
        return diagnostics.sorted()
    }

    /// The picture's header, or why it cannot be derived.
    private static func header(_ path: String, contentFolder: String, maxPixels: Int) throws(PictureProblem) -> SourceHeader {
        let header: SourceHeader
        do {
            header = try VipsCodec.probe(contentFolder + "/" + path)
        } catch let error {
            throw Self.problem(error, path: path)
        }
        let pixels = header.width.multipliedReportingOverflow(by: header.height)
        if pixels.overflow || pixels.partialValue > maxPixels {
            throw PictureProblem(
                message: "\(path) claims \(header.width.formatted()) × \(header.height.formatted()) pixels, more than the "
                    + "\(maxPixels.formatted()) allowed (images.maxPixels in site.json); scale it down before adding it")
        }
        return header
    }

    static func problem(_ error: VipsCodec.ProbeError, path: String) -> PictureProblem {
        switch error {
        case .notAnImage:
            PictureProblem(message: "\(path) is not a picture libvips recognises; use a JPEG, PNG, WebP, GIF or AVIF file")
        case .unsupported(let format):
            PictureProblem(message: "\(path) is \(format.uppercased()), which browsers do not show; save it as JPEG, PNG, WebP or AVIF")
        case .unreadable(let detail):
            PictureProblem(message: "\(path) cannot be read (\(firstLine(detail))); export it again")
        }
    }

    private func make(_ path: String, key: String, formats: [PictureFormat]) throws -> PictureCache.Entry {
        let file = contentFolder.path + "/" + path
        let header = try Self.header(path, contentFolder: contentFolder.path, maxPixels: settings.maxPixels)
        let fallback: PictureFormat = header.format == .jpeg || (!header.hasAlpha && header.format != .png && header.format != .gif)
            ? .jpeg : .png
        let formats = formats.filter { $0 != fallback } + [fallback]
        let widths = settings.widths(forSourceWidth: header.width)
        let scratch = try cache.scratchFolder(for: key)
        do {
            let written = try VipsCodec.derive(
                source: file, widths: widths, formats: formats, quality: settings.quality, avifQuality: settings.avifQuality,
                into: scratch.path)
            let entry = PictureCache.Entry(
                fallback: fallback,
                renditions: written.map { .init(width: $0.width, height: $0.height, format: $0.format) })
            // Files are named by target width; a rendition whose width came out otherwise is renamed.
            for (w, target) in zip(written, entry.renditions) where w.file != scratch.path + "/" + target.fileName {
                try FileManager.default.moveItem(atPath: w.file, toPath: scratch.path + "/" + target.fileName)
            }
            try cache.commit(entry, from: scratch, as: key)
            return entry
        } catch {
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
    }

    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "").trimmingCharacters(in: .whitespaces)
    }
}
