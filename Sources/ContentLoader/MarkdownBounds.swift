import CatalogModel

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
        var body = body
        return body.withUTF8(check)
    }

    private static func check(_ body: UnsafeBufferPointer<UInt8>) -> Problem? {
        var line = 1
        var cells = 0
        var lineStart = true
        var nesting = 0
        var indent = 0
        var column = 1
        var pipes = 0
        var previous: UInt8 = 0
        for byte in body {
            if byte == 10 {
                if pipes > 0 { cells += pipes }
                if cells > ContentLimits.markdownTableCells { return tooManyCells(line: line) }
                line += 1
                (lineStart, nesting, indent, column, pipes, previous) = (true, 0, 0, 1, 0, 0)
                continue
            }
            if lineStart {
                switch byte {
                case 32: indent += 1
                case 9: indent += 4
                case UInt8(ascii: ">"): nesting += 1
                case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"): nesting += 1
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ")"): break
                default: lineStart = false
                }
                if nesting + indent / 2 > ContentLimits.markdownNesting {
                    return Problem(
                        line: line, column: column,
                        message: "Markdown nested more than \(ContentLimits.markdownNesting) quotes or lists deep; write flatter text")
                }
            }
            if byte == UInt8(ascii: "|"), previous != UInt8(ascii: "\\") {
                pipes += 1
                // A row of n cells has n + 1 pipes when written with outer pipes.
                if pipes > ContentLimits.markdownTableColumns + 1 {
                    return Problem(
                        line: line, column: column,
                        message: "a table row of more than \(ContentLimits.markdownTableColumns) cells; write at most \(ContentLimits.markdownTableColumns) columns")
                }
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            previous = byte
        }
        if pipes > 0 { cells += pipes }
        return cells > ContentLimits.markdownTableCells ? tooManyCells(line: line) : nil
    }

    private static func tooManyCells(line: Int) -> Problem {
        Problem(
            line: line, column: 1,
            message: "tables of more than \(ContentLimits.markdownTableCells.formatted()) cells in all; split the table, or link to a file")
    }
}
