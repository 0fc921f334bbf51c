/// One render: the output bytes, the context stack and the block overrides in force. A name is
/// looked up by a switch on a few concrete types, not a chain of protocol casts, which is where
/// swift-mustache spends most of a page.
struct TemplateRenderer {
    let set: TemplateSet
    private var out: [UInt8] = []
    private var stack: [ContextFrame]
    /// Outermost first: the outermost override of a name wins, as inheritance requires.
    private var overrides: [[String: [TemplateNode]]] = []
    private var escapes = true
    /// Where the innermost list section is: `{{#first()}}`, `{{^last()}}`.
    private var position: (index: Int, count: Int)?
    private var depth = 0

    /// Partials may include themselves through data (`{{>*template}}` over a tree); a theme that
    /// recurses without end stops here instead of exhausting the stack.
    static let maximumDepth = 200

    init(set: TemplateSet, root: Any) {
        self.set = set
        self.stack = [ContextFrame(root)]
        out.reserveCapacity(16_384)
    }

    var bytes: [UInt8] { out }

    mutating func render(_ nodes: [TemplateNode], indentation: [UInt8]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                indentIfAtLineStart(indentation)
                out.append(contentsOf: bytes)
            case .variable(let name, let escaped):
                guard let value = resolve(name) else { continue }
                let atLineStart = !indentation.isEmpty && (out.isEmpty || out[out.count - 1] == 10)
                let mark = out.count
                append(value, escaped: escaped && escapes)
                if atLineStart, out.count > mark { out.insert(contentsOf: indentation, at: mark) }
            case .section(let name, let body, let inverted):
                let value = resolve(name)
                if inverted {
                    if !TemplateValue.isTruthy(value) { render(body, indentation: indentation) }
                } else if let value {
                    renderSection(value, body, indentation: indentation)
                }
            case .partial(let name, let own, let arguments):
                let templateName: String
                switch name {
                case .fixed(let fixed): templateName = fixed
                case .dynamic(let dynamic):
                    guard let named = resolve(dynamic) as? String else { continue }
                    templateName = named
                }
                guard let template = set.templates[templateName], depth < Self.maximumDepth else { continue }
                let saved = (escapes, position)
                escapes = true
                position = nil
                depth += 1
                if let arguments { overrides.append(arguments) }
                render(template.nodes, indentation: indentation + own)
                if arguments != nil { overrides.removeLast() }
                depth -= 1
                (escapes, position) = saved
            case .block(let name, let fallback, let own):
                let body = overrides.first(where: { $0[name] != nil })?[name] ?? fallback
                let saved = position
                position = nil
                render(body, indentation: indentation + own)
                position = saved
            case .contentType(let escapes):
                self.escapes = escapes
            }
        }
    }

    private mutating func indentIfAtLineStart(_ indentation: [UInt8]) {
        if !indentation.isEmpty, out.isEmpty || out[out.count - 1] == 10 { out.append(contentsOf: indentation) }
    }

    private mutating func renderSection(_ value: Any, _ body: [TemplateNode], indentation: [UInt8]) {
        switch TemplateValue.shape(of: value) {
        case .falsy:
            return
        case .list(let items):
            let saved = position
            for (index, item) in items.enumerated() {
                stack.append(ContextFrame(item))
                position = (index, items.count)
                render(body, indentation: indentation)
                stack.removeLast()
            }
            position = saved
        case .dictionaries(let items):
            let saved = position
            for (index, item) in items.enumerated() {
                stack.append(.dictionary(item))
                position = (index, items.count)
                render(body, indentation: indentation)
                stack.removeLast()
            }
            position = saved
        case .truth:
            render(body, indentation: indentation)
        case .object:
            let saved = position
            position = nil
            stack.append(ContextFrame(value))
            render(body, indentation: indentation)
            stack.removeLast()
            position = saved
        }
    }

    private func resolve(_ name: TemplateName) -> Any? {
        var value: Any?
        switch name.scope {
        case .current:
            value = stack[stack.count - 1].value
        case .position:
            guard let position else { return nil }
            return TemplateValue.positionTransform(name.transforms, index: position.index, count: position.count)
        case .innermost:
            value = stack[stack.count - 1].child(name.parts[0])
        case .stack:
            // The first context, innermost outwards, that has the first part; the rest is read from it
            // alone. A plain loop over the frames in place: a lazy chain copied each frame it passed.
            let first = name.parts[0]
            var index = stack.count - 1
            while index >= 0 {
                if let found = stack[index].child(first) {
                    value = found
                    break
                }
                index -= 1
            }
        }
        for part in name.parts.dropFirst() {
            guard let parent = value else { break }
            value = TemplateValue.child(part, of: parent)
        }
        guard var result = value.flatMap(TemplateValue.unwrapped) else { return nil }
        for transform in name.transforms.reversed() {
            guard let transformed = TemplateValue.transform(result, transform) else { return nil }
            result = transformed
        }
        return result
    }

    private mutating func append(_ value: Any, escaped: Bool) {
        if Swift.type(of: value) == String.self {
            appendText(value as! String, escaped: escaped)
        } else if let string = value as? String {
            appendText(string, escaped: escaped)
        } else if let number = value as? Int {
            out.append(contentsOf: String(number).utf8)
        } else if let bool = value as? Bool {
            out.append(contentsOf: (bool ? "true" : "false").utf8)
        } else {
            appendText(TemplateValue.text(of: value), escaped: escaped)
        }
    }

    private mutating func appendText(_ text: String, escaped: Bool) {
        var text = text
        text.withUTF8 { bytes in
            if escaped { HTMLEscaping.append(bytes, to: &out) } else { out.append(contentsOf: bytes) }
        }
    }
}

/// A context on the stack, classified once when it is pushed.
enum ContextFrame {
    case dictionary([String: Any])
    case other(Any)

    init(_ value: Any) {
        if Swift.type(of: value) == [String: Any].self {
            self = .dictionary(value as! [String: Any])
        } else if let dictionary = value as? [String: Any] {
            self = .dictionary(dictionary)
        } else {
            self = .other(value)
        }
    }

    var value: Any {
        switch self {
        case .dictionary(let dictionary): dictionary
        case .other(let value): value
        }
    }

    func child(_ name: String) -> Any? {
        switch self {
        case .dictionary(let dictionary): dictionary[name]
        case .other(let value): TemplateValue.child(name, of: value)
        }
    }
}
