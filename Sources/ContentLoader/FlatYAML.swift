import CatalogModel

/// Front matter that is one flat mapping of `key: value` lines, read without libyaml: almost every
/// record of a large catalog looks like this, and Yams' node tree, tags and positions were a fifth
/// of loading it. Anything else (indentation, lists, comments, single quotes, escapes, flow
/// collections, anchors, block scalars) returns nil and goes to Yams, which gives the same nodes
/// for the lines this accepts; a test holds the two equal.
enum FlatYAML {
    static func parse(_ text: String, path: String, lineOffset: Int) -> RawNode? {
        var entries: [RawEntry] = []
        var keys: Set<String> = []
        var line = 0
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            if rawLine.isEmpty { continue }
            guard !hasUnicodeLineBreak(rawLine), let (key, value, quoted) = split(rawLine) else { return nil }
            // Yams reports a key given twice, with its own position.
            guard keys.insert(key).inserted else { return nil }
            let keyLocation = SourceLocation(path: path, line: line + lineOffset, column: 1)
            let valueLocation = SourceLocation(path: path, line: line + lineOffset, column: key.count + 3)
            let kind: RawNode.ScalarKind = quoted ? .string : StructuredText.plainKind(value)
            entries.append(RawEntry(key: key, keyLocation: keyLocation, value: RawNode(.scalar(value, kind), at: valueLocation)))
        }
        guard let first = entries.first else { return nil }
        return RawNode(.map(entries), at: first.keyLocation)
    }

    /// `key: value` or `key: "value"`, or nil for anything outside the flat subset.
    private static func split(_ line: Substring.UTF8View.SubSequence) -> (String, String, Bool)? {
        var index = line.startIndex
        guard let first = line.first, isKeyStart(first) else { return nil }
        while index < line.endIndex, isKeyByte(line[index]) { index = line.index(after: index) }
        let key = line[line.startIndex..<index]
        // ": " and then at least one byte of value.
        guard index < line.endIndex, line[index] == UInt8(ascii: ":") else { return nil }
        index = line.index(after: index)
        guard index < line.endIndex, line[index] == UInt8(ascii: " ") else { return nil }
        index = line.index(after: index)
        let value = line[index..<line.endIndex]
        guard let head = value.first, let last = value.last, last != UInt8(ascii: " ") else { return nil }
        if head == UInt8(ascii: "\"") {
            guard value.count >= 2, last == UInt8(ascii: "\"") else { return nil }
            let inner = value.dropFirst().dropLast()
            guard !inner.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F }) else { return nil }
            return (String(decoding: key, as: UTF8.self), String(decoding: inner, as: UTF8.self), true)
        }
        guard isPlainStart(head, next: value.dropFirst().first) else { return nil }
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
    private static func hasUnicodeLineBreak(_ line: Substring.UTF8View.SubSequence) -> Bool {
        guard line.contains(where: { $0 >= 0x80 }) else { return false }
        let bytes = Array(line)
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
