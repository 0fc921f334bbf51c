import CVips
import CatalogModel
import Foundation

/// Every call into libvips. The rest of the module sees only `VipsCodec`, which speaks in paths,
/// sizes and formats, so no C pointer leaves this file.
private enum LibVips {
    /// libvips starts once per process; its own thread pool stays at one thread per call,
    /// since the build already runs one picture per core.
    static let started: Bool = {
        // libvips's warnings ("ignoring nclx profile") are not the shop's business; failures
        // come back as errors and become diagnostics.
        setenv("VIPS_WARNING", "0", 0)
        guard vitrine_vips_init() == 0 else { return false }
        vips_concurrency_set(1)
        // Each picture is processed once: libvips's operation cache would only hold memory.
        vips_cache_set_max(0)
        // Loaders libvips marks untrusted (ImageMagick, PDF, …) never see a shop's files.
        vips_block_untrusted_set(1)
        return true
    }()

    static func takeError() -> String {
        guard let buffer = vips_error_buffer_copy() else { return "unknown libvips error" }
        defer { g_free(buffer) }
        let text = String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "unknown libvips error" : text
    }

    static func loader(for path: String) -> String? {
        let name = vips_foreign_find_load(path)
        // A file no loader recognises leaves a message behind; it is not this file's error.
        vips_error_clear()
        return name.map { String(cString: $0) }
    }

    final class Image {
        let pointer: UnsafeMutablePointer<VipsImage>
        init(_ pointer: UnsafeMutablePointer<VipsImage>) { self.pointer = pointer }
        deinit { vitrine_vips_unref(pointer) }

        var width: Int { Int(vips_image_get_width(pointer)) }
        var height: Int { Int(vips_image_get_height(pointer)) }
        var bands: Int { Int(vips_image_get_bands(pointer)) }
        var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
        var swapsAxes: Bool { vips_image_get_orientation_swap(pointer) != 0 }
        var interpretation: VipsInterpretation { vips_image_get_interpretation(pointer) }
        var isEightBit: Bool { vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR }
        var hasProfile: Bool { vips_image_get_typeof(pointer, "icc-profile-data") != 0 }
        func has(_ field: String) -> Bool { vips_image_get_typeof(pointer, field) != 0 }
        func string(_ field: String) -> String? {
            var value: UnsafePointer<CChar>?
            guard vips_image_get_string(pointer, field, &value) == 0, let value else {
                vips_error_clear()
                return nil
            }
            return String(cString: value)
        }
        func integer(_ field: String) -> Int? {
            var value: Int32 = 0
            guard vips_image_get_int(pointer, field, &value) == 0 else {
                vips_error_clear()
                return nil
            }
            return Int(value)
        }
        func set(_ field: String, _ value: Int) { vips_image_set_int(pointer, field, Int32(value)) }

        /// The pixels, 8-bit, band-interleaved; for tests.
        func bytes() -> [UInt8]? {
            var size = 0
            guard let memory = vips_image_write_to_memory(pointer, &size) else { return nil }
            defer { g_free(memory) }
            return Array(UnsafeRawBufferPointer(start: memory, count: size))
        }
    }

    static func result(_ status: Int32, _ out: UnsafeMutablePointer<VipsImage>?) throws -> Image {
        guard status == 0, let out else { throw VipsError(message: takeError()) }
        return Image(out)
    }

    static func open(_ path: String) throws -> Image {
        guard let pointer = vitrine_vips_open(path) else { throw VipsError(message: takeError()) }
        return Image(pointer)
    }

    static func thumbnail(_ path: String, width: Int) throws -> Image {
        var out: UnsafeMutablePointer<VipsImage>?
        return try result(vitrine_vips_thumbnail(path, &out, Int32(width)), out)
    }

    static func thumbnail(_ image: Image, width: Int) throws -> Image {
        var out: UnsafeMutablePointer<VipsImage>?
        return try result(vitrine_vips_thumbnail_image(image.pointer, &out, Int32(width)), out)
    }

    static func toSRGB(_ image: Image) throws -> Image {
        var current = image
        if current.hasProfile {
            var out: UnsafeMutablePointer<VipsImage>?
            current = try result(vitrine_vips_icc_transform_srgb(current.pointer, &out), out)
        }
        let space = current.interpretation
        if space != VIPS_INTERPRETATION_sRGB && space != VIPS_INTERPRETATION_B_W {
            var out: UnsafeMutablePointer<VipsImage>?
            current = try result(vitrine_vips_colourspace(current.pointer, &out, VIPS_INTERPRETATION_sRGB), out)
        }
        if !current.isEightBit {
            var out: UnsafeMutablePointer<VipsImage>?
            current = try result(vitrine_vips_cast_uchar(current.pointer, &out), out)
        }
        return current
    }

