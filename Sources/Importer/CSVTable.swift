public import CatalogModel
import ContentLoader
public import Foundation
import SwiftCSV

/// A CSV file read by SwiftCSV (quoted fields with commas, doubled quotes and line breaks, a
/// byte order mark), with each row's line in the file, so a problem is reported where an editor
/// shows it.
struct CSVTable {
    var header: [String]
    var rows: [[String: String]]
    /// The line each row starts on (the header is line 1).
    var lines: [Int]
    var display: String

    enum Failure: Error { case unreadable(Diagnostic) }

    static func read(_ url: URL) throws(Failure) -> CSVTable {
        let display = url.lastPathComponent
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadable(.error("cannot read the file", at: SourceLocation(path: display)))
        }
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
        var rows: [[String: String]] = []
        var lines: [Int] = []
        var line = 2 + csv.header.reduce(0) { $0 + $1.count { $0 == "\n" } }
        for fields in csv.rows {
            lines.append(line)
            line += 1 + fields.reduce(0) { $0 + $1.count { $0 == "\n" } }
            var row: [String: String] = [:]
            for (index, name) in csv.header.enumerated() where index < fields.count { row[name] = fields[index] }
            rows.append(row)
        }
        return CSVTable(header: csv.header, rows: rows, lines: lines, display: display)
    }

    /// The table, or the diagnostic saying why not: unreadable, not CSV, or without a column
    /// the format needs (`source` says where the file comes from).
    static func read(_ url: URL, required: [String], source: String) -> Result<CSVTable, Diagnostic> {
        let table: CSVTable
        do { table = try read(url) } catch {
            switch error { case .unreadable(let diagnostic): return .failure(diagnostic) }
        }
        let missing = required.filter { !table.header.contains($0) }
        guard missing.isEmpty else {
            return .failure(.error(
                "missing column\(missing.count == 1 ? "" : "s") \(missing.map { "\"\($0)\"" }.joined(separator: ", ")); "
                    + "export the products from \(source) without removing columns",
                at: SourceLocation(path: table.display, line: 1, column: 1)))
        }
        return .success(table)
    }

    func location(ofRow index: Int) -> SourceLocation { SourceLocation(path: display, line: lines[index], column: 1) }
}
