/// Reads Mustache source a line at a time, as the specification's standalone-line rules need:
/// a section, comment, partial, block or delimiter tag alone on its line takes the line with it.
struct TemplateParser {
    private let bytes: [UInt8]
    private var position = 0
    private var opening: [UInt8] = Array("{{".utf8)
    private var closing: [UInt8] = Array("}}".utf8)
    private(set) var partialUses: [PartialUse] = []
    private(set) var nameUses: [NameUse] = []
    /// Sections the parser is inside that push a context (`{{#x}}`, not `{{^x}}`).
    private var contextDepth = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func parseTemplate() throws(TemplateSyntaxError) -> [TemplateNode] {
        try parseNodes(closingName: nil, mode: .normal, atLineStart: true, strip: 0).nodes
    }

    enum Mode {
        case normal
        /// Directly inside `{{<parent}}`: only `{{$block}}` definitions count, text is ignored.
        case parentArguments
    }

    struct Parsed {
        var nodes: [TemplateNode] = []
        var blocks: [TemplateKey: [TemplateNode]] = [:]
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// Parses until `{{/closingName}}` (or the end when nil). `strip` is how many leading blanks
    /// every line loses: a block's own indentation, removed where it is defined and added back
    /// where it is expanded.
    private mutating func parseNodes(
        closingName: String?, mode: Mode, atLineStart: Bool, strip: Int, openedAt: Int = 0
    ) throws(TemplateSyntaxError) -> Parsed {
        var parsed = Parsed()
        var lineStart = atLineStart
        var blanks: [UInt8] = []
        func emit(_ node: TemplateNode) {
            if mode == .parentArguments {
                if case .text = node { return }
            }
            parsed.nodes.append(node)
        }
        func flushBlanks() {
            if !blanks.isEmpty { emit(.text(blanks)) }
            blanks = []
        }
        while position < bytes.count {
            if lineStart {
                let start = position
                position = endOfBlanks(from: start)
                blanks = Array(bytes[min(start + strip, position)..<position])
            }
            let textStart = position
            while position < bytes.count, bytes[position] != Self.newline, !atOpening() { position += 1 }
            if position < bytes.count, bytes[position] == Self.newline {
                position += 1
                emit(.text(blanks + bytes[textStart..<position]))
                blanks = []
                lineStart = true
                continue
            }
            if position > textStart {
                emit(.text(blanks + bytes[textStart..<position]))
                blanks = []
                lineStart = false
            }
            guard position < bytes.count else { break }
            let tagStart = position
            position += opening.count
            var standalone = false
            let sigil = position < bytes.count ? bytes[position] : 0
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                position += 1
                let name = try readName(tagStart: tagStart)
                recordUse(of: name.name, at: tagStart)
                standalone = takeLineEndIfStandalone(lineStart)
                if !standalone { flushBlanks() }
                let pushes = sigil == UInt8(ascii: "#")
                if pushes { contextDepth += 1 }
                let inner = try parseNodes(closingName: name.text, mode: .normal, atLineStart: standalone, strip: strip, openedAt: tagStart)
                if pushes { contextDepth -= 1 }
                emit(.section(name.name, inner.nodes, inverted: !pushes))
            case UInt8(ascii: "/"):
                position += 1
                let name = try readTagText(tagStart: tagStart)
                guard let closingName else {
                    throw error("{{/\(name)}} closes a section that was never opened", at: tagStart)
                }
                guard name == closingName else {
                    throw error(
                        "section closed with a different name than it was opened with; close {{#\(closingName)}} with {{/\(closingName)}}",
                        at: tagStart)
                }
                if !takeLineEndIfStandalone(lineStart) { flushBlanks() }
                return parsed
            case UInt8(ascii: "!"):
                guard let end = find(closing, from: position) else { throw error("unfinished comment; close it with \(text(closing))", at: tagStart) }
                position = end + closing.count
                standalone = takeLineEndIfStandalone(lineStart)
                if standalone { blanks = [] }
            case UInt8(ascii: "{"):
                flushBlanks()
                position += 1
                let end = Array("}".utf8) + closing
                guard let close = find(end, from: position) else { throw error("unfinished tag; close it with }\(text(closing))", at: tagStart) }
                let name = try self.name(trimmed(position, close), at: tagStart)
                recordUse(of: name, at: tagStart)
                position = close + end.count
                emit(.variable(name, escaped: false))
            case UInt8(ascii: "&"):
                flushBlanks()
                position += 1
                let name = try readName(tagStart: tagStart).name
                recordUse(of: name, at: tagStart)
                emit(.variable(name, escaped: false))
            case UInt8(ascii: ">"):
                position += 1
                let partial = try readPartialName(tagStart: tagStart)
                recordUse(of: partial, at: tagStart)
                // The blanks before a partial stay as text; alone on its line, it repeats them on every line.
                let indentation = blanks
                flushBlanks()
                standalone = takeLineEndIfStandalone(lineStart)
                emit(.partial(partial, indentation: standalone ? indentation : [], overrides: nil))
            case UInt8(ascii: "<"):
                position += 1
                let partial = try readPartialName(tagStart: tagStart)
                recordUse(of: partial, at: tagStart)
                let closingText: String
                switch partial {
                case .fixed(let name): closingText = name.text
                case .dynamic(let name): closingText = "*" + name.keys.map(\.text).joined(separator: ".")
                }
                let indentation = lineStart ? blanks : []
                flushBlanks()
                standalone = takeLineEndIfStandalone(lineStart)
                // Inside a parent tag a new line starts: `{{<parent}}{{/parent}}` alone on a line is standalone.
                let arguments = try parseNodes(closingName: closingText, mode: .parentArguments, atLineStart: true, strip: strip, openedAt: tagStart)
                emit(.partial(partial, indentation: indentation, overrides: arguments.blocks))
            case UInt8(ascii: "$"):
                position += 1
                let name = try readTagText(tagStart: tagStart)
                let atStart = lineStart
                let indentation = blanks
                standalone = takeLineEndIfStandalone(lineStart)
                // A block opened alone on its line takes its indentation from its first line.
                let own = standalone ? leadingBlanks(from: position, skipping: strip) : 0
                if mode == .parentArguments {
                    blanks = []
                    let inner = try parseNodes(closingName: name, mode: .normal, atLineStart: standalone, strip: strip + own, openedAt: tagStart)
                    if parsed.blocks[TemplateKey(name)] == nil { parsed.blocks[TemplateKey(name)] = inner.nodes }
                } else if standalone {
                    blanks = []
                    let from = position + strip
                    let reindent = Array(bytes[min(from, bytes.count)..<min(from + own, bytes.count)])
                    let inner = try parseNodes(closingName: name, mode: .normal, atLineStart: true, strip: strip + own, openedAt: tagStart)
                    emit(.block(TemplateKey(name), inner.nodes, indentation: reindent))
                } else {
                    flushBlanks()
                    let inner = try parseNodes(closingName: name, mode: .normal, atLineStart: false, strip: strip, openedAt: tagStart)
                    emit(.block(TemplateKey(name), inner.nodes, indentation: atStart ? indentation : []))
                }
            case UInt8(ascii: "="):
                position += 1
                try setDelimiters(tagStart: tagStart)
                standalone = takeLineEndIfStandalone(lineStart)
                if standalone { blanks = [] }
            case UInt8(ascii: "%"):
                position += 1
                let pragma = try readTagText(tagStart: tagStart)
                let parts = pragma.split(separator: ":", maxSplits: 1).map { $0.trimmingBlanks() }
                guard parts.count == 2, parts[0] == "CONTENT_TYPE" else {
                    throw error("unknown pragma \(pragma); write {{%CONTENT_TYPE:HTML}} or {{%CONTENT_TYPE:TEXT}}", at: tagStart)
                }
                switch parts[1] {
                case "HTML": emit(.contentType(escapes: true))
                case "TEXT": emit(.contentType(escapes: false))
                default: throw error("unknown content type \(parts[1]); write HTML or TEXT", at: tagStart)
                }
                standalone = takeLineEndIfStandalone(lineStart)
                if standalone { blanks = [] }
            default:
                flushBlanks()
                let name = try readName(tagStart: tagStart).name
                recordUse(of: name, at: tagStart)
                emit(.variable(name, escaped: true))
            }
            lineStart = standalone
        }
        if let closingName {
            throw error("section `\(closingName)` is never closed; add {{/\(closingName)}}", at: openedAt)
        }
        if !blanks.isEmpty { emit(.text(blanks)) }
        return parsed
    }

