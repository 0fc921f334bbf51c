public import Foundation

/// What a phone or a photo editor writes into a picture besides its pixels — EXIF with a GPS
/// position, an XMP packet, IPTC keywords, a comment — as bytes to put into test pictures, and
/// the marks a test finds each by in any file.
public enum PhotoMetadata {
    /// The GPS directory's pointer as IFD0 holds it (tag 8825, LONG, count 1), big-endian.
    public static let gpsPointer: [UInt8] = be16(0x8825) + be16(4) + be32(1)
    /// The latitude 52° 31' 0" as its three rationals: found anywhere, the position is there.
    public static let gpsLatitude: [UInt8] = be32(52) + be32(1) + be32(31) + be32(1) + be32(0) + be32(1)
    public static let comment = "Shot at home by Ada"
    public static let iptcKeyword = "private-keyword"
    public static let xmpPacket = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">\
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
        xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Ada's phone"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>
        """

    /// Every mark by name; `found(in:)` lists those a file holds.
    public static let marks: [(name: String, bytes: [UInt8])] = [
        ("GPS pointer", gpsPointer), ("GPS latitude", gpsLatitude), ("<x:xmpmeta", Array("<x:xmpmeta".utf8)),
        ("http://ns.adobe.com/xap", Array("http://ns.adobe.com/xap".utf8)), ("comment", Array(comment.utf8)),
        ("IPTC keyword", Array(iptcKeyword.utf8)),
    ]

    public static func found(in data: Data) -> [String] {
        marks.filter { data.range(of: Data($0.bytes)) != nil }.map(\.name)
    }

    /// A big-endian TIFF block as EXIF holds it: IFD0 with the orientation (when given) and the
    /// GPS pointer, and a GPS directory with the latitude and its reference.
    public static func exifTIFF(orientation: Int? = nil) -> [UInt8] {
        let entries = orientation == nil ? 1 : 2
        let gps = 8 + 2 + 12 * entries + 4
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42] + be32(8) + be16(UInt16(entries))
        if let orientation { tiff += be16(0x0112) + be16(3) + be32(1) + be16(UInt16(orientation)) + [0, 0] }
        tiff += gpsPointer + be32(UInt32(gps)) + be32(0)
        tiff += be16(2)
        tiff += be16(0x0001) + be16(2) + be32(2) + [UInt8(ascii: "N"), 0, 0, 0]
        tiff += be16(0x0002) + be16(5) + be32(3) + be32(UInt32(gps + 2 + 24 + 4))
        tiff += be32(0) + gpsLatitude
        return tiff
    }

    /// `jpeg` with, after its JFIF segment (or its start): EXIF (GPS, and the orientation when
    /// given), XMP, Photoshop's IPTC block and a comment.
    public static func jpeg(_ jpeg: [UInt8], orientation: Int? = nil) -> [UInt8] {
        var at = 2
        if jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 { at = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])) }
        let iptc: [UInt8] = [0x1C, 0x02, 0x19] + be16(UInt16(iptcKeyword.utf8.count)) + Array(iptcKeyword.utf8)
        let photoshop = Array("Photoshop 3.0\0".utf8) + Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + be32(UInt32(iptc.count)) + iptc
            + (iptc.count % 2 == 1 ? [0] : [])
        let segments = segment(0xE1, Array("Exif\0\0".utf8) + exifTIFF(orientation: orientation))
            + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmpPacket.utf8))
            + segment(0xED, photoshop) + segment(0xFE, Array(comment.utf8))
        return Array(jpeg[..<at]) + segments + Array(jpeg[at...])
    }

    public static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(UInt16(body.count + 2)) + body
    }

    public static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    public static func be32(_ v: UInt32) -> [UInt8] { TinyPNG.be32(v) }
}
