import CatalogModel
import Foundation

/// A variant table follows the product's option names: each name has a column, renaming an
/// option renames its column (its values stay), clearing one removes its column. The page's
/// script does this as staff type; without it, any post of the form (Save, "Update options")
/// does it on the server, so both arrive at the same table.
extension RowTable {
    /// The form's option boxes, as the table was last drawn for them (one hidden field per box),
    /// so a post can tell a renamed option from a new one.
    static let shownOptionsField = "_shown.options"
    /// The key of the option names and of the table that follows them.
    static let optionsKey = "options"
    static let variantsKey = "variants"

    /// The column an option name gets, or nil: empty, a variant's own key (the loader says
    /// so at the options), or a character the form's marker uses as a separator.
    static func columnName(_ text: String) -> String? {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(","), !name.contains("|"), !Variant.ownKeys.contains(name) else { return nil }
        return name
    }

    /// The table's columns after the option boxes changed from `shown` to `slots`, each with the
    /// column whose values it takes (nil for a new, empty column). Box by box: a name that is
    /// still given somewhere keeps its column; otherwise its box's new name takes the column
    /// over, or the column goes. Names without a column get one after the other option
    /// columns (after the SKU for the first), in the boxes' order.
    static func followedColumns(_ columns: [String], shown: [String]?, slots: [String]) -> [(name: String, from: String?)] {
        var wanted: [String] = []
        for name in slots.compactMap(columnName) where !wanted.contains(name) { wanted.append(name) }
        var renamed: [String: String] = [:]
        var dropped: Set<String> = []
        for (index, text) in (shown ?? []).enumerated() {
            guard let old = columnName(text), columns.contains(old), !wanted.contains(old), renamed[old] == nil,
                !dropped.contains(old)
            else { continue }
            if index < slots.count, let new = columnName(slots[index]), !columns.contains(new), !renamed.values.contains(new) {
                renamed[old] = new
            } else {
                dropped.insert(old)
            }
        }
        var result: [(name: String, from: String?)] = columns.compactMap { column in
            dropped.contains(column) ? nil : (renamed[column] ?? column, column)
        }
        for name in wanted where !result.contains(where: { $0.name == name }) {
            let after = result.lastIndex { wanted.contains($0.name) } ?? result.firstIndex { $0.name == "sku" }
            result.insert((name, nil), at: after.map { $0 + 1 } ?? 0)
        }
        return result
    }

    /// The form's values with the variant table made to follow the option boxes; unchanged when
    /// the form sent no table or no option boxes.
    static func followOptions(_ values: inout [String: [String]]) {
        guard let slots = values[optionsKey], var table = read(key: variantsKey, from: values) else { return }
        let plan = followedColumns(table.columns, shown: values[shownOptionsField], slots: slots)
        table.rows = table.rows.map { row in
            var moved: [String: String] = [:]
            for column in plan { if let from = column.from, let value = row[from] { moved[column.name] = value } }
            return moved
        }
        table.columns = plan.map(\.name)
        table.store(into: &values)
        values[shownOptionsField] = slots
    }

    /// Writes the table back as the form's fields: the marker with exactly these rows (at
    /// least one, so there is always a row to fill) and a field per filled cell.
    func store(into values: inout [String: [String]]) {
        let prefix = key + "."
        for name in values.keys where name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isNumber == true {
            values[name] = nil
        }
        let count = Swift.max(rows.count, 1)
        values[Self.markerField(key)] = [columns.joined(separator: ",") + "|\(count)"]
        for (index, row) in rows.enumerated() {
            for (column, value) in row { values[Self.cellField(key, row: index, column: column)] = [value] }
        }
    }
}

/// What a post of a form asks for when it is not a save: buttons that redraw the form with
/// the change and write nothing, so they work without the page's script (which does the same
/// in the page without a round trip).
enum FormAction: Equatable {
    case save
    /// "Update options": the variant table gets a column per option name.
    case updateOptions
    /// "Add a variant": one more empty row in the table of `key`.
    case addRow(String)
    /// "Remove" on a row: the row goes, later rows move up.
    case removeRow(String, Int)

    static let field = "_action"

    init(_ value: String?) {
        let parts = (value ?? "").split(separator: ":").map(String.init)
        switch (parts.first, parts.count) {
        case ("options", 1): self = .updateOptions
        case ("add", 2): self = .addRow(parts[1])
        case ("remove", 3):
            if let row = Int(parts[2]), row >= 0 { self = .removeRow(parts[1], row) } else { self = .save }
        default: self = .save
        }
    }

    var value: String {
        switch self {
        case .save: ""
        case .updateOptions: "options"
        case .addRow(let key): "add:\(key)"
        case .removeRow(let key, let row): "remove:\(key):\(row)"
        }
    }

    /// Applies a row action to the form's values; other actions change nothing here.
    func apply(to values: inout [String: [String]]) {
        switch self {
        case .addRow(let key):
            guard var table = RowTable.read(key: key, from: values) else { return }
            table.rows.append([:])
            table.store(into: &values)
        case .removeRow(let key, let row):
            guard var table = RowTable.read(key: key, from: values), table.rows.indices.contains(row) else { return }
            table.rows.remove(at: row)
            table.store(into: &values)
        case .save, .updateOptions:
            return
        }
    }

    /// What the redrawn form says at its top.
    var notice: String? {
        switch self {
        case .save: nil
        case .updateOptions: "The variant table now has a column for each option. Nothing is saved yet."
        case .addRow: "A row was added to the table. Nothing is saved yet."
        case .removeRow: "The row was removed from the table. Nothing is saved yet."
        }
    }
}
