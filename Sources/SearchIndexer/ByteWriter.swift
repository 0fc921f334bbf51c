/// Appends the index's binary encodings: unsigned LEB128 varints, fixed-width little-endian
/// integers and raw bytes. The script's `Reader` reads them back.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func varint<I: BinaryInteger>(_ value: I) {
        precondition(value >= 0, "varints are unsigned")
        var v = UInt64(value)
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func fixed(_ value: UInt64, width: Int) {
        var v = value
        for _ in 0..<width {
            bytes.append(UInt8(v & 0xff))
            v >>= 8
        }
    }

    mutating func append<S: Sequence>(contentsOf other: S) where S.Element == UInt8 {
        bytes.append(contentsOf: other)
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    static func varintSize(_ value: UInt32) -> Int {
        value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : value < 1 << 28 ? 4 : 5
    }
}