    private func atOpening() -> Bool {
        guard bytes[position] == opening[0], position + opening.count <= bytes.count else { return false }
        for offset in 1..<opening.count where bytes[position + offset] != opening[offset] { return false }
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Where the run of spaces and tabs starting at `start` ends.
    private func endOfBlanks(from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == Self.space || bytes[index] == Self.tab { index += 1 }
        return index
    }

    /// A name looked up through the context stack (not `.`, `.name` or a transform's position),
    /// kept by offset: working out its line for every tag would be most of parsing a template.
    private mutating func recordUse(of name: TemplateName, at offset: Int) {
        guard name.scope == .stack, let first = name.keys.first else { return }
        nameUses.append(NameUse(name: first.text, offset: offset, inSection: contextDepth > 0))
    }

    private mutating func recordUse(of partial: PartialName, at offset: Int) {
        guard case .fixed(let name) = partial else { return }
        let (line, column) = lineAndColumn(of: offset)
        partialUses.append(PartialUse(name: name.text, line: line, column: column))
    }

    /// After a tag: when only blanks were before it on its line and only blanks follow up to the
    /// line end, consumes them and the line end.
    private mutating func takeLineEndIfStandalone(_ lineStart: Bool) -> Bool {
        guard lineStart else { return false }
        let index = endOfBlanks(from: position)
        if index == bytes.count {
            position = index
            return true
        }
        if bytes[index] == Self.newline {
            position = index + 1
            return true
        }
        if bytes[index] == Self.carriageReturn, index + 1 < bytes.count, bytes[index + 1] == Self.newline {
            position = index + 2
            return true
        }
        return false
    }

    /// The blanks that start the line at `start`, after the first `skipping` of them.
    private func leadingBlanks(from start: Int, skipping: Int) -> Int {
        max(0, endOfBlanks(from: start) - start - skipping)
    }

    private mutating func readTagText(tagStart: Int) throws(TemplateSyntaxError) -> String {
        guard let end = find(closing, from: position) else { throw error("unfinished tag; close it with \(text(closing))", at: tagStart) }
        let content = trimmed(position, end)
        position = end + closing.count
        return content
    }

    private mutating func readName(tagStart: Int) throws(TemplateSyntaxError) -> (name: TemplateName, text: String) {
        let content = try readTagText(tagStart: tagStart)
        return (try name(content, at: tagStart), content)
    }

    private mutating func readPartialName(tagStart: Int) throws(TemplateSyntaxError) -> PartialName {
        var content = try readTagText(tagStart: tagStart)
        guard !content.isEmpty else { throw error("a partial tag needs a template name, e.g. {{> partials/header}}", at: tagStart) }
        if content.hasPrefix("*") {
            content = String(content.dropFirst()).trimmingBlanks()
            return .dynamic(try name(content, at: tagStart))
        }
        return .fixed(TemplateKey(content))
    }

    private mutating func setDelimiters(tagStart: Int) throws(TemplateSyntaxError) {
        let end = [UInt8(ascii: "=")] + closing
        guard let close = find(end, from: position) else {
            throw error("invalid set-delimiter tag; write e.g. {{=<% %>=}}", at: tagStart)
        }
        let parts = trimmed(position, close).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error("invalid set-delimiter tag; write e.g. {{=<% %>=}}", at: tagStart)
        }
        position = close + end.count
        opening = Array(parts[0].utf8)
        closing = Array(parts[1].utf8)
    }