    /// Decodes the whole (already reduced) picture once, so each format's encoder reads memory
    /// rather than decoding the source again.
    static func inMemory(_ image: Image) throws -> Image {
        guard let pointer = vips_image_copy_memory(image.pointer) else { throw VipsError(message: takeError()) }
        return Image(pointer)
    }

    /// Drops every metadata field (EXIF with any GPS position, XMP, IPTC, the ICC profile, PNG
    /// comments): the savers' `strip` option misses some in libvips 8.14 (WebP keeps EXIF).
    static func removeMetadata(_ image: Image) {
        guard let fields = vips_image_get_fields(image.pointer) else { return }
        defer { g_strfreev(fields) }
        var names: [String] = []
        var index = 0
        while let name = fields[index] {
            names.append(String(cString: name))
            index += 1
        }
        for name in names { vips_image_remove(image.pointer, name) }
    }

    static func save(_ image: Image, to path: String, format: PictureFormat, quality: Int, avifQuality: Int) throws {
        let status: Int32
        switch format {
        case .jpeg: status = vitrine_vips_jpegsave(image.pointer, path, Int32(quality))
        case .png: status = vitrine_vips_pngsave(image.pointer, path)
        case .webp:
            // libvips 8.14 writes an EXIF chunk into every WebP, `strip` or not: encode to memory
            // and leave the chunk out.
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            guard vitrine_vips_webpsave_buffer(image.pointer, &buffer, &length, Int32(quality), 4) == 0, let buffer else {
                throw VipsError(message: takeError())
            }
            let bytes = Data(UnsafeRawBufferPointer(start: buffer, count: length))
            g_free(buffer)
            try OriginalMetadata.removing(from: bytes).write(to: URL(fileURLWithPath: path))
            return
        // Effort 0: on 1,000 photos two and a half times faster than libvips's default (2), and
        // the files no larger (BENCHMARKS.md).
        case .avif: status = vitrine_vips_avifsave(image.pointer, path, Int32(avifQuality), 0)
        }
        guard status == 0 else { throw VipsError(message: takeError()) }
    }

