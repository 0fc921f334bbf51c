import CatalogModel
import Foundation

extension FieldReader {
    /// An IANA zone name; an abbreviation (`PST`) or an offset is refused, since neither knows
    /// when daylight saving time starts.
    mutating func timeZone(_ key: String) -> TimeZone? {
        guard let node = value(key), let text = scalar(key, node, "a time zone such as America/Los_Angeles") else { return nil }
        let name = text.trimmingWhitespace()
        let known = TimeZone.knownTimeZoneIdentifiers
        if name == "UTC" || known.contains(name), let zone = TimeZone(identifier: name) { return zone }
        var message = "\"\(text)\" is not an IANA time zone name"
        if let close = Spelling.closest(to: name, among: known) {
            message += "; did you mean \(close)?"
        } else {
            message += "; write e.g. America/Los_Angeles, Europe/Paris or Asia/Seoul"
        }
        fail(key, node, message)
        return nil
    }

    /// `customKeys`: for each kind, by its folder name, the keys the shop uses for itself.
    mutating func customKeys(_ key: String) -> [RecordKind: Set<String>]? {
        guard let node = value(key) else { return nil }
        guard case .map(let entries) = node.value else {
            fail(key, node, "expected a set of kinds, e.g. {\"products\": [\"ingredients\"]}, found a \(node.shapeName)")
            return nil
        }
        let names = RecordKind.allCases.map(\.pluralName)
        var out: [RecordKind: Set<String>] = [:]
        for entry in entries {
            let path = key + "." + entry.key
            guard let kind = RecordKind.allCases.first(where: { $0.pluralName == entry.key }) else {
                let close = Spelling.closest(to: entry.key, among: names)
                report(.error(
                    "\(path): `\(entry.key)` is not a kind of record; "
                        + (close.map { "did you mean `\($0)`?" } ?? "write one of " + names.joined(separator: ", ")),
                    at: entry.keyLocation))
                continue
            }
            guard case .list(let items) = entry.value.value else {
                fail(path, entry.value, "expected a list of keys, e.g. [\"ingredients\"], found a \(entry.value.shapeName)")
                continue
            }
            let known = kind.knownKeys(json: true)
            var keys = Set<String>()
            for item in items {
                guard let text = scalar(path, item, "a key") else { continue }
                if !Self.isKey(text) {
                    fail(path, item, "\"\(text)\" is not a key: keys are letters and digits, starting with a letter, e.g. ingredients")
                } else if known.contains(text) {
                    report(.warning(
                        "\(path): `\(text)` is a key Vitrine knows for \(entry.key); remove it from customKeys", at: item.location))
                } else {
                    keys.insert(text)
                }
            }
            out[kind, default: []].formUnion(keys)
        }
        return out
    }

    /// The keys `site.json` lists for itself under `customKeys.site`, read before the file's own
    /// keys are checked; `customKeys` itself reports any mistake in them.
    static func ownCustomKeys(in root: RawNode?) -> Set<String> {
        guard case .map(let entries)? = root?.value,
            case .map(let kinds)? = entries.last(where: { $0.key == "customKeys" })?.value.value,
            case .list(let items)? = kinds.last(where: { $0.key == RecordKind.site.pluralName })?.value.value
        else { return [] }
        return Set(items.compactMap(\.scalarText))
    }

    /// camelCase as the contract has it: letters and digits, a letter first.
    static func isKey(_ text: String) -> Bool {
        guard let first = text.utf8.first, (65...90).contains(first) || (97...122).contains(first) else { return false }
        return text.utf8.allSatisfy { (65...90).contains($0) || (97...122).contains($0) || (48...57).contains($0) }
    }
}
