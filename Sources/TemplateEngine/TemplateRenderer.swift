import TextHash

/// One render: the output bytes, the context stack and the block overrides in force. A name is
/// looked up by a switch on a few concrete types, not a chain of protocol casts, which is where
/// swift-mustache spends most of a page.
struct TemplateRenderer {
    let set: TemplateSet
    private var out: [UInt8] = []
    private var stack: [ContextFrame]
    /// Outermost first: the outermost override of a name wins, as inheritance requires.
    private var overrides: [[TemplateKey: [TemplateNode]]] = []
    private var escapes = true
    /// Where the innermost list section is: `{{#first()}}`, `{{^last()}}`.
    private var position: (index: Int, count: Int)?
    private var depth = 0
    /// The outermost frame a name was looked up in (or -1: beyond them all, or through a block's
    /// overrides) since the innermost partial that may be kept began: whether its bytes depend on
    /// anything but its own context.
    private var reach = Int.max
    /// The deepest nesting of partials reached so far, to know how deep a kept partial went.
    private var deepest = 0
    /// Names looked up in no frame at all while a partial that may be kept renders: its bytes hold
    /// as long as the page around it lacks them too (a card without a picture asks for one).
    private var misses: [TemplateKey] = []
    /// How many partials that may be kept are rendering, one inside another.
    private var recording = 0

    /// Partials may include themselves through data (`{{>*template}}` over a tree); a theme that
    /// recurses without end stops here instead of exhausting the stack.
    static let maximumDepth = 200

    init(set: TemplateSet, root: Any) {
        self.set = set
        self.stack = [ContextFrame(root)]
        out.reserveCapacity(16_384)
    }

    var bytes: [UInt8] { out }

    /// Whether the next byte starts a line: where indentation goes.
    private var atLineStart: Bool { out.isEmpty || out[out.count - 1] == 10 }

    mutating func render(_ nodes: [TemplateNode], indentation: [UInt8]) {
        // By index: `for node in nodes` copied every node out of the array, a retain and a release
        // of its payload (2 % of a build's instructions in callgrind).
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let bytes):
                indentIfAtLineStart(indentation)
                out.append(contentsOf: bytes)
            case .variable(let name, let escaped):
                guard let value = resolve(name) else { continue }
                let indents = !indentation.isEmpty && atLineStart
                let mark = out.count
                append(value, escaped: escaped && escapes)
                if indents, out.count > mark { out.insert(contentsOf: indentation, at: mark) }
            case .section(let name, let body, let inverted):
                let value = resolve(name)
                if inverted {
                    if !TemplateValue.isTruthy(value) { render(body, indentation: indentation) }
                } else if let found = consume value {
                    renderSection(found, body, indentation: indentation)
                }
            case .partial(let name, let own, let arguments):
                renderPartial(name, indentation: indentation + own, arguments: arguments)
            case .block(let name, let fallback, let own):
                reach = -1
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

    /// Whether no frame below `floor` has any of `names`.
    private func lack(_ names: [TemplateKey], below floor: Int) -> Bool {
        stack.withUnsafeBufferPointer { frames in
            !names.contains { name in (0..<floor).contains { ContextFrame.child(name, at: frames.baseAddress! + $0) != nil } }
        }
    }

