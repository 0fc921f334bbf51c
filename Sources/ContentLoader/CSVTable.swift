public import CatalogModel
public import Foundation
import SwiftCSV

/// A CSV file read by SwiftCSV (quoted fields with commas, doubled quotes and line breaks, a
/// byte order mark), with each row's line in the file, so a problem is reported where an editor
/// shows it. `Content/stock.csv` and the importers' exports are read through it.
public struct CSVTable: Sendable {
    public var header: [String]
    /// Each row's fields in the header's order; a row may have more or fewer than the header.
    public var fields: [[String]]
    /// The line each row starts on (the header is line 1).
    public var lines: [Int]
    public var display: String
    /// The file's lines as read, for columns in diagnostics.
    var texts: [Substring] = []


    public enum Failure: Error { case unreadable(Diagnostic) }

    public static func read(_ url: URL) throws(Failure) -> CSVTable {
        let display = url.lastPathComponent
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadable(.error("cannot read the file", at: SourceLocation(path: display)))
        }
        return try parse(data, display: display)
    }

    /// `data` as a table; `display` is what diagnostics call the file.
    public static func parse(_ data: Data, display: String) throws(Failure) -> CSVTable {
        // CRLF and CR line ends as LF, and the BOM off: what spreadsheet programs write.
        guard let text = String(validating: EditorText.normalized(data), as: UTF8.self) else {
            throw .unreadable(.error("not UTF-8 text; export the CSV as UTF-8", at: SourceLocation(path: display, line: 1, column: 1)))
        }
        let csv: EnumeratedCSV
        do {
            csv = try EnumeratedCSV(string: text, delimiter: .comma, loadColumns: false)
        } catch {
            throw .unreadable(.error("not a CSV file: \(error)", at: SourceLocation(path: display, line: 1, column: 1)))
        }
        var lines: [Int] = []
        var line = 2 + csv.header.reduce(0) { $0 + $1.count { $0 == "\n" } }
        for fields in csv.rows {
            lines.append(line)
            line += 1 + fields.reduce(0) { $0 + $1.count { $0 == "\n" } }
        }
        var table = CSVTable(header: csv.header, fields: csv.rows, lines: lines, display: display)
        table.texts = text.split(separator: "\n", omittingEmptySubsequences: false)
        return table
    }

    /// Each row by column name, fields past the header's dropped: made on each call, for a reader
    /// that goes by name (the importers) to take once.
    public func keyedRows() -> [[String: String]] {
        fields.map { fields in
            var row: [String: String] = [:]
            for (index, name) in header.enumerated() where index < fields.count { row[name] = fields[index] }
            return row
        }
    }

    /// The 1-based column where field `field` of the row starting on `line` begins, counting
    /// commas outside quotes on the line as written; 1 when the line does not reach it.
    public func column(ofField field: Int, onLine line: Int) -> Int {
        guard line >= 1, line <= texts.count else { return 1 }
        var commas = 0
        var quoted = false
        var column = 1
        for character in texts[line - 1] {
            if commas == field { return column }
            if character == "\"" { quoted.toggle() } else if character == ",", !quoted { commas += 1 }
            column += 1
        }
        return commas == field ? column : 1
    }

    /// Row `index` (0 the first after the header), at field `field`'s column.
    public func location(ofRow index: Int, field: Int = 0) -> SourceLocation {
        SourceLocation(path: display, line: lines[index], column: column(ofField: field, onLine: lines[index]))
    }
}
