extension JSONValue {
    /// Indented for files people open in an editor (the JSON Schemas, the JSON Feed), in
    /// JSONEncoder's `.prettyPrinted` layout so those files kept their bytes when they moved to
    /// this writer: two spaces a level, `"key" : value`, an empty container as two lines.
    public func prettyEncodedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        writePretty(to: &out, indent: 0)
        return out
    }

    private func writePretty(to out: inout [UInt8], indent: Int) {
        switch self {
        case .string(let text): Self.appendString(text, to: &out, escapes: Self.plainEscapes)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            Self.writeLines(items, to: &out, indent: indent) { item, out in item.writePretty(to: &out, indent: indent + 2) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            Self.writeLines(Self.sorted(members), to: &out, indent: indent) { member, out in
                Self.appendString(member.key, to: &out, escapes: Self.plainEscapes)
                out += " : ".utf8
                member.value.writePretty(to: &out, indent: indent + 2)
            }
            out.append(UInt8(ascii: "}"))
        default: appendScalar(to: &out)
        }
    }

    /// One line per element, one level in, then the closing bracket's indent.
    private static func writeLines<Element>(
        _ elements: [Element], to out: inout [UInt8], indent: Int, write: (Element, inout [UInt8]) -> Void
    ) {
        out.append(10)
        for (i, element) in elements.enumerated() {
            if i > 0 { out += ",\n".utf8 }
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            write(element, &out)
        }
        out.append(10)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }
}
