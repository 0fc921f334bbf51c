import CatalogModel
import TextHash

/// Front matter that is one flat mapping of `key: value` lines, read without libyaml: almost every
/// record of a large catalog looks like this, and Yams' node tree, tags and positions were a fifth
/// of loading it. Anything else (indentation, lists, comments, single quotes, escapes, flow
/// collections, anchors, block scalars) returns nil and goes to Yams, which gives the same nodes
/// for the lines this accepts; a test holds the two equal.
enum FlatYAML {
    static func parse(_ text: String, path: String, lineOffset: Int) -> RawNode? {
        // On the bytes in place: through `String.UTF8View`'s indices this was a tenth of loading.
        return text.withUTF8Bytes { bytes -> RawNode? in
            var entries: [RawEntry] = []
            var line = 0
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let rawLine = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                line += 1
                if rawLine.isEmpty { continue }
                guard !hasUnicodeLineBreak(rawLine), let (key, value, quoted) = split(rawLine) else { return nil }
                // Yams reports a key given twice, with its own position. A dozen keys: a scan.
                guard !entries.contains(where: { $0.key == key }) else { return nil }
                let keyLocation = SourceLocation(path: path, line: line + lineOffset, column: 1)
                let valueLocation = SourceLocation(path: path, line: line + lineOffset, column: key.count + 3)
                let kind: RawNode.ScalarKind = quoted ? .string : StructuredText.plainKind(value)
                entries.append(RawEntry(key: key, keyLocation: keyLocation, value: RawNode(.scalar(value, kind), at: valueLocation)))
            }
            guard let first = entries.first else { return nil }
            return RawNode(.map(entries), at: first.keyLocation)
        }
    }

    /// `key: value` or `key: "value"`, or nil for anything outside the flat subset.
    private static func split(_ line: UnsafeBufferPointer<UInt8>) -> (String, String, Bool)? {
        guard let first = line.first, isKeyStart(first) else { return nil }
        var index = 0
        while index < line.count, isKeyByte(line[index]) { index += 1 }
        let key = UnsafeBufferPointer(rebasing: line[..<index])
        // ": " and then at least one byte of value.
        guard index < line.count, line[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard index < line.count, line[index] == UInt8(ascii: " ") else { return nil }
        index += 1
        let value = UnsafeBufferPointer(rebasing: line[index...])
        guard let head = value.first, let last = value.last, last != UInt8(ascii: " ") else { return nil }
        if head == UInt8(ascii: "\"") {
            guard value.count >= 2, last == UInt8(ascii: "\"") else { return nil }
            let inner = UnsafeBufferPointer(rebasing: value[1..<(value.count - 1)])
            guard !inner.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F }) else { return nil }
            return (String(decoding: key, as: UTF8.self), String(decoding: inner, as: UTF8.self), true)
        }
        guard isPlainStart(head, next: value.count > 1 ? value[1] : nil) else { return nil }
        var previous: UInt8 = 0
        for byte in value {
            // A comment, a nested mapping, control characters and tabs: Yams decides.
            if byte == UInt8(ascii: "#") || byte < 0x20 || byte == 0x7F { return nil }
            if previous == UInt8(ascii: ":"), byte == UInt8(ascii: " ") { return nil }
            previous = byte
        }
        if last == UInt8(ascii: ":") { return nil }
        return (String(decoding: key, as: UTF8.self), String(decoding: value, as: UTF8.self), false)
    }

    /// NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR end a line for libyaml as for YAML 1.1.
    private static func hasUnicodeLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return false }
        for index in bytes.indices.dropLast() {
            if bytes[index] == 0xC2, bytes[index + 1] == 0x85 { return true }
            if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                return true
            }
        }
        return false
    }

    private static func isKeyStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isKeyStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// Letters, digits, and a sign before a digit; every YAML indicator goes to Yams.
    private static func isPlainStart(_ byte: UInt8, next: UInt8?) -> Bool {
        if isKeyByte(byte) || byte >= 0x80 { return true }
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") {
            guard let next else { return false }
            return next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")
        }
        return false
    }
}
