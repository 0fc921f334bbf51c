/// A `.md` content file split into its YAML front matter and Markdown body.
struct FrontMatter {
    var yaml: String
    /// Line of the file on which the YAML starts (the line after the opening `---`).
    var yamlFirstLine: Int
    var body: String
    /// Line of the file on which the body starts, for diagnostics about the Markdown.
    var bodyFirstLine: Int

    enum Problem: Error {
        case missingOpening
        case missingClosing(openingLine: Int)
    }

    /// Front matter sits between a first line `---` and the next line that is exactly `---`
    /// (trailing spaces and a CR allowed). Scans bytes: it runs once per content file.
    static func split(_ text: String) -> Result<FrontMatter, Problem> {
        let bytes = Array(text.utf8)
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        func lineEnd(from index: Int) -> Int {
            var i = index
            while i < bytes.count, bytes[i] != 10 { i += 1 }
            return i
        }
        func isFence(_ from: Int, _ to: Int) -> Bool {
            var end = to
            while end > from, bytes[end - 1] == 13 || bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
            return end - from == 3 && bytes[from] == 45 && bytes[from + 1] == 45 && bytes[from + 2] == 45
        }
        let firstEnd = lineEnd(from: start)
        guard isFence(start, firstEnd) else { return .failure(.missingOpening) }
        var lineStart = firstEnd + 1
        while lineStart <= bytes.count {
            let end = lineEnd(from: lineStart)
            if lineStart < bytes.count, isFence(lineStart, end) {
                let yamlEnd = max(firstEnd + 1, lineStart - 1)
                let yaml = firstEnd + 1 < yamlEnd ? String(decoding: bytes[(firstEnd + 1)..<yamlEnd], as: UTF8.self) : ""
                let body = end + 1 < bytes.count ? String(decoding: bytes[(end + 1)...], as: UTF8.self) : ""
                let bodyFirstLine = 2 + bytes[start..<lineStart].count { $0 == 10 }
                return .success(FrontMatter(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: bodyFirstLine))
            }
            lineStart = end + 1
        }
        return .failure(.missingClosing(openingLine: 1))
    }
}
