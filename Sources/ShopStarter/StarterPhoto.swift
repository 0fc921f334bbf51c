import CZlib
import Foundation

/// The new shop's product photo, drawn here rather than shipped: a glazed mug's silhouette on a
/// warm background, as a real PNG (zlib through the system's libz), so the build derives its
/// widths and formats as it does for a camera's photo.
enum StarterPhoto {
    static func png(width: Int, height: Int) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { raw += pixel(x: Double(x) / Double(width), y: Double(y) / Double(height)) }
        }
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(UInt(raw.count))))
        var size = UInt(compressed.count)
        let status = compress2(&compressed, &size, raw, UInt(raw.count), 9)
        precondition(status == Z_OK, "zlib: cannot compress the photo (\(status))")
        compressed.removeSubrange(Int(size)...)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", compressed) + chunk("IEND", []))
    }

    /// The colour at (x, y), both 0…1: a mug body and handle in slate, on sand shading to cream.
    static func pixel(x: Double, y: Double) -> [UInt8] {
        let inBody = x > 0.28 && x < 0.66 && y > 0.3 && y < 0.78
        let dx = (x - 0.66) / 0.12, dy = (y - 0.52) / 0.14
        let ring = dx * dx + dy * dy
        let inHandle = x > 0.66 && ring < 1 && ring > 0.4
        if inBody || inHandle {
            let light = 1 - 0.35 * abs(x - 0.4) / 0.3
            return [UInt8(70 * light), UInt8(86 * light), UInt8(104 * light)]
        }
        let shade = 1 - 0.12 * y
        return [UInt8(244 * shade), UInt8(232 * shade), UInt8(214 * shade)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        return be32(UInt32(data.count)) + body + be32(crc)
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