    private func trimmed(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self).trimmingBlanks()
    }

    private func text(_ delimiter: [UInt8]) -> String { String(decoding: delimiter, as: UTF8.self) }

    /// `name`, `a.b`, `.`, `.name`, `empty(tags)`, `first()`.
    private func name(_ text: String, at tagStart: Int) throws(TemplateSyntaxError) -> TemplateName {
        guard !text.isEmpty, !text.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else {
            throw error("a tag needs one name without spaces, e.g. {{title}}", at: tagStart)
        }
        var transforms: [String] = []
        var inner = Substring(text)
        while let open = inner.firstIndex(of: "(") {
            guard inner.hasSuffix(")") else { throw error("unfinished transform in \(text); write e.g. empty(tags)", at: tagStart) }
            transforms.append(String(inner[..<open]))
            inner = inner[inner.index(after: open)..<inner.index(before: inner.endIndex)]
        }
        if inner.contains(")") { throw error("unbalanced parentheses in \(text)", at: tagStart) }
        if inner.isEmpty {
            guard !transforms.isEmpty else { throw error("a tag needs a name", at: tagStart) }
            return TemplateName(scope: .position, parts: [], transforms: transforms)
        }
        if inner == "." { return TemplateName(scope: .current, parts: [], transforms: transforms) }
        let innermost = inner.hasPrefix(".")
        let parts = inner.split(separator: ".", omittingEmptySubsequences: false).dropFirst(innermost ? 1 : 0).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { throw error("empty part in the dotted name \(text)", at: tagStart) }
        return TemplateName(scope: innermost ? .innermost : .stack, parts: parts, transforms: transforms)
    }

    func error(_ message: String, at offset: Int) -> TemplateSyntaxError {
        let (line, column) = lineAndColumn(of: offset)
        return TemplateSyntaxError(message: message, line: line, column: column)
    }

    /// 1-based, the column in characters.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == Self.newline {
            line += 1
            lineStart = index + 1
        }
        return (line, String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1)
    }
}

extension StringProtocol {
    func trimmingBlanks() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\n" || first == "\r\n" || first == "\r" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\n" || last == "\r\n" || last == "\r" { slice = slice.dropLast() }
        return String(slice)
    }
}
