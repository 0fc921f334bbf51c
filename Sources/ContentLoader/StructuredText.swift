public import CatalogModel
public import Foundation
import Yams

/// YAML and JSON into `RawNode`s that remember their line and column. JSON goes through libyaml
/// too (JSON is YAML's flow style), which gives positions Foundation's parser does not.
public enum StructuredText {
    /// The YAML 1.1 types `convert` tells apart. Yams composes with no rules (`.basic`), so it runs
    /// no regular expression on the ten thousand plain scalars of a large catalog; `plainKind`
    /// applies these only to the few plain scalars that could match one.
    static let kindRules = Resolver.default.removing(.timestamp).removing(.merge).removing(.value)

    /// Parses YAML whose first line is line `firstLine` of `path`.
    ///
    /// Flat front matter first: it has no alias and no nesting, so it cannot break a bound, and
    /// checking bounds with libyaml's event parser took as long as reading it.
    static func parseYAML(_ text: String, path: String, firstLine: Int) -> Result<RawNode?, Diagnostic> {
        if let flat = FlatYAML.parse(text, path: path, lineOffset: firstLine - 1) { return .success(flat) }
        if let refusal = YAMLBounds.check(text, path: path, lineOffset: firstLine - 1) { return .failure(refusal) }
        return parseWithYams(text, path: path, firstLine: firstLine)
    }

    /// Any YAML, through libyaml.
    static func parseWithYams(_ text: String, path: String, firstLine: Int) -> Result<RawNode?, Diagnostic> {
        do {
            // An explicit encoding: Yams' default reads the process environment on every call.
            guard let node = try Yams.compose(yaml: text, .basic, .default, .utf8) else { return .success(nil) }
            return .success(convert(node, path: path, lineOffset: firstLine - 1))
        } catch let error as YamlError {
            if let tab = tabIndentation(in: text, near: errorLine(error)) {
                return .failure(.error(
                    "a tab indents this line; YAML indents with spaces, so replace the tab with spaces",
                    at: SourceLocation(path: path, line: tab.line + firstLine - 1, column: tab.column)))
            }
            return .failure(diagnostic(for: error, path: path, lineOffset: firstLine - 1))
        } catch {
            return .failure(.error("cannot read YAML: \(error)", at: SourceLocation(path: path, line: firstLine, column: 1)))
        }
    }

