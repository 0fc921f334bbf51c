public import Foundation

/// Takes the metadata out of a published original — EXIF (a phone's GPS position, the camera's
/// serial number), XMP, IPTC, comments and text chunks — without decoding it: the file's bytes are
/// walked by its container's structure and whole metadata blocks are left out, so every byte of
/// the picture itself is written as it was.
///
/// What a browser needs to show the picture as the photographer saw it stays: the colour
/// profile (JPEG `APP2 ICC_PROFILE`, PNG `iCCP`/`sRGB`/`gAMA`/`cHRM`, WebP `ICCP`), JFIF and Adobe
/// segments, animation (GIF `NETSCAPE2.0`, APNG and WebP frames), and the EXIF orientation, which
/// browsers apply: an orientation other than upright is written back as a new EXIF block holding
/// that one tag and nothing else.
///
/// Anything past a file's end marker (a JPEG's `EOI`, a PNG's `IEND`, a GIF's trailer, the RIFF
/// size) is left out too: decoders never read it, and cameras put more pictures there, each with
/// its own EXIF (MPF, Ultra HDR gain maps; the `APP2 MPF` index that points at them goes with them).
///
/// A file that does not parse as its format says, or holds no metadata, comes back unchanged:
/// publishing a picture as it is beats failing a build or losing it.
public enum OriginalMetadata {
    /// File names whose contents are read and cleaned when published; every other file is
    /// copied as it is, unread.
    public static let extensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "apng", "webp", "gif", "avif", "heic", "heif"]

    /// Whether a file of this name is a picture whose metadata `removing(from:)` takes out.
    public static func cleans(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// `data` without metadata; `data` itself when it holds none or is not a picture this knows.
    public static func removing(from data: Data) -> Data {
        let cleaned = data.withUnsafeBytes { raw -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(bytes) }
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
            if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), tag(bytes, 8) == "WEBP" { return webP(bytes) }
            if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return gif(bytes) }
            if bytes.count >= 12, tag(bytes, 4) == "ftyp" { return isoMedia(bytes) }
            return nil
        }
        return cleaned ?? data
    }
}

// MARK: JPEG

extension OriginalMetadata {
    /// Segments before and between scans: `APP0` (JFIF), `APP2 ICC_PROFILE`, `APP14` (Adobe's
    /// colour transform) and every non-`APPn` segment are kept; the other `APPn` (`APP1` EXIF and
    /// XMP with its extension, `APP13` Photoshop/IPTC, `APP11` JUMBF, vendors' blocks) and `COM`
    /// are dropped. Entropy-coded data is copied through to the next marker.
    static func jpeg(_ b: Bytes) -> Data? {
        var out = Data()
        out.reserveCapacity(b.count)
        out.append(contentsOf: [0xFF, 0xD8])
        var changed = false
        var i = 2
        while true {
            guard i + 1 < b.count, b[i] == 0xFF else { return nil }
            var m = i + 1
            while m < b.count, b[m] == 0xFF { m += 1 }
            guard m < b.count else { return nil }
            let marker = b[m]
            if marker == 0xD9 {
                out.append(contentsOf: [0xFF, 0xD9])
                if m + 1 < b.count { changed = true }
                break
            }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i...m]))
                i = m + 1
                continue
            }
            guard marker != 0xD8, marker != 0x00, m + 2 < b.count else { return nil }
            let length = be16(b, m + 1)
            guard length >= 2, m + 1 + length <= b.count else { return nil }
            var next = m + 1 + length
            let body = m + 3
            if marker == 0xDA {
                guard let end = scanEnd(b, from: next) else {
                    // No marker after the scan: a truncated file, published as far as it goes.
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i...]))
                    break
                }
                next = end
            }
            if keepsSegment(marker, b, body: body, end: m + 1 + length) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<next]))
            } else {
                changed = true
                if marker == 0xE1, has(b, body, "Exif\0\0"), let orientation = orientation(b, tiff: body + 6, end: m + 1 + length) {
                    let app1 = Array("Exif\0\0".utf8) + orientationTIFF(orientation)
                    out.append(contentsOf: [0xFF, 0xE1] + be16(app1.count + 2) + app1)
                }
            }
            i = next
        }
        return changed ? out : nil
    }

    private static func keepsSegment(_ marker: UInt8, _ b: Bytes, body: Int, end: Int) -> Bool {
        switch marker {
        case 0xE0, 0xEE: true
        case 0xE2: has(b, body, "ICC_PROFILE\0") && body + 12 <= end
        case 0xE1...0xEF, 0xFE: false
        default: true
        }
    }

    /// Where the entropy-coded data starting at `start` ends: the next marker that is neither a
    /// stuffed `FF 00` nor a restart marker; nil when the file ends first.
    private static func scanEnd(_ b: Bytes, from start: Int) -> Int? {
        guard let base = b.baseAddress else { return nil }
        var j = start
        while j + 1 < b.count {
            guard let found = memchr(base + j, 0xFF, b.count - j) else { return nil }
            j = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard j + 1 < b.count else { return nil }
            let next = b[j + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) {
                j += 2
            } else if next == 0xFF {
                j += 1
            } else {
                return j
            }
        }
        return nil
    }
}

