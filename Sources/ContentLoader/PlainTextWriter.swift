/// One paragraph per line, single spaces, no leading or trailing whitespace: plain text as the
/// catalog keeps it, written a byte at a time from cmark's output or from a walk of its tree.
struct PlainTextWriter {
    private var bytes: [UInt8] = []
    private var pendingSpace = false
    private var pendingNewline = false

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ byte: UInt8) {
        switch byte {
        case 10:
            if !bytes.isEmpty { pendingNewline = true }
            pendingSpace = false
        case 32, 9:
            if !bytes.isEmpty && !pendingNewline { pendingSpace = true }
        default:
            if pendingNewline {
                bytes.append(10)
            } else if pendingSpace {
                bytes.append(32)
            }
            pendingNewline = false
            pendingSpace = false
            bytes.append(byte)
        }
    }

    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { for byte in $0 { write(byte) } }
    }

    mutating func write(number: Int) {
        for byte in String(number).utf8 { write(byte) }
    }

    mutating func write(cString: UnsafePointer<CChar>?) {
        guard var pointer = cString else { return }
        while pointer.pointee != 0 {
            write(UInt8(bitPattern: pointer.pointee))
            pointer += 1
        }
    }
}