    static let encodesAVIF: Bool = {
        guard started else { return false }
        var out: UnsafeMutablePointer<VipsImage>?
        guard vitrine_vips_black(&out, 16, 16, 3) == 0, let out else {
            vips_error_clear()
            return false
        }
        defer { vitrine_vips_unref(out) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let ok = vitrine_vips_avifsave_buffer(out, &buffer, &length) == 0 && length > 0
        if let buffer { g_free(buffer) }
        vips_error_clear()
        return ok
    }()

    static func fromPixels(_ pixels: [UInt8], width: Int, height: Int, bands: Int) throws -> Image {
        let pointer = pixels.withUnsafeBytes {
            vips_image_new_from_memory_copy($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
        }
        guard let pointer else { throw VipsError(message: takeError()) }
        return Image(pointer)
    }

    static func cmyk(_ image: Image) throws -> Image {
        var out: UnsafeMutablePointer<VipsImage>?
        return try result(vitrine_vips_copy_interpretation(image.pointer, &out, VIPS_INTERPRETATION_CMYK), out)
    }

    static func saveKeepingMetadata(_ image: Image, to path: String, format: String) throws {
        let status: Int32
        switch format {
        case "jpeg": status = vitrine_vips_jpegsave_keep(image.pointer, path)
        case "png": status = vitrine_vips_pngsave_keep(image.pointer, path)
        case "tiff": status = vitrine_vips_tiffsave(image.pointer, path)
        default: status = vitrine_vips_webpsave(image.pointer, path, 80, 4)
        }
        guard status == 0 else { throw VipsError(message: takeError()) }
    }
}

/// libvips's own message, for a diagnostic to quote.
struct VipsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// What a picture file is, read from its header without decoding it.
struct SourceHeader: Sendable, Hashable {
    enum Format: String, Sendable {
        case jpeg, png, webp, gif, avif
    }

    var format: Format
    /// As shown, after the EXIF orientation.
    var width: Int
    var height: Int
    var hasAlpha: Bool
}

/// The picture operations a build needs, in paths and numbers.
enum VipsCodec {
    enum ProbeError: Error, Equatable {
        case notAnImage
        case unsupported(String)
        case unreadable(String)
    }

    static var available: Bool { LibVips.started }
    static var encodesAVIF: Bool { LibVips.encodesAVIF }
    /// The installed libvips's version, known without starting it.
    static var version: String { String(cString: vips_version_string()) }

    /// The loaders whose formats a web page can show, by libvips's class names
    /// (`VipsForeignLoadJpegFile`) without their prefix and suffix.
    static let loaders: [String: SourceHeader.Format] = [
        "jpeg": .jpeg, "png": .png, "spng": .png, "webp": .webp, "gif": .gif, "nsgif": .gif, "heif": .avif,
    ]

    static func probe(_ path: String) throws(ProbeError) -> SourceHeader {
        guard LibVips.started else { throw .unreadable("libvips did not start") }
        guard let loader = LibVips.loader(for: path) else { throw .notAnImage }
        var name = loader.lowercased()
        if name.hasPrefix("vipsforeignload") { name.removeFirst("vipsforeignload".count) }
        for suffix in ["file", "source"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        guard let format = loaders[name] else { throw .unsupported(name) }
        let image: LibVips.Image
        do { image = try LibVips.open(path) } catch { throw .unreadable(String(describing: error)) }
        // HEIF files that are not AVIF (an iPhone's HEIC) load with the same loader.
        if format == .avif, let compression = image.string("heif-compression"), compression != "av1" {
            throw .unsupported("heic")
        }
        let swap = image.swapsAxes
        return SourceHeader(
            format: format, width: swap ? image.height : image.width, height: swap ? image.width : image.height,
            hasAlpha: image.hasAlpha)
    }

    struct Written: Sendable, Hashable {
        var width: Int
        var height: Int
        var format: PictureFormat
        var file: String
    }

    /// Writes `source` at each width (widest first, each reduced from the one before) in each
    /// format into `folder`, as `<width>.<extension>`; upright, in sRGB, without metadata.
    static func derive(
        source: String, widths: [Int], formats: [PictureFormat], quality: Int, avifQuality: Int, into folder: String
    ) throws -> [Written] {
        guard let widest = widths.max() else { return [] }
        let reduced = try LibVips.inMemory(LibVips.toSRGB(LibVips.thumbnail(source, width: widest)))
        LibVips.removeMetadata(reduced)
        var written: [Written] = []
        var previous = reduced
        for width in widths.sorted(by: >) {
            let image = width >= previous.width ? previous : try LibVips.inMemory(LibVips.thumbnail(previous, width: width))
            previous = image
            LibVips.removeMetadata(image)
            for format in formats {
                let file = folder + "/\(width).\(format.fileExtension)"
                try LibVips.save(image, to: file, format: format, quality: quality, avifQuality: avifQuality)
                written.append(Written(width: image.width, height: image.height, format: format, file: file))
            }
        }
        return written
    }

    // MARK: For tests and the sample pictures

    /// Decoded facts about a written file, as a test checks them.
    struct Inspection: CustomStringConvertible {
        var width: Int
        var height: Int
        var bands: Int
        var hasAlpha: Bool
        var interpretation: String
        var hasEXIF: Bool
        var hasProfile: Bool
        var orientation: Int?
        var pixels: [UInt8]

        var description: String {
            "\(width)×\(height), \(bands) bands, \(interpretation), exif: \(hasEXIF), profile: \(hasProfile)"
        }
    }

    static func inspect(_ path: String) throws -> Inspection {
        _ = LibVips.started
        let image = try LibVips.open(path)
        let interpretation: String
        switch image.interpretation {
        case VIPS_INTERPRETATION_sRGB: interpretation = "srgb"
        case VIPS_INTERPRETATION_B_W: interpretation = "b-w"
        case VIPS_INTERPRETATION_CMYK: interpretation = "cmyk"
        default: interpretation = "other"
        }
        return Inspection(
            width: image.width, height: image.height, bands: image.bands, hasAlpha: image.hasAlpha,
            interpretation: interpretation, hasEXIF: image.has("exif-data"), hasProfile: image.hasProfile,
            orientation: image.integer("orientation"), pixels: image.bytes() ?? [])
    }

    /// Writes raw 8-bit pixels (`bands` per pixel) as a `jpeg`, `png`, `webp` or `tiff` file,
    /// with the integer metadata fields given (an `orientation` is written into the EXIF).
    static func write(
        pixels: [UInt8], width: Int, height: Int, bands: Int, cmyk: Bool = false, to path: String, format: String,
        integers: [String: Int] = [:]
    ) throws {
        _ = LibVips.started
        var image = try LibVips.fromPixels(pixels, width: width, height: height, bands: bands)
        if cmyk { image = try LibVips.cmyk(image) }
        for (field, value) in integers { image.set(field, value) }
        try LibVips.saveKeepingMetadata(image, to: path, format: format)
    }
}