// MARK: PNG

extension OriginalMetadata {
    /// EXIF, text, time and signature chunks, and C2PA's `caBX`; colour chunks (`iCCP`, `sRGB`,
    /// `gAMA`, `cHRM`, `cICP`), APNG's frames and everything else stay.
    static let pngDropped: Set<String> = ["eXIf", "exIf", "zxIf", "tEXt", "zTXt", "iTXt", "tIME", "dSIG", "caBX"]

    static func png(_ b: Bytes) -> Data? {
        var out = Data(UnsafeBufferPointer(rebasing: b[0..<8]))
        out.reserveCapacity(b.count)
        var changed = false
        var i = 8
        while i + 12 <= b.count {
            let length = be32(b, i)
            let type = tag(b, i + 4)
            let end = i + 12 + length
            guard length <= Int(Int32.max), end <= b.count else { return nil }
            if pngDropped.contains(type) {
                changed = true
                if type.lowercased() == "exif", let orientation = orientation(b, tiff: i + 8 + (has(b, i + 8, "Exif\0\0") ? 6 : 0), end: end - 4) {
                    let body = Array("eXIf".utf8) + orientationTIFF(orientation)
                    out.append(contentsOf: be32(body.count - 4) + body + be32(Int(crc32(body))))
                }
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<end]))
            }
            i = end
            if type == "IEND" {
                return changed || i < b.count ? out : nil
            }
        }
        return nil
    }

    /// CRC-32 (ISO 3309), as PNG chunks carry it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}

// MARK: WebP

extension OriginalMetadata {
    /// RIFF: `RIFF`, little-endian size, `WEBP`, then chunks of a four-letter type, a
    /// little-endian size and data padded to an even length. `EXIF`, `XMP ` and `C2PA` chunks
    /// are dropped, their flags in the `VP8X` header cleared (0x08 EXIF, 0x04 XMP) and the RIFF
    /// size written anew.
    static func webP(_ b: Bytes) -> Data? {
        let declared = le32(b, 4) + 8
        let end = declared >= 12 && declared <= b.count ? declared : b.count
        var out = Data(UnsafeBufferPointer(rebasing: b[0..<12]))
        out.reserveCapacity(end)
        var changed = end < b.count
        var flagsAt: Int?
        var keepsEXIF = false
        var offset = 12
        while offset + 8 <= end {
            let type = tag(b, offset)
            let size = le32(b, offset + 4)
            let next = offset + 8 + size + (size & 1)
            // A last chunk of odd size may lack its padding byte.
            guard size <= Int(Int32.max), next <= end || (next == end + 1 && size & 1 == 1) else { return nil }
            switch type {
            case "EXIF", "XMP ", "C2PA":
                changed = true
                let tiff = offset + 8 + (has(b, offset + 8, "Exif\0\0") ? 6 : 0)
                if type == "EXIF", let orientation = orientation(b, tiff: tiff, end: offset + 8 + size) {
                    let data = orientationTIFF(orientation)
                    out.append(contentsOf: Array("EXIF".utf8) + le32(data.count) + data)
                    keepsEXIF = true
                }
            default:
                if type == "VP8X", size >= 10 { flagsAt = out.count + 8 }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[offset..<min(next, end)]))
            }
            offset = next
        }
        guard changed else { return nil }
        if out.count & 1 == 1 { out.append(0) }
        if let flagsAt { out[flagsAt] &= keepsEXIF ? ~UInt8(0x04) : ~UInt8(0x0C) }
        out.replaceSubrange(4..<8, with: le32(out.count - 8))
        return out
    }
}

