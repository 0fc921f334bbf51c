/// A `.md` content file split into its YAML front matter and Markdown body.
struct FrontMatter {
    var yaml: String
    /// Line of the file on which the YAML starts (the line after the opening `---`).
    var yamlFirstLine: Int
    var body: String

    enum Problem: Error {
        case missingOpening
        case missingClosing(openingLine: Int)
    }

    /// Front matter sits between a first line `---` and the next line that is exactly `---`.
    static func split(_ text: String) -> Result<FrontMatter, Problem> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        func isFence(_ line: Substring) -> Bool {
            var l = line
            if l.hasSuffix("\r") { l = l.dropLast() }
            while l.last == " " || l.last == "\t" { l = l.dropLast() }
            return l == "---"
        }
        guard let first = lines.first, isFence(first) else { return .failure(.missingOpening) }
        guard let end = lines.dropFirst().firstIndex(where: isFence) else { return .failure(.missingClosing(openingLine: 1)) }
        let yaml = lines[1..<end].joined(separator: "\n")
        let body = lines[(end + 1)...].joined(separator: "\n")
        return .success(FrontMatter(yaml: yaml, yamlFirstLine: 2, body: body))
    }
}
