import CatalogModel
import ContentLoader
import Foundation

/// A list of records inside a record (a product's variants, a promotion's stores) edited as a
/// table: a column per key, a row per item, and empty rows to add items. Cells are named
/// `variants.2.sku`; a hidden `_rows.variants` says which columns and how many rows the form
/// had, so a save reads back exactly the table it showed. A row left empty is no item.
struct RowTable: Equatable {
    var key: String
    var columns: [String]
    var rows: [[String: String]]

    /// Empty rows offered after the items, for new ones.
    static let blankRows = 3

    static func markerField(_ key: String) -> String { "_rows." + key }
    static func cellField(_ key: String, row: Int, column: String) -> String { "\(key).\(row).\(column)" }

    /// The columns every item of a key has, before keys found in the items: a variant's SKU,
    /// one column per option of the product and the variant's other keys; a store's name,
    /// address and coordinates.
    static func baseColumns(_ type: FieldType, options: [String]) -> [String]? {
        switch type {
        case .variants:
            let named = options.compactMap(columnName)
            return ["sku"] + named + Variant.ownKeys.dropFirst().filter { !named.contains($0) }
        case .stores: return Store.keys
        default: return nil
        }
    }

    /// The control of a cell, from the key table where the column is one of the model's keys.
    static func cellControl(_ type: FieldType, column: String) -> FieldControl {
        switch type {
        case .variants:
            if let rule = RecordKind.product.fields.first(where: { $0.key == column }) { return FieldControl(rule.type) }
            return .line(inputMode: nil)
        case .stores:
            return column == "latitude" || column == "longitude" ? .line(inputMode: "decimal") : .line(inputMode: nil)
        default:
            return .line(inputMode: nil)
        }
    }

    /// The table for a value from a file; nil when some item is not a map of plain values (that
    /// value is edited as YAML, so nothing in it is lost).
    static func make(key: String, node: RawNode?, base: [String]) -> RowTable? {
        guard let node, !node.isNull else { return RowTable(key: key, columns: base, rows: []) }
        guard case .list(let items) = node.value else { return nil }
        // The keys in the order the items have them, so an edit keeps the file's order.
        var found: [String] = []
        var rows: [[String: String]] = []
        for item in items {
            guard case .map(let entries) = item.value else { return nil }
            var row: [String: String] = [:]
            for entry in entries {
                guard let text = entry.value.scalarText, row[entry.key] == nil else { return nil }
                if !found.contains(entry.key) { found.append(entry.key) }
                row[entry.key] = text
            }
            rows.append(row)
        }
        return RowTable(key: key, columns: found + base.filter { !found.contains($0) }, rows: rows)
    }

    /// The table a form sent, when it sent one.
    static func read(key: String, from fields: [String: [String]]) -> RowTable? {
        guard let marker = fields[markerField(key)]?.first, let bar = marker.lastIndex(of: "|"),
            let count = Int(marker[marker.index(after: bar)...]), (0...10_000).contains(count)
        else { return nil }
        let columns = marker[..<bar].split(separator: ",").map(String.init)
        var rows: [[String: String]] = []
        for index in 0..<count {
            var row: [String: String] = [:]
            for column in columns {
                let text = (fields[cellField(key, row: index, column: column)]?.first ?? "").trimmingCharacters(in: .whitespaces)
                if !text.isEmpty { row[column] = text }
            }
            rows.append(row)
        }
        return RowTable(key: key, columns: columns, rows: rows)
    }

    /// The form's fields for this table: the marker and each cell, blank rows included.
    var fields: [String: [String]] {
        let count = rows.count + Self.blankRows
        var out: [String: [String]] = [Self.markerField(key): [columns.joined(separator: ",") + "|\(count)"]]
        for (index, row) in rows.enumerated() {
            for (column, value) in row { out[Self.cellField(key, row: index, column: column)] = [value] }
        }
        return out
    }

    /// The items, in the columns' order, without empty rows; nil when there are none.
    func node(path: String, type: FieldType) -> RawNode? {
        let location = SourceLocation(path: path)
        var items: [RawNode] = []
        for row in rows where !row.isEmpty {
            let entries = columns.compactMap { column -> RawEntry? in
                guard let text = row[column] else { return nil }
                let number = FieldControl.isNumber(text) && {
                    if case .line(let mode) = Self.cellControl(type, column: column) { return mode == "decimal" }
                    return false
                }()
                let kind: RawNode.ScalarKind = number ? (text.contains(".") ? .float : .integer) : .string
                return RawEntry(key: column, keyLocation: location, value: RawNode(.scalar(text, kind), at: location))
            }
            items.append(RawNode(.map(entries), at: location))
        }
        return items.isEmpty ? nil : RawNode(.list(items), at: location)
    }
}