// MARK: GIF

extension OriginalMetadata {
    /// Application extensions that carry metadata: XMP, and ImageMagick's IPTC and 8BIM blocks.
    /// `NETSCAPE2.0` (looping) and `ICCRGBG1` (a colour profile) stay, as do unknown ones.
    static let gifDroppedApplications: Set<String> = ["XMP DataXMP", "MGKIPTC0000", "MGK8BIM0000"]

    /// Header, screen descriptor and global colour table, then blocks: extensions (`21`, a label,
    /// sub-blocks) and images (`2C`, a descriptor, a local colour table, LZW data in sub-blocks)
    /// up to the trailer (`3B`). Comment extensions (`FE`) and the applications above are dropped.
    /// XMP's data is laid out to read as sub-blocks (its "magic trailer"), so it is skipped as any
    /// other extension is.
    static func gif(_ b: Bytes) -> Data? {
        guard b.count >= 13 else { return nil }
        var i = 13 + colourTable(b[10])
        var out = Data(UnsafeBufferPointer(rebasing: b[0..<min(i, b.count)]))
        out.reserveCapacity(b.count)
        var changed = false
        while i < b.count {
            let start = i
            switch b[i] {
            case 0x21:
                guard i + 2 < b.count else { return nil }
                let label = b[i + 1]
                guard let end = subBlocksEnd(b, from: i + 2) else { return nil }
                let application = label == 0xFF && b[i + 2] == 11 && i + 14 <= b.count
                    ? String(decoding: UnsafeBufferPointer(rebasing: b[(i + 3)..<(i + 14)]), as: UTF8.self) : ""
                if label == 0xFE || gifDroppedApplications.contains(application) {
                    changed = true
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<end]))
                }
                i = end
            case 0x2C:
                guard i + 11 <= b.count else { return nil }
                let data = i + 10 + colourTable(b[i + 9]) + 1
                guard data <= b.count, let end = subBlocksEnd(b, from: data) else { return nil }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<end]))
                i = end
            case 0x3B:
                out.append(0x3B)
                return changed || i + 1 < b.count ? out : nil
            default:
                return nil
            }
        }
        return nil
    }

    /// The size of the colour table a packed-fields byte announces.
    private static func colourTable(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 7) + 1)
    }

    /// The end of a run of sub-blocks (each a size byte and that many bytes) and its zero terminator.
    private static func subBlocksEnd(_ b: Bytes, from start: Int) -> Int? {
        var j = start
        while j < b.count {
            let size = Int(b[j])
            j += 1 + size
            if size == 0 { return j }
        }
        return nil
    }
}

// MARK: AVIF and HEIF

