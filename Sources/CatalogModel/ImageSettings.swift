/// How a build derives pictures (`images` in `site.json`). The defaults suit product photos on
/// phones and desktops: four widths, AVIF and WebP beside the source's own format.
public struct ImageSettings: Sendable, Hashable {
    /// Ascending, distinct, each 16–8192; empty: nothing is derived, pictures are published as
    /// they are (a shop whose photos are sized already, or resized by its CDN).
    public var widths: [Int]
    /// Formats written besides the fallback; AVIF only where the installed libvips can encode it.
    public var formats: [PictureFormat]
    /// 1–100, for JPEG and WebP.
    public var quality: Int
    /// 1–100; AVIF looks as good as JPEG at a lower number.
    public var avifQuality: Int
    /// A picture claiming more pixels than this is refused before it is decoded.
    public var maxPixels: Int
    /// Whether content pictures are published with their EXIF, XMP, IPTC and comments; by
    /// default they are taken out (a phone's GPS position), the pictures' bytes untouched.
    public var keepOriginalMetadata: Bool

    public static let standard = ImageSettings()

    /// The keys of `images` in `site.json`.
    public static let rules = [
        FieldRule("widths", .integerList(16...8192), "widths in pixels to derive, e.g. [320, 640, 1024, 1600]; [] derives nothing"),
        FieldRule("formats", .choices(["avif", "webp"]), "formats besides the source's own JPEG or PNG"),
        FieldRule("quality", .integer(1...100), "JPEG and WebP quality (default 80)"),
        FieldRule("avifQuality", .integer(1...100), "AVIF quality (default 55)"),
        FieldRule("maxPixels", .integer(1...1_000_000_000), "largest picture accepted, in pixels (default 100,000,000)"),
        FieldRule("keepOriginalMetadata", .boolean, "publish original pictures with their EXIF, XMP and comments (default false: removed)"),
    ]

    public init(
        widths: [Int] = [320, 640, 1024, 1600], formats: [PictureFormat] = [.avif, .webp], quality: Int = 80,
        avifQuality: Int = 55, maxPixels: Int = 100_000_000, keepOriginalMetadata: Bool = false
    ) {
        self.widths = widths
        self.formats = formats
        self.quality = quality
        self.avifQuality = avifQuality
        self.maxPixels = maxPixels
        self.keepOriginalMetadata = keepOriginalMetadata
    }

    /// Everything that changes a derived file's bytes, for cache keys and file names.
    public var fingerprint: String {
        "w=\(widths.map(String.init).joined(separator: ","));f=\(formats.map(\.rawValue).joined(separator: ","));q=\(quality);a=\(avifQuality)"
    }

    /// The widths to write for a picture `width` pixels wide: the configured ones it reaches,
    /// plus its own width when that lies below the largest, so nothing is enlarged.
    public func widths(forSourceWidth width: Int) -> [Int] {
        var result = widths.filter { $0 <= width }
        if let largest = widths.last, width < largest, !result.contains(width) { result.append(width) }
        return result
    }
}