    /// `{{>name}}` or `{{<name}}`. A partial rendered from a shared context on top of the stack is
    /// kept with it, and its bytes reused, when its rendering read nothing outside that context.
    private mutating func renderPartial(_ name: PartialName, indentation: [UInt8], arguments: [TemplateKey: [TemplateNode]]?) {
        let templateName: TemplateKey
        switch name {
        case .fixed(let fixed): templateName = fixed
        case .dynamic(let dynamic):
            guard let named = resolve(dynamic) as? String else { return }
            templateName = TemplateKey(named)
        }
        guard let template = set.templates[templateName], depth < Self.maximumDepth else {
            reach = -1
            return
        }
        // Kept only without indentation; a partial inside may still indent, which depends
        // on whether the output stands at a line's start, so that is part of the key.
        let keeping = indentation.isEmpty && arguments == nil
            ? stack[stack.count - 1].shared.map {
                (context: $0, key: SharedContext.Key(set: set.identity, partial: templateName, atLineStart: atLineStart))
            }
            : nil
        if let keeping, let kept = keeping.context.rendered(keeping.key), depth + kept.levels <= Self.maximumDepth,
            lack(kept.misses, below: stack.count - 1)
        {
            out.append(contentsOf: kept.bytes)
            if recording > 0 { misses += kept.misses }
            return
        }
        let saved = (escapes, position, reach, deepest)
        let mark = out.count
        let missMark = misses.count
        escapes = true
        position = nil
        reach = Int.max
        depth += 1
        deepest = depth
        if keeping != nil { recording += 1 }
        if let arguments { overrides.append(arguments) }
        render(template.nodes, indentation: indentation)
        if arguments != nil { overrides.removeLast() }
        depth -= 1
        if let keeping {
            recording -= 1
            if reach >= stack.count - 1 {
                var names: [TemplateKey] = []
                for name in misses[missMark...] where !names.contains(name) { names.append(name) }
                keeping.context.keep(Array(out[mark...]), levels: deepest - depth, misses: names, as: keeping.key)
            }
            if recording == 0 { misses.removeAll(keepingCapacity: true) }
        }
        (escapes, position) = (saved.0, saved.1)
        reach = min(saved.2, reach)
        deepest = max(saved.3, deepest)
    }

    private mutating func indentIfAtLineStart(_ indentation: [UInt8]) {
        if !indentation.isEmpty, atLineStart { out.append(contentsOf: indentation) }
    }

