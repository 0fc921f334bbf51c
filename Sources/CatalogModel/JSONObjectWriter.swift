/// One JSON object written member by member straight into bytes, for the documents a build writes
/// by the ten thousand: making a `JSONValue.object` of each, only for `encoded` to sort its keys
/// back out, cost more than the writing. The caller gives the members in `JSONValue`'s key order
/// (by UTF-8 bytes), so the bytes are the ones `JSONValue` writes; debug builds check the order.
/// `nil` members are left out, as the encoder leaves out `nil` optionals.
public struct JSONObjectWriter {
    private var out: [UInt8]
    private var empty = true
    /// `JSONValue`'s escape table: `scriptSafe` as in `encoded(scriptSafe:)`.
    private let escapes: [Bool]
    #if DEBUG
        private var lastKey: String?
    #endif

    public init(capacity: Int = 1024, scriptSafe: Bool = false) {
        self.init(escapes: scriptSafe ? JSONValue.scriptEscapes : JSONValue.plainEscapes)
        out.reserveCapacity(capacity)
        out.append(UInt8(ascii: "{"))
    }

    private init(escapes: [Bool]) {
        self.out = []
        self.escapes = escapes
    }

    public mutating func string(_ key: StaticString, _ text: String?) {
        guard let text else { return }
        member(key)
        JSONValue.appendString(text, to: &out, escapes: escapes)
    }

    /// A text given as UTF-8 bytes (a review's field as its file has it), escaped as any string:
    /// bytes with nothing to escape are copied whole, with no string made of them.
    public mutating func string(_ key: StaticString, utf8 text: ArraySlice<UInt8>) {
        member(key)
        text.withUnsafeBufferPointer { bytes in
            escapes.withUnsafeBufferPointer { JSONValue.appendString(bytes, to: &out, escapes: $0) }
        }
    }

    public mutating func strings(_ key: StaticString, _ texts: [String]?) {
        guard let texts else { return }
        member(key)
        out.append(UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.appendString(text, to: &out, escapes: escapes)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A number whose text is already JSON (`12.5`), as `JSONValue.number` writes it.
    public mutating func number(_ key: StaticString, _ text: String?) {
        guard let text else { return }
        member(key)
        out.append(contentsOf: text.utf8)
    }

    public mutating func int(_ key: StaticString, _ value: Int64?) {
        guard let value else { return }
        member(key)
        out.append(contentsOf: String(value).utf8)
    }

    /// A document that writes itself, as a nested object.
    public mutating func object(_ key: StaticString, _ document: (some JSONObjectWritable)?) {
        guard let document else { return }
        object(key) { document.write(to: &$0) }
    }

    /// Documents that write themselves, as an array of objects; `nil` leaves the member out.
    public mutating func objects(_ key: StaticString, _ documents: [some JSONObjectWritable]?) {
        guard let documents else { return }
        objects(key, documents) { writer, document in document.write(to: &writer) }
    }

    public mutating func value(_ key: StaticString, _ value: JSONValue?) {
        guard let value else { return }
        member(key)
        value.write(to: &out, escapes: escapes)
    }

    /// A member whose name is not the writer's own but comes from content (a product's extra
    /// fields): escaped like any string.
    public mutating func value(named key: String, _ value: JSONValue?) {
        guard let value else { return }
        member(named: key)
        value.write(to: &out, escapes: escapes)
    }

    public mutating func values(_ key: StaticString, _ values: [JSONValue]?) {
        self.value(key, values.map(JSONValue.array))
    }

    /// An object, written by `write` into a writer of its own (same rules).
    public mutating func object(_ key: StaticString, _ write: (inout JSONObjectWriter) -> Void) {
        member(key)
        nested(write)
    }

    /// An array of objects, each written by `write` into a writer of its own (same rules).
    public mutating func objects<Item>(_ key: StaticString, _ items: [Item], _ write: (inout JSONObjectWriter, Item) -> Void) {
        member(key)
        out.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            nested { write(&$0, item) }
        }
        out.append(UInt8(ascii: "]"))
    }

    private mutating func nested(_ write: (inout JSONObjectWriter) -> Void) {
        // The bytes are swapped into the nested writer and back, so one array holds them at every
        // moment. Handing them over as an argument left a second reference behind, and the nested
        // writer's first byte copied the whole document so far: 1 % of a build in `perf`.
        var nested = JSONObjectWriter(escapes: escapes)
        swap(&nested.out, &out)
        nested.out.append(UInt8(ascii: "{"))
        write(&nested)
        nested.out.append(UInt8(ascii: "}"))
        swap(&nested.out, &out)
    }

    public consuming func finish() -> [UInt8] {
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The writer's own member names are literals of plain ASCII with nothing to escape (debug
    /// builds check): copied as they are. Escaping each one cost about 300 instructions, more than
    /// most values, and each product's documents and structured data name about a hundred.
    private mutating func member(_ key: StaticString) {
        #if DEBUG
            key.withUTF8Buffer { bytes in
                precondition(!bytes.contains { escapes[Int($0)] || $0 >= 0x80 }, "JSON key \(key) needs escaping")
            }
        #endif
        separate(key.description)
        out.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    private mutating func member(named key: String) {
        separate(key)
        JSONValue.appendString(key, to: &out, escapes: escapes)
        out.append(UInt8(ascii: ":"))
    }

    /// The comma before every member but the first; debug builds check the key order.
    private mutating func separate(_ key: @autoclosure () -> String) {
        #if DEBUG
            let key = key()
            if let lastKey {
                precondition(lastKey.utf8.lexicographicallyPrecedes(key.utf8), "JSON key \(key) written after \(lastKey)")
            }
            lastKey = key
        #endif
        if !empty { out.append(UInt8(ascii: ",")) }
        empty = false
    }
}

/// A document small and frequent enough to be written straight into bytes rather than made into a
/// `JSONValue` tree first: the prices, links and sales inside every product document. It writes
/// the same members as its `jsonValue`, in key order; the API tests hold its bytes to `JSONEncoder`'s.
public protocol JSONObjectWritable {
    func write(to writer: inout JSONObjectWriter)
}

extension JSONObjectWriter {
    /// The document alone, as a top-level object.
    public static func bytes(of document: some JSONObjectWritable, capacity: Int = 1024) -> [UInt8] {
        var writer = JSONObjectWriter(capacity: capacity)
        document.write(to: &writer)
        return writer.finish()
    }
}