    /// Strict JSON: Foundation decides validity (YAML would accept more), libyaml gives positions.
    public static func parseJSON(_ data: Data, text: String, path: String) -> Result<RawNode?, Diagnostic> {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            return .failure(jsonDiagnostic(error, text: text, path: path))
        }
        // Tabs are valid JSON white space but not YAML indentation; positions then come out a
        // little off, which is better than no positions.
        let yamlSafe = text.utf8.contains(9) ? text.replacingOccurrences(of: "\t", with: " ") : text
        switch parseYAML(yamlSafe, path: path, firstLine: 1) {
        case .success(let node): return .success(node)
        case .failure(let diagnostic): return .failure(diagnostic)
        }
    }

    private static func convert(_ node: Node, path: String, lineOffset: Int) -> RawNode {
        func location(_ mark: Mark?) -> SourceLocation {
            guard let mark else { return SourceLocation(path: path) }
            return SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column)
        }
        switch node {
        case .scalar(let scalar):
            // An empty tag is a plain scalar without one; quoted scalars arrive tagged `str`.
            let tag = scalar.tag.description
            let kind = tag.isEmpty ? plainKind(scalar.string) : kind(of: Tag.Name(rawValue: tag))
            return RawNode(.scalar(scalar.string, kind), at: location(scalar.mark))
        case .sequence(let sequence):
            return RawNode(.list(sequence.map { convert($0, path: path, lineOffset: lineOffset) }), at: location(sequence.mark))
        case .mapping(let mapping):
            let entries = mapping.map { pair in
                RawEntry(
                    key: pair.key.string ?? "", keyLocation: location(pair.key.mark),
                    value: convert(pair.value, path: path, lineOffset: lineOffset))
            }
            return RawNode(.map(entries), at: location(mapping.mark))
        case .alias(let alias):
            return RawNode(.scalar("", .null), at: location(alias.mark))
        }
    }

    private static func kind(of tag: Tag.Name) -> RawNode.ScalarKind {
        switch tag {
        case .int: .integer
        case .float: .float
        case .bool: .boolean
        case .null: .null
        default: .string
        }
    }

    /// What the default resolver makes of a plain scalar. Every bool, int, float and null form
    /// begins with one of these characters or is empty, so other text is a string at once.
    static func plainKind(_ text: String) -> RawNode.ScalarKind {
        guard let first = text.utf8.first else { return .null }
        guard Self.typeInitials.contains(first) else { return .string }
        if let kind = decimalKind(text) { return kind }
        if isDate(text) { return .string }
        return resolvedKind(text)
    }

    /// The rules' answer, by their regular expressions.
    static func resolvedKind(_ text: String) -> RawNode.ScalarKind {
        kind(of: kindRules.resolveTag(of: Node.scalar(Node.Scalar(text))))
    }

    /// Prices (`12.50`) and counts (`24`) without the regular expressions: `[1-9][0-9]*` and `0`
    /// are YAML 1.1 integers, `[0-9]+.[0-9]+` floats. Anything else (signs, leading zeros, which
    /// YAML 1.1 reads as octal, exponents, `_`) is left to the rules.
    static func decimalKind(_ text: String) -> RawNode.ScalarKind? {
        guard let first = text.utf8.first else { return nil }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        var point = false
        var digitsAfterPoint = 0
        for byte in text.utf8 {
            if digits.contains(byte) {
                if point { digitsAfterPoint += 1 }
            } else if byte == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
        }
        if point {
            return digits.contains(first) && digitsAfterPoint > 0 ? .float : nil
        }
        return first != UInt8(ascii: "0") || text.utf8.count == 1 ? .integer : nil
    }

    /// `2026-02-24`: no int, float, bool or null form has a dash after a digit, and dates are
    /// strings here (the timestamp rule is off), so a product's date needs no regular expression.
    static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
    }

    private static let typeInitials = Set("yYnNtTfFoO0123456789+-.~".utf8)

    private static func diagnostic(for error: YamlError, path: String, lineOffset: Int) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(path: path, line: mark.line + lineOffset, column: mark.column)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line + lineOffset))" }
            if problem.contains("mapping values are not allowed") {
                message += "; quote a value that contains ': ', e.g. title: \"Eyes: the essentials\""
            }
            return .error(message, at: at(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .error(
                "duplicate key \(duplicates.map { "`\($0)`" }.joined(separator: ", ")); each key may appear once",
                at: at(context.mark))
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(path: path, line: lineOffset + 1, column: 1))
        }
    }

    /// The line of `text` libyaml stopped at, if it said.
    private static func errorLine(_ error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: nil
        }
    }

    /// The line libyaml stopped at, or the one before it, when its indentation holds a tab (the
    /// later of the two; any line when libyaml gave none), and the tab's column. libyaml rejects
    /// such a line ("found character that cannot start any token", "mapping values are not
    /// allowed") without a word of the tab, which no editor shows. Asked only once parsing
    /// failed, and only near the failure: a tab in a block of text is the text's own.
    static func tabIndentation(in text: String, near errorLine: Int?) -> (line: Int, column: Int)? {
        var found: (line: Int, column: Int)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let errorLine, index + 1 < errorLine - 1 { continue }
            if let errorLine, index + 1 > errorLine { break }
            let indentation = line.prefix { $0 == " " || $0 == "\t" }
            guard indentation.count < line.count, let tab = indentation.firstIndex(of: "\t") else { continue }
            found = (index + 1, line.distance(from: line.startIndex, to: tab) + 1)
        }
        return found
    }

    /// Foundation reports JSON errors with a character offset or "line N, column M"; turn either into a position.
    private static func jsonDiagnostic(_ error: any Error, text: String, path: String) -> Diagnostic {
        let info = (error as NSError).userInfo
        let detail = (info[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        var line = 1
        var column = 1
        if let index = info["NSJSONSerializationErrorIndex"] as? Int {
            (line, column) = position(ofUTF8Offset: index, in: text)
        } else if let match = detail.range(of: #"line (\d+), column (\d+)"#, options: .regularExpression) {
            let numbers = detail[match].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count == 2 { (line, column) = (numbers[0], numbers[1]) }
        } else if let match = detail.range(of: #"character (\d+)"#, options: .regularExpression),
            let offset = Int(detail[match].split(separator: " ")[1])
        {
            (line, column) = position(ofUTF8Offset: offset, in: text)
        }
        var reason = detail
        if let around = reason.range(of: " around character") { reason = String(reason[..<around.lowerBound]) }
        if reason.hasSuffix(".") { reason.removeLast() }
        return .error(
            "invalid JSON (\(reason)); check for a missing comma, colon or quote at or just before this point",
            at: SourceLocation(path: path, line: line, column: column))
    }

    static func position(ofUTF8Offset offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for (i, byte) in text.utf8.enumerated() {
            if i >= offset { break }
            if byte == 10 { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
