import CatalogModel
import Foundation
@testable import ImageDerivatives
import VitrineTestSupport

/// A content folder with pictures made for one test, and the cache beside it.
struct PictureFolder {
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var cache: PictureCache { PictureCache(folder: root.appendingPathComponent("cache/images")) }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("images"), withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func path(_ relative: String) -> String { content.appendingPathComponent(relative).path }

    /// A picture whose left half is one colour and right half another.
    func write(
        _ relative: String, width: Int, height: Int, left: [UInt8] = [200, 30, 30], right: [UInt8] = [30, 30, 200],
        format: String = "jpeg", cmyk: Bool = false, integers: [String: Int] = [:]
    ) throws {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * left.count)
        for _ in 0..<height {
            for x in 0..<width { pixels += x < width / 2 ? left : right }
        }
        try VipsCodec.write(
            pixels: pixels, width: width, height: height, bands: left.count, cmyk: cmyk, to: path(relative), format: format,
            integers: integers)
    }

    func writeBytes(_ relative: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: content.appendingPathComponent(relative))
    }

    func run(_ paths: [String], settings: ImageSettings = .standard) -> PictureDerivation.Outcome {
        let uses = Dictionary(uniqueKeysWithValues: paths.map { ($0, SourceLocation(path: "products/p.md", line: 7, column: 8)) })
        return PictureDerivation(contentFolder: content, cache: cache, settings: settings).run(uses: uses)
    }
}

/// Hand-made files no encoder would write.
enum OddFiles {
    /// A PNG whose header claims `width` × `height` pixels, with one tiny compressed row.
    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        let header = be32(width) + be32(height) + [8, 2, 0, 0, 0]
        // A zlib stream of a few zero bytes: far less than the pixels claimed.
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TinyPNG.chunk("IHDR", header) + TinyPNG.chunk("IDAT", idat)
            + TinyPNG.chunk("IEND", [])
    }

    /// A JPEG with an EXIF block carrying a GPS position (52° 31' N) put after its start marker.
    static func withGPS(_ jpeg: [UInt8]) -> [UInt8] {
        // TIFF, big-endian: IFD0 at 8 with one entry (GPS IFD pointer), GPS IFD at 26 with two.
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42] + be32(8)
        tiff += be16(1) + be16(0x8825) + be16(4) + be32(1) + be32(26) + be32(0)
        tiff += be16(2)
        tiff += be16(0x0001) + be16(2) + be32(2) + [UInt8(ascii: "N"), 0, 0, 0]
        tiff += be16(0x0002) + be16(5) + be32(3) + be32(26 + 2 + 24 + 4)
        tiff += be32(0)
        tiff += be32(52) + be32(1) + be32(31) + be32(1) + be32(0) + be32(1)
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1] + be16(UInt16(app1.count + 2)) + app1 + jpeg.dropFirst(2)
    }

    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func be32(_ v: UInt32) -> [UInt8] { TinyPNG.be32(v) }
}
