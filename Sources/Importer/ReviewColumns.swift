import Foundation

/// A review export's header, looked up by name whatever its spelling: services and their versions
/// write the same column as `Review Title`, `review_title` or `review-title`, so names are
/// compared lower-cased with spaces, hyphens and dots read as underscores.
struct ReviewColumns {
    /// Normalized name → the header as written.
    private var byName: [String: String] = [:]

    init(_ header: [String]) {
        for name in header {
            let key = Self.normalized(name)
            if byName[key] == nil { byName[key] = name }
        }
    }

    static func normalized(_ name: String) -> String {
        var out = ""
        var lastUnderscore = true
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                out.append(character)
                lastUnderscore = false
            } else if !lastUnderscore {
                out.append("_")
                lastUnderscore = true
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        return out
    }

    /// The first of `names` (normalized spellings) the header has, as written there.
    func column(_ names: [String]) -> String? { names.lazy.compactMap { byName[$0] }.first }

    func has(_ names: [String]) -> Bool { column(names) != nil }

    /// The row's value in the first of `names` the header has, trimmed; empty when none.
    func value(_ row: [String: String], _ names: [String]) -> String {
        guard let column = column(names) else { return "" }
        return row[column, default: ""].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `true`, `yes`, `1` (any case) as true; anything else false.
    func flag(_ row: [String: String], _ names: [String]) -> Bool? {
        guard has(names) else { return nil }
        switch value(row, names).lowercased() {
        case "true", "yes", "y", "1", "t": return true
        default: return false
        }
    }
}