extension OriginalMetadata {
    /// ISO base media files (AVIF, HEIF): the top-level `meta` box lists items in `iinf` (an
    /// `Exif` item; XMP as a `mime` item of type `application/rdf+xml`) and says in `iloc` where
    /// their bytes lie (in `mdat`, or in `meta`'s own `idat`).
    ///
    /// The metadata items' bytes are overwritten where they lie — EXIF's with an empty TIFF
    /// directory, XMP's with spaces — rather than removed: taking bytes out would move every
    /// item behind them, and each of their offsets in `iloc` (and sizes up to the file's) would
    /// have to be rewritten in the field widths the file chose, a rewrite of the picture's own
    /// index for bytes no reader misses. Overwritten, the file keeps its layout byte for byte
    /// outside those ranges; readers find an empty EXIF block and blank XMP.
    static func isoMedia(_ b: Bytes) -> Data? {
        guard let meta = boxes(b, in: 0..<b.count).first(where: { $0.type == "meta" }) else { return nil }
        let children = boxes(b, in: (meta.body + 4)..<meta.end)
        guard let iinf = children.first(where: { $0.type == "iinf" }),
            let iloc = children.first(where: { $0.type == "iloc" }),
            let items = metadataItems(b, iinf), !items.isEmpty,
            let extents = locations(b, iloc, of: Set(items.keys))
        else { return nil }
        let idat = children.first(where: { $0.type == "idat" })?.body
        var out = Data(UnsafeBufferPointer(rebasing: b[...]))
        var changed = false
        for extent in extents {
            guard let isEXIF = items[extent.item], extent.length > 0 else { continue }
            let start: Int
            switch extent.method {
            case 0: start = extent.offset
            case 1:
                guard let idat else { continue }
                start = idat + extent.offset
            default: continue
            }
            guard start >= 0, start <= b.count, extent.length <= b.count - start else { continue }
            var fill = [UInt8](repeating: isEXIF ? 0 : 0x20, count: extent.length)
            // The offset of the TIFF header (0), then an empty big-endian TIFF directory.
            let empty: [UInt8] = [0, 0, 0, 0] + Array("MM".utf8) + [0, 42] + be32(8) + [0, 0] + be32(0)
            if isEXIF, fill.count >= empty.count { fill.replaceSubrange(0..<empty.count, with: empty) }
            out.replaceSubrange(start..<(start + extent.length), with: fill)
            changed = true
        }
        return changed ? out : nil
    }

    struct Box {
        var type: String
        /// Where its content starts (after size, type and any large size) and where it ends.
        var body: Int
        var end: Int
    }

    static func boxes(_ b: Bytes, in range: Range<Int>) -> [Box] {
        var result: [Box] = []
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            var size = be32(b, i)
            var header = 8
            if size == 1 {
                guard i + 16 <= range.upperBound else { break }
                let large = UInt64(be32(b, i + 8)) << 32 | UInt64(be32(b, i + 12))
                guard large <= UInt64(Int32.max) else { break }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - i
            }
            guard size >= header, i + size <= range.upperBound else { break }
            result.append(Box(type: tag(b, i + 4), body: i + header, end: i + size))
            i += size
        }
        return result
    }

    /// The EXIF and XMP items `iinf` lists (`infe` of version 2 or 3): item id → whether EXIF.
    static func metadataItems(_ b: Bytes, _ iinf: Box) -> [Int: Bool]? {
        guard iinf.body + 6 <= iinf.end else { return nil }
        let countSize = b[iinf.body] == 0 ? 2 : 4
        var items: [Int: Bool] = [:]
        for infe in boxes(b, in: (iinf.body + 4 + countSize)..<iinf.end) where infe.type == "infe" {
            let version = b[infe.body]
            guard version >= 2 else { continue }
            var p = infe.body + 4
            let idSize = version == 2 ? 2 : 4
            guard p + idSize + 6 <= infe.end else { return nil }
            let id = idSize == 2 ? be16(b, p) : be32(b, p)
            p += idSize + 2
            let type = tag(b, p)
            p += 4
            if type == "Exif" {
                items[id] = true
            } else if type == "mime" {
                // item_name, then content_type, each ending in a zero byte.
                guard let nameEnd = zero(b, from: p, before: infe.end) else { continue }
                let contentEnd = zero(b, from: nameEnd + 1, before: infe.end) ?? infe.end
                let content = String(decoding: UnsafeBufferPointer(rebasing: b[(nameEnd + 1)..<contentEnd]), as: UTF8.self)
                if content.lowercased().hasPrefix("application/rdf+xml") { items[id] = false }
            }
        }
        return items
    }

    struct Extent {
        var item: Int
        /// 0: from the file's start; 1: from `idat`'s content; 2: from another item (left alone).
        var method: Int
        var offset: Int
        var length: Int
    }

    /// The extents `iloc` gives for `items`; nil when it does not parse.
    static func locations(_ b: Bytes, _ iloc: Box, of items: Set<Int>) -> [Extent]? {
        var p = iloc.body
        guard p + 8 <= iloc.end else { return nil }
        let version = b[p]
        guard version <= 2 else { return nil }
        let offsetSize = Int(b[p + 4] >> 4), lengthSize = Int(b[p + 4] & 0xF)
        let baseSize = Int(b[p + 5] >> 4), indexSize = version == 0 ? 0 : Int(b[p + 5] & 0xF)
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }) else { return nil }
        p += 6
        func read(_ size: Int) -> Int? {
            guard p + size <= iloc.end else { return nil }
            defer { p += size }
            switch size {
            case 0: return 0
            case 2: return be16(b, p)
            case 4: return be32(b, p)
            default:
                let value = UInt64(be32(b, p)) << 32 | UInt64(be32(b, p + 4))
                return value <= UInt64(Int32.max) ? Int(value) : nil
            }
        }
        guard let count = read(version < 2 ? 2 : 4) else { return nil }
        var extents: [Extent] = []
        for _ in 0..<count {
            guard let id = read(version < 2 ? 2 : 4) else { return nil }
            var method = 0
            if version > 0 {
                guard let field = read(2) else { return nil }
                method = field & 0xF
            }
            guard let reference = read(2), let base = read(baseSize), let extentCount = read(2) else { return nil }
            for _ in 0..<extentCount {
                guard read(indexSize) != nil, let offset = read(offsetSize), let length = read(lengthSize) else { return nil }
                if items.contains(id), reference == 0 {
                    extents.append(Extent(item: id, method: method, offset: base + offset, length: length))
                }
            }
        }
        return extents
    }

    private static func zero(_ b: Bytes, from start: Int, before end: Int) -> Int? {
        var i = start
        while i < end {
            if b[i] == 0 { return i }
            i += 1
        }
        return nil
    }
}

