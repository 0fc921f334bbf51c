import CatalogModel

/// A content file as text: YAML front matter with every value written as a JSON string, number
/// or list (JSON is YAML's flow style, so quoting is never ambiguous), then the Markdown body.
struct FrontMatterWriter {
    private var lines: [String] = ["---"]

    mutating func text(_ key: String, _ value: String?) {
        guard let value else { return }
        lines.append("\(key): " + JSONValue.string(value).encoded())
    }

    mutating func raw(_ key: String, _ value: String?) {
        guard let value else { return }
        lines.append("\(key): \(value)")
    }

    mutating func list(_ key: String, _ values: [String]) {
        guard !values.isEmpty else { return }
        lines.append("\(key): " + JSONValue.array(values.map(JSONValue.string)).encoded())
    }

    /// Lines written as they are (a list of variants).
    mutating func block(_ lines: [String]) { self.lines += lines }

    func file(body: String) -> String {
        (lines + ["---"]).joined(separator: "\n") + "\n" + body + (body.hasSuffix("\n") || body.isEmpty ? "" : "\n")
    }
}
