import CatalogModel
import CYaml

/// A pass over the YAML events before Yams composes them, refusing what would make the build
/// explode. Yams composes an alias as the anchored node itself, so a few lines of nested anchors
/// ("billion laughs") stay small in memory but expand exponentially in everything that walks
/// them; and Yams composes recursively, so deep nesting would overflow a thread's stack. libyaml's
/// parser is iterative, so this pass is safe on any input; it stops at the first problem.
/// Syntax errors are left to Yams, which reports them with its wording.
enum YAMLBounds {
    /// The first bound `text` breaks, as a diagnostic at the alias, key or collection that broke it.
    static func check(_ text: String, path: String, lineOffset: Int) -> Diagnostic? {
        guard !text.isEmpty else { return nil }
        var text = text
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return text.withUTF8 { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var walk = Walk(allowance: max(ContentLimits.aliasValues, buffer.count))
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let problem = walk.step(event) {
                    let mark = event.start_mark
                    return .error(problem, at: SourceLocation(path: path, line: mark.line + 1 + lineOffset, column: mark.column + 1))
                }
            }
        }
    }

    /// What the events so far add up to.
    private struct Walk {
        struct Open {
            var anchor: String?
            var valuesBefore: Int
            var isMapping: Bool
            var expectsKey = true
        }

        let allowance: Int
        var open: [Open] = []
        /// Values after expanding aliases, and how many of them aliases added.
        var values = 0
        var repeated = 0
        /// How many values each anchor stands for, aliases inside it expanded.
        var anchored: [String: Int] = [:]

        init(allowance: Int) { self.allowance = allowance }

        /// The problem with this event, if any.
        mutating func step(_ event: yaml_event_t) -> String? {
            let isNode = switch event.type {
            case YAML_ALIAS_EVENT, YAML_SCALAR_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT: true
            default: false
            }
            if isNode, let last = open.indices.last, open[last].isMapping {
                // Only text keys: a list, map or alias as a key is hashed whole when Yams checks
                // for duplicate keys, and no content key is one.
                if open[last].expectsKey, event.type != YAML_SCALAR_EVENT {
                    return "a key must be text, not a list, a map or an alias; write a plain key such as `name:`"
                }
                open[last].expectsKey.toggle()
            }
            switch event.type {
            case YAML_ALIAS_EVENT:
                let name = Self.string(event.data.alias.anchor) ?? ""
                let size = anchored[name] ?? 1
                values += size
                repeated += size
                if repeated > allowance {
                    return "alias *\(name) repeats \(size.formatted()) values, more than the \(allowance.formatted()) "
                        + "aliases may repeat in one file; write the values out, or use fewer aliases"
                }
            case YAML_SCALAR_EVENT:
                values += 1
                if let anchor = Self.string(event.data.scalar.anchor) { anchored[anchor] = 1 }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard open.count < ContentLimits.nestingDepth else {
                    return "lists and maps are nested more than \(ContentLimits.nestingDepth) deep; write flatter data"
                }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = Self.string(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                open.append(Open(anchor: anchor, valuesBefore: values, isMapping: isMapping))
                values += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { break }
                if let anchor = closed.anchor { anchored[anchor] = values - closed.valuesBefore }
            default:
                break
            }
            return nil
        }

        private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
