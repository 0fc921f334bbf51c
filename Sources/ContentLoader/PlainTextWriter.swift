import Foundation

/// One paragraph per line, single spaces, no leading or trailing whitespace: plain text as the
/// catalog keeps it, written from cmark's output or from a walk of its tree.
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
        text.withUTF8Buffer { write($0) }
    }

    mutating func write(number: Int) {
        var digits = String(number)
        digits.withUTF8 { write($0) }
    }

    /// The bytes `write(_:)` turns into a pending space or line break.
    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 10 || byte == 32 || byte == 9 }

    /// Words with single spaces between them are appended whole, as one run: those spaces are
    /// what `write(_:)` would write anyway. Byte by byte, with a branch on each that the processor
    /// could not predict, this was most of the walk that makes every description's plain text
    /// (1.2 % of a 10,000-product build in `perf`); a run per word was still 0.7 % of a
    /// 100,000-product build, and a run of words is 0.1 %.
    mutating func write(_ text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard !Self.isWhitespace(byte) else {
                write(byte)
                index += 1
                continue
            }
            // The run ends at a line break, a tab, or a space that is last or followed by more
            // whitespace; that one is left to `write(_:)`, which may drop it.
            var end = index + 1
            while end < text.count {
                let next = text[end]
                if next == 32, end + 1 < text.count, !Self.isWhitespace(text[end + 1]) {
                    end += 2
                } else if Self.isWhitespace(next) {
                    break
                } else {
                    end += 1
                }
            }
            // The first byte settles any pending space or line break; the rest follow it.
            write(byte)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[(index + 1)..<end]))
            index = end
        }
    }

    mutating func write(cString: UnsafePointer<CChar>?) {
        guard let cString else { return }
        cString.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
            write(UnsafeBufferPointer(start: start, count: strlen(cString)))
        }
    }
}
