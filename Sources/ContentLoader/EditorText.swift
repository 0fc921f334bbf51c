public import CatalogModel
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

extension EditorText {
    /// The bytes as text, or why they are not UTF-8, said at the line and column of the first
    /// byte that is not (a file saved as Windows-1252 or Latin-1 by a spreadsheet or an old
    /// editor), naming what that byte would be in Windows-1252. Columns count the characters
    /// before it, as the editor shows them.
    public static func text(_ bytes: Data, path: String) -> Result<String, Diagnostic> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 10 { line += 1; column = 1 } else { column += 1 }
                offset += encoded.count
            case .error, .emptyInput:
                break loop
            }
        }
        let byte = offset < bytes.count ? bytes[bytes.startIndex + offset] : 0
        var message = "not UTF-8 text: the byte 0x\(String(byte, radix: 16, uppercase: true)) here is not UTF-8"
        if let character = windows1252(byte) { message += " (in Windows-1252 it is “\(character)”)" }
        message += "; save the file as UTF-8"
        return .failure(.error(message, at: SourceLocation(path: path, line: line, column: column)))
    }

    /// What a byte above 0x7F stands for in Windows-1252, the encoding Excel and Notepad on a
    /// Western Windows save in; nil for the five bytes it leaves undefined.
    static func windows1252(_ byte: UInt8) -> Character? {
        guard byte >= 0x80 else { return nil }
        guard byte < 0xA0 else { return Character(Unicode.Scalar(byte)) }
        let table: [UInt32] = [
            0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
            0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
        ]
        let value = table[Int(byte - 0x80)]
        return value == 0 ? nil : Unicode.Scalar(value).map(Character.init)
    }
}
