public import CatalogModel
public import Foundation

/// A record file as written: its top-level keys in order, each with its parsed value and the
/// lines it takes, and its Markdown body. The editor rewrites only the keys a form changed and
/// keeps every other line (comments, quoting, keys it does not know) as the file had them.
public struct RecordSource: Sendable {
    public struct Entry: Sendable {
        public var key: String
        public var value: RawNode
        /// Lines of the front matter (0-based, among `frontMatterLines`) the entry takes: its key
        /// line to the line before the next key. Empty for `.json` files, which are rewritten whole.
        public var lines: Range<Int>
    }

    public var isJSON: Bool
    public var entries: [Entry]
    /// Where a `.json` file had its body key, among `entries`, so a rewrite keeps it there.
    public var bodyPosition: Int?
    /// Lines before the first key (comments), kept at the top.
    public var leadingLines: Range<Int>
    public var frontMatterLines: [String]
    /// The Markdown after the front matter; for `.json`, the kind's body key's text.
    public var body: String
    /// File line of the first front-matter line (2 after the opening `---`).
    public var firstLine: Int

    public func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

    /// Reads a file as the loader does (line endings normalised). The failure is the diagnostic
    /// the build would print for the same bytes.
    public static func parse(_ data: Data, kind: RecordKind, isJSON: Bool, path: String) -> Result<RecordSource, Diagnostic> {
        let bytes = EditorText.normalized(data)
        let text: String
        switch EditorText.text(bytes, path: path) {
        case .success(let decoded): text = decoded
        case .failure(let d): return .failure(d)
        }
        if isJSON {
            let root: RawNode?
            switch StructuredText.parseJSON(bytes, text: text, path: path) {
            case .success(let node): root = node
            case .failure(let d): return .failure(d)
            }
            guard case .map(let pairs)? = root?.value else {
                return .failure(.error("the file must hold one JSON object", at: SourceLocation(path: path, line: 1, column: 1)))
            }
            var entries: [Entry] = []
            var body = ""
            var bodyPosition: Int?
            for pair in pairs {
                if pair.key == kind.jsonBodyKey, let text = pair.value.scalarText {
                    body = text
                    bodyPosition = entries.count
                    continue
                }
                entries.append(Entry(key: pair.key, value: pair.value, lines: 0..<0))
            }
            return .success(RecordSource(
                isJSON: true, entries: entries, bodyPosition: bodyPosition, leadingLines: 0..<0, frontMatterLines: [], body: body, firstLine: 1))
        }
        let front: FrontMatter
        switch FrontMatter.split(text) {
        case .success(let split): front = split
        case .failure:
            return .failure(.error(
                "missing front matter; start the file with a line ---, the keys, and another line ---",
                at: SourceLocation(path: path, line: 1, column: 1)))
        }
        let root: RawNode?
        switch StructuredText.parseYAML(front.yaml, path: path, firstLine: front.yamlFirstLine) {
        case .success(let node): root = node
        case .failure(let d): return .failure(d)
        }
        let lines = front.yaml.isEmpty ? [] : front.yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var pairs: [RawEntry] = []
        if case .map(let found)? = root?.value { pairs = found }
        let starts = pairs.map { max(0, $0.keyLocation.line - front.yamlFirstLine) }
        var entries: [Entry] = []
        for (i, pair) in pairs.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1] : lines.count
            entries.append(Entry(key: pair.key, value: pair.value, lines: starts[i]..<max(starts[i], end)))
        }
        return .success(RecordSource(
            isJSON: false, entries: entries, bodyPosition: nil, leadingLines: 0..<(starts.first ?? lines.count), frontMatterLines: lines,
            body: front.body, firstLine: front.yamlFirstLine))
    }

    /// YAML typed into the editor (a list of variants, a store's coordinates), read as front
    /// matter is; `path` is what a diagnostic calls it.
    public static func parseYAMLValue(_ text: String, path: String) -> Result<RawNode?, Diagnostic> {
        StructuredText.parseYAML(text, path: path, firstLine: 1)
    }
}
