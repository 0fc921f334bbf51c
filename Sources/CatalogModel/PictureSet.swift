/// The files a build derived from one local picture: each width in each format, so a page can
/// offer the browser a `srcset` and a feed a JPEG or PNG of the size it wants.
public struct PictureSet: Sendable, Hashable {
    public struct Rendition: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public var format: PictureFormat
        /// Site path (no leading slash), content-hashed.
        public var path: String

        public init(width: Int, height: Int, format: PictureFormat, path: String) {
            self.width = width
            self.height = height
            self.format = format
            self.path = path
        }
    }

    /// Ordered by format, then width ascending.
    public var renditions: [Rendition]
    /// The format every browser shows: the source's own (JPEG or PNG).
    public var fallback: PictureFormat

    public init(renditions: [Rendition], fallback: PictureFormat) {
        self.renditions = renditions
        self.fallback = fallback
    }

    /// One format's renditions, narrowest first, without copying them: pages ask for them for
    /// every card.
    public func renditions(in format: PictureFormat) -> ArraySlice<Rendition> {
        guard let first = renditions.firstIndex(where: { $0.format == format }) else { return [] }
        let end = renditions[first...].firstIndex { $0.format != format } ?? renditions.endIndex
        return renditions[first..<end]
    }

    /// The smallest fallback rendition at least `width` wide, else the widest there is: what an
    /// `<img src>` for a slot of that width, or a feed that asks for `width` pixels, gets.
    public func fallback(atLeast width: Int) -> Rendition? {
        let list = renditions(in: fallback)
        return list.first { $0.width >= width } ?? list.last
    }

    /// Formats besides the fallback, best first: `<source>` elements in this order.
    public var modernFormats: [PictureFormat] {
        PictureFormat.allCases.filter { format in format != fallback && renditions.contains { $0.format == format } }
    }
}

/// The formats Vitrine writes derived pictures in, best compression first.
public enum PictureFormat: String, Sendable, Hashable, CaseIterable, Comparable {
    case avif, webp, jpeg, png

    public var fileExtension: String {
        switch self {
        case .avif: "avif"
        case .webp: "webp"
        case .jpeg: "jpg"
        case .png: "png"
        }
    }

    public var mimeType: String { "image/" + rawValue }

    /// The order of `allCases`, as a number: sorting a thousand photos' renditions compared
    /// formats a hundred thousand times.
    private var rank: Int {
        switch self {
        case .avif: 0
        case .webp: 1
        case .jpeg: 2
        case .png: 3
        }
    }

    public static func < (a: PictureFormat, b: PictureFormat) -> Bool { a.rank < b.rank }
}
