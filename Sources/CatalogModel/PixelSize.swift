/// An image's width and height in pixels, read from its file's header: what `<img width height>`
/// needs so that a page does not jump while pictures load.
public struct PixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size a PNG, GIF, JPEG or WebP header gives; nil for other formats or a header too
    /// short or malformed to say. Only the header is read, never the picture.
    public static func read(header bytes: [UInt8]) -> PixelSize? {
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le24(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 }
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        func valid(_ width: Int, _ height: Int) -> PixelSize? {
            width > 0 && height > 0 ? PixelSize(width: width, height: height) : nil
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24, starts(Array("IHDR".utf8), at: 12) {
            return valid(be32(16), be32(20))
        }
        if starts(Array("GIF8".utf8)), bytes.count >= 10 { return valid(le16(6), le16(8)) }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8), bytes.count >= 30 {
            if starts(Array("VP8 ".utf8), at: 12) { return valid(le16(26) & 0x3FFF, le16(28) & 0x3FFF) }
            if starts(Array("VP8L".utf8), at: 12), bytes.count >= 25 {
                let b = (21..<25).map { Int(bytes[$0]) }
                return valid(1 + (b[0] | (b[1] & 0x3F) << 8), 1 + (b[1] >> 6 | b[2] << 2 | (b[3] & 0x0F) << 10))
            }
            if starts(Array("VP8X".utf8), at: 12) { return valid(1 + le24(24), 1 + le24(27)) }
            return nil
        }
        if starts([0xFF, 0xD8]) {
            // JPEG: walk the segments to the first start-of-frame marker.
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
                let length = be16(i + 2)
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    return valid(be16(i + 7), be16(i + 5))
                }
                guard length >= 2 else { return nil }
                i += 2 + length
            }
        }
        return nil
    }
}
