import CatalogModel
import TextHash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bounds on a Markdown body, checked before cmark-gfm sees it. cmark-gfm is fast on what people
/// write but has had super-linear cases in deep block nesting and in large tables; a body that
/// no editor would write is refused instead, with the line that broke the bound.
enum MarkdownBounds {
    struct Problem: Equatable {
        /// 1-based, within the body.
        var line: Int
        var column: Int
        var message: String
    }

    /// The first bound `body` breaks. One pass over the bytes.
    static func check(_ body: String) -> Problem? {
        // Over the string's own bytes: `String.UTF8View`'s iterator, a byte at a time, was most of
        // this check's cost, which every product body pays.
        return body.withUTF8Bytes(check)
    }

    /// Line by line: a line's opening (indentation, quote and list markers) byte by byte, the rest
    /// looking only for pipes. The column is counted only for a problem: counting it for every
    /// byte, with a branch on each, was most of this check (0.7 % of a 10,000-product build).
    private static func check(_ body: UnsafeBufferPointer<UInt8>) -> Problem? {
        var line = 1
        var cells = 0
        var i = 0
        while true {
            let start = i
            var nesting = 0
            var indent = 0
            opening: while i < body.count {
                switch body[i] {
                case 32: indent += 1
                case 9: indent += 4
                case UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"): nesting += 1
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ")"): break
                default: break opening
                }
                if nesting + indent / 2 > ContentLimits.markdownNesting {
                    return Problem(
                        line: line, column: column(of: i, lineStart: start, in: body),
                        message: "Markdown nested more than \(ContentLimits.markdownNesting) quotes or lists deep; write flatter text")
                }
                i += 1
            }
            // The rest of the line, its end and its pipes found by `memchr`: a loop testing each
            // byte for both was 0.3 % of a 100,000-product build.
            let end = offset(of: 10, in: body, from: i) ?? body.count
            var pipes = 0
            while let pipe = offset(of: UInt8(ascii: "|"), in: body, from: i, to: end) {
                if pipe == start || body[pipe - 1] != UInt8(ascii: "\\") {
                    pipes += 1
                    // A row of n cells has n + 1 pipes when written with outer pipes.
                    if pipes > ContentLimits.markdownTableColumns + 1 {
                        return Problem(
                            line: line, column: column(of: pipe, lineStart: start, in: body),
                            message: "a table row of more than \(ContentLimits.markdownTableColumns) cells; write at most \(ContentLimits.markdownTableColumns) columns")
                    }
                }
                i = pipe + 1
            }
            i = end
            cells += pipes
            if cells > ContentLimits.markdownTableCells { return tooManyCells(line: line) }
            guard i < body.count else { return nil }
            line += 1
            i += 1
        }
    }

    /// Where `byte` first occurs in `body[from..<to]`.
    private static func offset(of byte: UInt8, in body: UnsafeBufferPointer<UInt8>, from: Int, to end: Int? = nil) -> Int? {
        let end = end ?? body.count
        guard from < end, let base = body.baseAddress, let found = memchr(base + from, Int32(byte), end - from) else { return nil }
        return UnsafeRawPointer(base).distance(to: found)
    }

    /// 1-based, in characters: the bytes that start one from the line's start to `index`.
    private static func column(of index: Int, lineStart: Int, in body: UnsafeBufferPointer<UInt8>) -> Int {
        1 + body[lineStart..<index].count { $0 & 0xC0 != 0x80 }
    }

    private static func tooManyCells(line: Int) -> Problem {
        Problem(
            line: line, column: 1,
            message: "tables of more than \(ContentLimits.markdownTableCells.formatted()) cells in all; split the table, or link to a file")
    }
}
