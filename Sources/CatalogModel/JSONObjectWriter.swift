/// One JSON object written member by member straight into bytes, for the documents a build writes
/// by the ten thousand: making a `JSONValue.object` of each, only for `encoded` to sort its keys
/// back out, cost more than the writing. The caller gives the members in `JSONValue`'s key order
/// (by UTF-8 bytes), so the bytes are the ones `JSONValue` writes; debug builds check the order.
/// `nil` members are left out, as the encoder leaves out `nil` optionals.
public struct JSONObjectWriter {
    private var out: [UInt8]
    private var empty = true
    #if DEBUG
        private var lastKey: String?
    #endif

    public init(capacity: Int = 1024) {
        out = []
        out.reserveCapacity(capacity)
        out.append(UInt8(ascii: "{"))
    }

    public mutating func string(_ key: String, _ text: String?) {
        guard let text else { return }
        member(key)
        JSONValue.appendString(text, to: &out, escapes: JSONValue.plainEscapes)
    }

    public mutating func strings(_ key: String, _ texts: [String]?) {
        guard let texts else { return }
        member(key)
        out.append(UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.appendString(text, to: &out, escapes: JSONValue.plainEscapes)
        }
        out.append(UInt8(ascii: "]"))
    }

    public mutating func value(_ key: String, _ value: JSONValue?) {
        guard let value else { return }
        member(key)
        value.write(to: &out, escapes: JSONValue.plainEscapes)
    }

    public mutating func values(_ key: String, _ values: [JSONValue]?) {
        self.value(key, values.map(JSONValue.array))
    }

    public consuming func finish() -> [UInt8] {
        out.append(UInt8(ascii: "}"))
        return out
    }

    private mutating func member(_ key: String) {
        #if DEBUG
            if let lastKey {
                precondition(lastKey.utf8.lexicographicallyPrecedes(key.utf8), "JSON key \(key) written after \(lastKey)")
            }
            lastKey = key
        #endif
        if !empty { out.append(UInt8(ascii: ",")) }
        empty = false
        JSONValue.appendString(key, to: &out, escapes: JSONValue.plainEscapes)
        out.append(UInt8(ascii: ":"))
    }
}