// MARK: EXIF orientation and bytes

extension OriginalMetadata {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// The orientation (2–8) a TIFF block's first directory gives, nil when upright or absent.
    static func orientation(_ b: Bytes, tiff: Int, end: Int) -> Int? {
        guard tiff >= 0, tiff + 8 <= end, end <= b.count else { return nil }
        let little: Bool
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int { little ? Int(b[at]) | Int(b[at + 1]) << 8 : be16(b, at) }
        func u32(_ at: Int) -> Int { little ? le32(b, at) : be32(b, at) }
        let directory = tiff + u32(tiff + 4)
        guard directory >= tiff + 8, directory + 2 <= end else { return nil }
        let count = u16(directory)
        for index in 0..<count {
            let entry = directory + 2 + 12 * index
            guard entry + 12 <= end else { return nil }
            if u16(entry) == 0x0112, u16(entry + 2) == 3 {
                let value = u16(entry + 8)
                return (2...8).contains(value) ? value : nil
            }
        }
        return nil
    }

    /// A big-endian TIFF block with one directory holding the orientation alone.
    static func orientationTIFF(_ orientation: Int) -> [UInt8] {
        Array("MM".utf8) + [0, 42] + be32(8) + [0, 1] + [0x01, 0x12, 0, 3] + be32(1) + [0, UInt8(orientation), 0, 0] + be32(0)
    }

    static func tag(_ b: Bytes, _ at: Int) -> String {
        guard at + 4 <= b.count else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: b[at..<(at + 4)]), as: UTF8.self)
    }

    static func has(_ b: Bytes, _ at: Int, _ prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        return at >= 0 && at + bytes.count <= b.count && b[at..<(at + bytes.count)].elementsEqual(bytes)
    }

    static func be16(_ b: Bytes, _ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
    static func be32(_ b: Bytes, _ at: Int) -> Int {
        Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }
    static func le32(_ b: Bytes, _ at: Int) -> Int {
        Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    static func le32(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
    }
}
