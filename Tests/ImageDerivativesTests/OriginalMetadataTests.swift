import Foundation
@testable import ImageDerivatives
import Testing
import VitrineTestSupport

/// Published originals lose their EXIF, XMP, IPTC and comments, and keep every byte of the
/// picture: each format's file is cleaned, then decoded and compared with the input.
@Suite struct OriginalMetadataTests {
    @Test func aJPEGLosesExifXMPIPTCAndCommentsAndKeepsItsProfileOrientationAndPixels() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/plain.jpg", width: 64, height: 48)
        let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("images/plain.jpg"))))
        let icc = PhotoMetadata.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 7, count: 128))
        let photo = Data(PhotoMetadata.jpeg(Array(plain[..<2]) + icc + Array(plain[2...]), orientation: 6))
        #expect(PhotoMetadata.found(in: photo).count == PhotoMetadata.marks.count, "the fixture carries every mark")

        let cleaned = OriginalMetadata.removing(from: photo)
        #expect(PhotoMetadata.found(in: cleaned).isEmpty, "\(PhotoMetadata.found(in: cleaned))")
        #expect(cleaned.range(of: Data("Photoshop 3.0".utf8)) == nil)
        #expect(cleaned.range(of: Data(icc)) != nil, "the colour profile stays")
        let decoded = try Self.inspect(cleaned, in: folder)
        #expect(decoded.orientation == 6, "browsers still turn the photo upright")
        #expect(try decoded.pixels == Self.inspect(photo, in: folder).pixels)
        #expect(OriginalMetadata.removing(from: cleaned) == cleaned)

        // Upright: no EXIF at all; a camera's second picture after the end marker goes too.
        let upright = OriginalMetadata.removing(from: Data(PhotoMetadata.jpeg(plain) + plain))
        #expect(upright.range(of: Data("Exif".utf8)) == nil)
        #expect(upright.count < plain.count)
        #expect(try Self.inspect(upright, in: folder).pixels == Self.inspect(Data(plain), in: folder).pixels)
    }

    @Test func aPNGLosesItsTextTimeAndExifChunksAndKeepsItsGammaAndPixels() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        let plain = [UInt8](TinyPNG.make(width: 6, height: 4))
        let header = 8 + 12 + 13
        let gamma = TinyPNG.chunk("gAMA", TinyPNG.be32(45_455))
        let extra = gamma + TinyPNG.chunk("eXIf", PhotoMetadata.exifTIFF(orientation: 6))
            + TinyPNG.chunk("tEXt", Array("Comment\0\(PhotoMetadata.comment)".utf8))
            + TinyPNG.chunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0".utf8) + Array(PhotoMetadata.xmpPacket.utf8))
            + TinyPNG.chunk("tIME", [0x07, 0xEA, 11, 28, 12, 0, 0])
        let photo = Data(Array(plain[..<header]) + extra + Array(plain[header...]))
        let cleaned = OriginalMetadata.removing(from: photo)
        #expect(PhotoMetadata.found(in: cleaned).isEmpty, "\(PhotoMetadata.found(in: cleaned))")
        for type in ["tEXt", "iTXt", "tIME"] { #expect(cleaned.range(of: Data(type.utf8)) == nil, "\(type)") }
        #expect(cleaned.range(of: Data(gamma)) != nil)
        let decoded = try Self.inspect(cleaned, in: folder)
        #expect(decoded.orientation == 6)
        #expect(try decoded.pixels == Self.inspect(photo, in: folder).pixels)
        // Nothing to take out: the same bytes.
        #expect(OriginalMetadata.removing(from: Data(plain)) == Data(plain))
    }

    @Test func aWebPLosesItsExifAndXMPChunksWithTheirFlagsAndGetsItsSizeRight() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/plain.webp", width: 40, height: 30, format: "webp")
        let encoded = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("images/plain.webp"))))
        let image = try #require(Self.riffChunks(encoded).first { $0.type == "VP8 " || $0.type == "VP8L" })
        let canvas: [UInt8] = [39, 0, 0, 29, 0, 0]
        let photo = Data(Self.riff(
            [("VP8X", [0x0C, 0, 0, 0] + canvas), image, ("EXIF", PhotoMetadata.exifTIFF()), ("XMP ", Array(PhotoMetadata.xmpPacket.utf8))]))
        let cleaned = [UInt8](OriginalMetadata.removing(from: photo))
        #expect(PhotoMetadata.found(in: Data(cleaned)).isEmpty)
        let chunks = Self.riffChunks(cleaned)
        #expect(chunks.map(\.type) == ["VP8X", image.type])
        #expect(chunks.first?.data.first == 0, "the EXIF and XMP flags are cleared")
        #expect(Int(cleaned[4]) | Int(cleaned[5]) << 8 | Int(cleaned[6]) << 16 | Int(cleaned[7]) << 24 == cleaned.count - 8)
        #expect(try Self.inspect(Data(cleaned), in: folder).pixels == Self.inspect(photo, in: folder).pixels)
    }

    @Test func aGIFLosesCommentsAndXMPAndKeepsItsLooping() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        let screen: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0]
        let picture: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        let looping: [UInt8] = [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        let comment: [UInt8] = [0x21, 0xFE, UInt8(PhotoMetadata.comment.utf8.count)] + Array(PhotoMetadata.comment.utf8) + [0]
        // XMP's data is followed by its "magic trailer", so that it reads as sub-blocks.
        let xmp: [UInt8] = [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + Array(PhotoMetadata.xmpPacket.utf8) + [0x01]
            + (0...255).reversed().map(UInt8.init) + [0]
        let photo = Data(screen + looping + comment + xmp + picture)
        let cleaned = OriginalMetadata.removing(from: photo)
        #expect(PhotoMetadata.found(in: cleaned).isEmpty)
        #expect(cleaned == Data(screen + looping + picture))
        #expect(try Self.inspect(cleaned, in: folder).pixels == Self.inspect(photo, in: folder).pixels)
    }

    @Test func anAVIFHasItsExifAndXMPItemsBlankedInPlace() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        let photo = try #require(Data(base64Encoded: Self.avifWithGPSAndXMP.joined()))
        #expect(photo.range(of: Data("<x:xmpmeta".utf8)) != nil)
        #expect(photo.range(of: Data("GPS".utf8)) == nil, "exiftool's GPS is found by its values")
        let latitude = Data([0, 0, 0, 52, 0, 0, 0, 1, 0, 0, 0, 30, 0, 0, 0, 1])
        #expect(photo.range(of: latitude) != nil)
        let cleaned = OriginalMetadata.removing(from: photo)
        #expect(cleaned.count == photo.count, "nothing moves: every offset stays right")
        #expect(cleaned.range(of: latitude) == nil)
        #expect(cleaned.range(of: Data("<x:xmpmeta".utf8)) == nil && cleaned.range(of: Data("Secret Person".utf8)) == nil)
        let decoded = try Self.inspect(cleaned, in: folder)
        #expect(try decoded.pixels == Self.inspect(photo, in: folder).pixels)
        #expect(OriginalMetadata.removing(from: cleaned) == cleaned)
    }

    @Test func damagedAndUnknownFilesComeBackAsTheyAre() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/plain.jpg", width: 16, height: 16)
        let jpeg = PhotoMetadata.jpeg(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("images/plain.jpg")))))
        let avif = try [UInt8](#require(Data(base64Encoded: Self.avifWithGPSAndXMP.joined())))
        let png = [UInt8](TinyPNG.make(width: 3, height: 2)) + TinyPNG.chunk("tEXt", Array("a\0b".utf8))
        // Every truncation of every kind: no crash, and a cut-off picture stays whole.
        for file in [jpeg, avif, png] {
            for length in stride(from: 0, to: file.count, by: max(1, file.count / 300)) {
                _ = OriginalMetadata.removing(from: Data(file[..<length]))
            }
        }
        let text = Data("not a picture at all".utf8)
        #expect(OriginalMetadata.removing(from: text) == text)
        let lying = Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0, 1, 2])
        #expect(OriginalMetadata.removing(from: lying) == lying, "a segment longer than the file")
        #expect(OriginalMetadata.cleans("images/products/Serum.JPG") && OriginalMetadata.cleans("images/a.avif"))
        #expect(!OriginalMetadata.cleans("images/logo.svg") && !OriginalMetadata.cleans("images/a.jpg/notes") && !OriginalMetadata.cleans("images/jpg"))
    }

    // MARK: Helpers

    static func inspect(_ data: Data, in folder: PictureFolder) throws -> VipsCodec.Inspection {
        let path = folder.path("images/\(UUID().uuidString)")
        try data.write(to: URL(fileURLWithPath: path))
        return try VipsCodec.inspect(path)
    }

    static func riffChunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(type: String, data: [UInt8])] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            guard offset + 8 + size <= bytes.count else { break }
            chunks.append((String(decoding: bytes[offset..<offset + 4], as: UTF8.self), Array(bytes[offset + 8..<offset + 8 + size])))
            offset += 8 + size + (size & 1)
        }
        return chunks
    }

    static func riff(_ chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        var body = Array("WEBP".utf8)
        for chunk in chunks {
            let size = chunk.data.count
            body += Array(chunk.type.utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
            body += chunk.data + (size & 1 == 1 ? [0] : [])
        }
        let size = body.count
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)] + body
    }

    /// An 8 × 8 AVIF (libvips) given a GPS position (52° 30' N, 13° 24' E) and an XMP creator,
    /// "Secret Person", by exiftool 12.57.
    static let avifWithGPSAndXMP = [
        "AAAAHGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZgAAAXRtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAA",
        "AA5waXRtAAAAAAABAAAARmlsb2MAAAAAREAAAwABAAAAAAy4AAEAAAAAAAAAMgACAAAAAAzqAAEAAAAAAAAA1gADAAAAAAAAAAEA",
        "AAGYAAALIAAAAGFpaW5mAAAAAAADAAAAFWluZmUCAAAAAAEAAGF2MDEAAAAAFWluZmUCAAABAAIAAEV4aWYAAAAAKWluZmUCAAAB",
        "AAMAAG1pbWUAYXBwbGljYXRpb24vcmRmK3htbAAAAABqaXBycAAAAEtpcGNvAAAAE2NvbHJuY2x4AAIAAgAGgAAAAAxhdjFDgQAM",
        "AAAAABRpc3BlAAAAAAAAAAgAAAAIAAAAEHBpeGkAAAAAAwgICAAAABdpcG1hAAAAAAAAAAEAAQSBggOEAAAAKGlyZWYAAAAAAAAA",
        "DmNkc2MAAgABAAEAAAAOY2RzYwADAAEAAQAADDBtZGF0PD94cGFja2V0IGJlZ2luPSfvu78nIGlkPSdXNU0wTXBDZWhpSHpyZVN6",
        "TlRjemtjOWQnPz4KPHg6eG1wbWV0YSB4bWxuczp4PSdhZG9iZTpuczptZXRhLycgeDp4bXB0az0nSW1hZ2U6OkV4aWZUb29sIDEy",
        "LjU3Jz4KPHJkZjpSREYgeG1sbnM6cmRmPSdodHRwOi8vd3d3LnczLm9yZy8xOTk5LzAyLzIyLXJkZi1zeW50YXgtbnMjJz4KCiA8",
        "cmRmOkRlc2NyaXB0aW9uIHJkZjphYm91dD0nJwogIHhtbG5zOmRjPSdodHRwOi8vcHVybC5vcmcvZGMvZWxlbWVudHMvMS4xLyc+",
        "CiAgPGRjOmNyZWF0b3I+CiAgIDxyZGY6U2VxPgogICAgPHJkZjpsaT5TZWNyZXQgUGVyc29uPC9yZGY6bGk+CiAgIDwvcmRmOlNl",
        "cT4KICA8L2RjOmNyZWF0b3I+CiA8L3JkZjpEZXNjcmlwdGlvbj4KPC9yZGY6UkRGPgo8L3g6eG1wbWV0YT4KICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgIAogICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgCiAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAKICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgIAogICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgCiAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAKICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgIAogICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgCiAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAKICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgIAogICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgCiAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAK",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgIAogICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgCiAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAKICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgIAogICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgCiAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAKICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAogICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgCiAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAKICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAogICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgCiAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAg",
        "ICAgICAgICAgICAKPD94cGFja2V0IGVuZD0ndyc/PhIACggYCL9ggQEDQjIkGAAAAEBuwXOd66zTdKePHrh60d156pv8NDCMom0q",
        "FLb1MRlAAAAABkV4aWYAAE1NACoAAAAIAAUBGgAFAAAAAQAAAEoBGwAFAAAAAQAAAFIBKAADAAAAAQACAAACEwADAAAAAQABAACI",
        "JQAEAAAAAQAAAFoAAAAAAAAASAAAAAEAAABIAAAAAQAFAAAAAQAAAAQCAwAAAAEAAgAAAAJOAAAAAAIABQAAAAMAAACcAAMAAgAA",
        "AAJFAAAAAAQABQAAAAMAAAC0AAAAAAAAADQAAAABAAAAHgAAAAEAAAAAAAAAAQAAAA0AAAABAAAAGAAAAAEAAAAAAAAAAQ==",
    ]
}
