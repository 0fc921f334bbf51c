/// Takes the EXIF and XMP chunks out of a WebP file (RIFF container: `RIFF`, size, `WEBP`, then
/// chunks of four-letter type, little-endian size and data padded to an even length), and clears
/// their flags in the `VP8X` header. Anything that does not parse is returned unchanged.
enum WebPMetadata {
    static func removing(from bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            return bytes
        }
        var out: [UInt8] = Array(bytes[0..<12])
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count || (end == bytes.count + 1 && size & 1 == 1) else { return bytes }
            if type != "EXIF" && type != "XMP " {
                var chunk = Array(bytes[offset..<min(end, bytes.count)])
                // VP8X flags: 0x08 EXIF, 0x04 XMP.
                if type == "VP8X", chunk.count > 8 { chunk[8] &= ~UInt8(0x0C) }
                out += chunk
            }
            offset = end
        }
        let riffSize = UInt32(out.count - 8)
        out[4] = UInt8(riffSize & 0xFF)
        out[5] = UInt8(riffSize >> 8 & 0xFF)
        out[6] = UInt8(riffSize >> 16 & 0xFF)
        out[7] = UInt8(riffSize >> 24)
        return out
    }
}