    private mutating func renderSection(_ value: Any, _ body: [TemplateNode], indentation: [UInt8]) {
        switch TemplateValue.shape(of: value) {
        case .falsy:
            return
        case .list(let items): renderEach(items, body, indentation: indentation, as: ContextFrame.init)
        case .fieldLists(let items): renderEach(items, body, indentation: indentation, as: ContextFrame.fields)
        case .dictionaries(let items): renderEach(items, body, indentation: indentation, as: ContextFrame.dictionary)
        case .shared(let items): renderEach(items, body, indentation: indentation, as: ContextFrame.shared)
        case .strings(let items): renderEach(items, body, indentation: indentation) { ContextFrame.other($0) }
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

    /// A list section: the body once per item, with the item on top of the stack.
    private mutating func renderEach<Item>(
        _ items: [Item], _ body: [TemplateNode], indentation: [UInt8], as frame: (Item) -> ContextFrame
    ) {
        let saved = position
        for (index, item) in items.enumerated() {
            stack.append(frame(item))
            position = (index, items.count)
            render(body, indentation: indentation)
            stack.removeLast()
        }
        position = saved
    }

    private mutating func resolve(_ name: TemplateName) -> Any? {
        // The value found is handed on, never copied: a `var` set in each branch and read after
        // the switch was copied once more and destroyed, through value witnesses, on every lookup
        // (a quarter of `resolve`'s instructions in callgrind, 2 % of a whole build's).
        let first: Any?
        switch name.scope {
        case .current:
            // Read in place: the array's subscript copied the whole frame first.
            first = stack.withUnsafeBufferPointer { frames -> Any? in ContextFrame.value(at: frames.baseAddress! + frames.count - 1) }
        case .position:
            guard let position else { return nil }
            return TemplateValue.positionTransform(name.transforms, index: position.index, count: position.count)
        case .innermost:
            first = stack.withUnsafeBufferPointer { ContextFrame.child(name.keys[0], at: $0.baseAddress! + $0.count - 1) }
        case .stack:
            // The first context, innermost outwards, that has the first part; the rest is read from it
            // alone. A plain loop over the frames in place: a lazy chain copied each frame it passed,
            // and so did the array's subscript (a retain and a release of the frame's dictionary).
            let part = name.keys[0]
            var index = stack.count - 1
            first = stack.withUnsafeBufferPointer { frames -> Any? in
                while index >= 0 {
                    let candidate = ContextFrame.child(part, at: frames.baseAddress! + index)
                    if candidate != nil { return candidate }
                    index -= 1
                }
                return nil
            }
            if index >= 0 {
                reach = min(reach, index)
            } else if recording > 0 {
                misses.append(part)
            }
        }
        guard var found = consume first else { return nil }
        // Most names have one part: tested first, so that no empty slice of the parts is made.
        if name.keys.count > 1 {
            for part in name.keys.dropFirst() {
                guard let child = TemplateValue.child(part, of: found) else { return nil }
                found = child
            }
        }
        // Most values are of the types page builders use, never optional: returned as found, not
        // through a closure that copied the value out and dropped the original.
        if name.transforms.isEmpty, TemplateValue.isPlain(Swift.type(of: found)) { return found }
        guard var result = TemplateValue.unwrapped(found) else { return nil }
        for transform in name.transforms.reversed() {
            guard let transformed = TemplateValue.transform(result, transform) else { return nil }
            result = transformed
        }
        return result
    }

    private mutating func append(_ value: Any, escaped: Bool) {
        // Exact types first: a number (a price in minor units) went through a failed dynamic cast
        // to `String` before it was printed.
        let type = Swift.type(of: value)
        if type == String.self {
            appendText(TemplateValue.known(value, as: String.self), escaped: escaped)
        } else if type == Int.self {
            out.append(contentsOf: String(TemplateValue.known(value, as: Int.self)).utf8)
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
        text.withUTF8Bytes { bytes in
            if escaped { HTMLEscaping.append(bytes, to: &out) } else { out.append(contentsOf: bytes) }
        }
    }
}

/// A context on the stack, classified once when it is pushed. Exactly one field is set. Fields, not
/// an enum's cases: a name lookup matching a case through the stack's buffer copied the whole frame
/// first (an outlined copy and destroy of the enum, 0.7 % of a 100,000-product build), where a
/// field is read on its own.
struct ContextFrame {
    private var fields: TemplateFields?
    private(set) var shared: SharedContext?
    private var table: [String: Any]?
    private var object: Any?

    static func fields(_ fields: TemplateFields) -> ContextFrame {
        ContextFrame(fields: fields, shared: nil, table: nil, object: nil)
    }

    static func shared(_ shared: SharedContext) -> ContextFrame { ContextFrame(fields: nil, shared: shared, table: nil, object: nil) }

    static func dictionary(_ dictionary: [String: Any]) -> ContextFrame {
        ContextFrame(fields: nil, shared: nil, table: dictionary, object: nil)
    }

    static func other(_ value: Any) -> ContextFrame { ContextFrame(fields: nil, shared: nil, table: nil, object: value) }

    private init(fields: TemplateFields?, shared: SharedContext?, table: [String: Any]?, object: Any?) {
        self.fields = fields
        self.shared = shared
        self.table = table
        self.object = object
    }

    init(_ value: Any) {
        let type = Swift.type(of: value)
        if type == TemplateFields.self {
            self = .fields(TemplateValue.known(value, as: TemplateFields.self))
        } else if type == SharedContext.self {
            self = .shared(TemplateValue.known(value, as: SharedContext.self))
        } else if type == String.self {
            self = .other(value)
        } else if type == [String: Any].self {
            self = .dictionary(TemplateValue.known(value, as: [String: Any].self))
        } else if let fields = value as? TemplateFields {
            self = .fields(fields)
        } else if let dictionary = value as? [String: Any] {
            self = .dictionary(dictionary)
        } else {
            self = .other(value)
        }
    }

    /// The frame's context itself (`{{.}}`), read in place like `child`.
    static func value(at frame: UnsafePointer<ContextFrame>) -> Any {
        if let fields = frame.pointee.fields { return fields }
        if let shared = frame.pointee.shared { return shared.values }
        if let table = frame.pointee.table { return table }
        return frame.pointee.object!
    }

    /// The value `name` has in the frame at `frame`, read in place: a method called on a frame in
    /// the stack's buffer copied it whole first.
    static func child(_ name: TemplateKey, at frame: UnsafePointer<ContextFrame>) -> Any? {
        if let fields = frame.pointee.fields { return fields[name] }
        if let shared = frame.pointee.shared { return shared.values[name] }
        if let table = frame.pointee.table { return table[name.text] }
        return TemplateValue.child(name, of: frame.pointee.object!)
    }
}
