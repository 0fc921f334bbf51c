public import CatalogModel
public import Foundation

/// One language's string table, a theme file `i18n/<language>.json`: a JSON object from message
/// id to either a string with `{name}` placeholders or an object of CLDR plural categories
/// (`zero`, `one`, `two`, `few`, `many`, `other`; `other` required) chosen by `count`.
///
/// Messages are plain text: whoever prints one escapes it for where it goes (HTML, JSON, e-mail).
public struct MessageTable: Sendable {
    /// `en`, `ko`: the file's name without `.json`.
    public let language: String
    /// How diagnostics name the file: `Templates/i18n/ko.json`, `(built-in)/i18n/en.json`.
    public let path: String
    public let messages: [String: Message]
    /// Where each message's id is written, for diagnostics about it.
    public let locations: [String: SourceLocation]

    public init(language: String, path: String, messages: [String: Message], locations: [String: SourceLocation] = [:]) {
        self.language = language
        self.path = path
        self.messages = messages
        self.locations = locations
    }

    /// The folder of a theme that holds the tables, and their file extension.
    public static let folder = "i18n"
    public static let fileExtension = "json"

    /// The language a theme-relative path holds the table of (`i18n/ko.json` → `ko`), or nil for
    /// any other file.
    public static func language(ofThemePath relative: String) -> String? {
        let prefix = folder + "/", suffix = "." + fileExtension
        guard relative.hasPrefix(prefix), relative.hasSuffix(suffix) else { return nil }
        let name = relative.dropFirst(prefix.count).dropLast(suffix.count)
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return String(name)
    }

    /// Reads a table. Every problem is a diagnostic at its line and column; the messages that
    /// are well formed are kept, so one bad entry costs only itself.
    public static func parse(_ data: Data, language: String, path: String) -> (table: MessageTable, diagnostics: [Diagnostic]) {
        var messages: [String: Message] = [:]
        var locations: [String: SourceLocation] = [:]
        var diagnostics: [Diagnostic] = []
        guard let text = String(data: data, encoding: .utf8) else {
            let empty = MessageTable(language: language, path: path, messages: [:])
            return (empty, [.error("cannot read the table as UTF-8 text", at: SourceLocation(path: path))])
        }
        var reader = TableReader(text: text, path: path)
        do {
            for entry in try reader.readTable() {
                let at = entry.location
                if messages[entry.id] != nil {
                    diagnostics.append(.error("message \"\(entry.id)\" is defined twice", at: at))
                    continue
                }
                switch entry.value {
                case .text(let string):
                    messages[entry.id] = .text(MessageText(parsing: string))
                case .forms(let forms):
                    var parsed: [PluralCategory: MessageText] = [:]
                    var valid = true
                    for (name, string, location) in forms {
                        guard let category = PluralCategory(rawValue: name) else {
                            let names = PluralCategory.allCases.map(\.rawValue).joined(separator: ", ")
                            diagnostics.append(.error("\"\(name)\" is not a CLDR plural category (\(names))", at: location))
                            valid = false
                            continue
                        }
                        parsed[category] = MessageText(parsing: string)
                    }
                    guard parsed[.other] != nil else {
                        diagnostics.append(.error("plural message \"\(entry.id)\" has no \"other\" form, which every language needs", at: at))
                        continue
                    }
                    if valid { messages[entry.id] = .plural(parsed) }
                }
                locations[entry.id] = at
            }
        } catch {
            diagnostics.append(error)
        }
        return (MessageTable(language: language, path: path, messages: messages, locations: locations), diagnostics)
    }

    /// What this table (a translation) gets wrong against `reference` (English, which defines the
    /// messages and their placeholders): placeholders the reference's message lacks are errors,
    /// as the page has no value for them; a plural message without a category its language needs
    /// is a warning (`other` is shown instead).
    public func placeholderDiagnostics(against reference: MessageTable) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (id, message) in messages {
            let at = locations[id] ?? SourceLocation(path: path)
            // A message English lacks is a theme's own, or a typo: `unknownMessageDiagnostics`.
            guard let known = reference.messages[id] else { continue }
            let allowed = Set(known.parameters).union(Self.pluralParameters(of: known))
            for name in message.parameters where !allowed.contains(name) {
                var text = "message \"\(id)\" uses the placeholder {\(name)}, which it is not given"
                text += allowed.isEmpty ? "; it takes none" : "; it takes " + allowed.sorted().map { "{\($0)}" }.joined(separator: ", ")
                diagnostics.append(.error(text, at: at))
            }
            if case .plural(let forms) = message {
                let missing = PluralCategory.required(in: language).subtracting(forms.keys).sorted()
                if !missing.isEmpty {
                    diagnostics.append(.warning(
                        "plural message \"\(id)\" lacks " + missing.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                            + ", which \(language) needs; \"other\" is shown instead", at: at))
                }
            }
        }
        return diagnostics.sorted()
    }

    /// Messages of this table (a translation) that `reference` (the theme's English) lacks: a
    /// page asks for English's ids, so such a message is a misspelt id or one left over.
    public func unknownMessageDiagnostics(against reference: MessageTable) -> [Diagnostic] {
        messages.keys.filter { reference.messages[$0] == nil }.sorted().map { id in
            var text = "message \"\(id)\" is not in the \(reference.language) table, so no page asks for it"
            if let close = Spelling.closest(to: id, among: Array(reference.messages.keys)) { text += "; did you mean \"\(close)\"?" }
            return .warning(text, at: locations[id] ?? SourceLocation(path: path))
        }
    }

    /// The messages `reference` has and this table lacks, sorted: what a translator still has to
    /// write. A page shows the reference's text for each.
    public func missingMessages(against reference: MessageTable) -> [String] {
        reference.messages.keys.filter { messages[$0] == nil }.sorted()
    }

    /// One warning per missing message, at the table's file (or where it would be).
    public func missingDiagnostics(against reference: MessageTable) -> [Diagnostic] {
        missingMessages(against: reference).map { id in
            .warning("message \"\(id)\" has no \(language) text; pages show the \(reference.language) one", at: SourceLocation(path: path))
        }
    }

    /// A plural message may always use `{count}`, even where English's forms happen not to.
    private static func pluralParameters(of message: Message) -> [String] {
        if case .plural = message { return [Message.pluralParameter] }
        return []
    }
}
