public import Foundation

/// What editors save, turned into what the parsers and the front-matter splitter expect.
/// Editors on Windows write CRLF and often a byte order mark, old Mac exports a lone CR; Git on
/// Windows checks files out with CRLF by default. Every line ending becomes LF, so each ending
/// still counts as one line and diagnostics keep the line and column the editor shows.
public enum EditorText {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The file's bytes without a leading byte order mark and with LF line endings. Returns the
    /// same bytes, uncopied, when there is nothing to change, which is the common case.
    public static func normalized(_ data: Data) -> Data {
        let hasMark = data.starts(with: byteOrderMark)
        // Scanned with memchr: byte-wise iteration of `Data` cost a tenth of the loading time.
        let hasCR = data.withUnsafeBytes { bytes in bytes.baseAddress.map { memchr($0, 13, bytes.count) != nil } ?? false }
        guard hasCR else { return hasMark ? Data(data.dropFirst(3)) : data }
        let text = hasMark ? data.dropFirst(3) : data[...]
        var out = Data(capacity: text.count)
        var previousWasCR = false
        for byte in text {
            if byte == 13 {
                out.append(10)
                previousWasCR = true
                continue
            }
            if byte == 10, previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            out.append(byte)
        }
        return out
    }
}
