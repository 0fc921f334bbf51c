import CatalogModel
import ContentLoader
import Foundation

/// `vitrine check`'s messages about a table's items said in the form's terms: the row and the
/// column ("Variant 2, Price: …") where the file's terms are keys and lines
/// ("missing required key `variants.shade` …; add e.g. shade: …"). The save wrote the items
/// itself, so the line a message points at tells the row it came from.
struct RowMessages {
    let key: String
    let columns: [String]
    /// "Variant", "Store".
    let item: String
    /// The first line of each written item, with the table row it came from.
    let starts: [(line: Int, row: Int)]

    init?(table: RowTable, written: Data, kind: RecordKind, isJSON: Bool, path: String) {
        guard let source = try? RecordSource.parse(written, kind: kind, isJSON: isJSON, path: path).get(),
            case .list(let items)? = source.entry(table.key)?.value.value
        else { return nil }
        let filled = table.rows.indices.filter { !table.rows[$0].isEmpty }
        guard filled.count == items.count else { return nil }
        key = table.key
        columns = table.columns
        item = RecordForm.itemName(table.key)
        starts = zip(items, filled).map { ($0.location.line, $1) }
    }

    /// The row whose item holds a line.
    func row(atLine line: Int) -> Int? {
        starts.last { $0.line <= line }?.row
    }

    /// The field (a cell, or the table) a diagnostic about the table belongs to, and its message
    /// in the form's terms; nil for a diagnostic about something else.
    func place(_ diagnostic: Diagnostic) -> (field: String, message: String)? {
        let message = diagnostic.message
        let prefix = key + "."
        let column: String?
        var text: String
        let missing = "missing required key `\(prefix)"
        let unknown = "`\(prefix)"
        if message.hasPrefix(missing) {
            column = String(message.dropFirst(missing.count).prefix { $0 != "`" })
            text = "is missing; every \(item.lowercased()) needs one"
        } else if message.hasPrefix(unknown) {
            column = String(message.dropFirst(unknown.count).prefix { $0 != "`" })
            text = "is no option of this product; add it as an option or clear its column"
        } else if message.hasPrefix(prefix), let colon = message.range(of: ": ") {
            column = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<colon.lowerBound])
            text = String(message[colon.upperBound...])
        } else if message.hasPrefix(key + ": ") {
            column = nil
            text = String(message.dropFirst(key.count + 2))
        } else {
            return nil
        }
        text = rowsForLines(text)
        let label = EditorPage.label(key)
        guard let row = row(atLine: diagnostic.location.line) else {
            return (key, "\(label): " + (column.map { "\(EditorPage.label($0)) " } ?? "") + text)
        }
        let which = "\(item) \(row + 1)"
        guard let column else { return (key, "\(which): \(text)") }
        let field = columns.contains(column) ? RowTable.cellField(key, row: row, column: column) : key
        if message.hasPrefix(missing) || message.hasPrefix(unknown) {
            return (field, "\(which): \(EditorPage.label(column)) \(text)")
        }
        return (field, "\(which), \(EditorPage.label(column)): \(text)")
    }

    /// "the variant at line 14" → "variant 2", "also at line 14" → "also in variant 2".
    private func rowsForLines(_ text: String) -> String {
        var out = text
        for (phrase, replacement) in [("the \(item.lowercased()) at line ", ""), ("at line ", "in ")] {
            while let range = out.range(of: phrase) {
                let digits = out[range.upperBound...].prefix { $0.isNumber }
                guard let line = Int(digits), let row = row(atLine: line) else { break }
                let end = out.index(range.upperBound, offsetBy: digits.count)
                out.replaceSubrange(range.lowerBound..<end, with: "\(replacement)\(item.lowercased()) \(row + 1)")
            }
        }
        return out
    }
}
