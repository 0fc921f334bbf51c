import CatalogModel

/// Reads a string table's JSON, keeping where each id and plural form is written: the project's
/// JSON readers elsewhere give a value without positions, and a translator needs the line.
/// Strict JSON (RFC 8259); only the table's shape is accepted: an object whose values are
/// strings or objects of strings.
struct TableReader {
    enum Value {
        case text(String)
        case forms([(name: String, text: String, location: SourceLocation)])
    }

    struct Entry {
        let id: String
        let value: Value
        let location: SourceLocation
    }

    private let scalars: [Unicode.Scalar]
    private let path: String
    private var index = 0
    private var line = 1
    private var column = 1

    init(text: String, path: String) {
        scalars = Array(text.unicodeScalars)
        self.path = path
    }

    mutating func readTable() throws(Diagnostic) -> [Entry] {
        skipSpace()
        if peek == "\u{FEFF}" { advance() }
        skipSpace()
        var entries: [Entry] = []
        try readObject { reader, key, location throws(Diagnostic) in
            entries.append(Entry(id: key, value: try reader.readMessage(id: key), location: location))
        }
        skipSpace()
        if peek != nil { throw error("unexpected text after the table's closing }") }
        return entries
    }

    private mutating func readMessage(id: String) throws(Diagnostic) -> Value {
        switch peek {
        case "\"": return .text(try readString())
        case "{":
            var forms: [(String, String, SourceLocation)] = []
            try readObject { reader, name, location throws(Diagnostic) in
                guard reader.peek == "\"" else {
                    throw reader.error("plural form \"\(name)\" of \"\(id)\" must be a string")
                }
                forms.append((name, try reader.readString(), location))
            }
            return .forms(forms)
        default:
            throw error("message \"\(id)\" must be a string, or an object of plural forms such as {\"one\": …, \"other\": …}")
        }
    }

    /// `{ "key": value, … }`, calling `member` with the reader at each value.
    private mutating func readObject(
        _ member: (inout TableReader, String, SourceLocation) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        guard peek == "{" else { throw error("expected a JSON object, {") }
        advance()
        skipSpace()
        if peek == "}" {
            advance()
            return
        }
        while true {
            skipSpace()
            let location = here
            guard peek == "\"" else { throw error("expected a message id in double quotes") }
            let key = try readString()
            skipSpace()
            guard peek == ":" else { throw error("expected : after \"\(key)\"") }
            advance()
            skipSpace()
            try member(&self, key, location)
            skipSpace()
            switch peek {
            case ",": advance()
            case "}":
                advance()
                return
            default: throw error("expected , or } after the value of \"\(key)\"")
            }
        }
    }

    private mutating func readString() throws(Diagnostic) -> String {
        let start = here
        advance()  // the opening quote
        var out = String.UnicodeScalarView()
        while let scalar = peek {
            advance()
            switch scalar {
            case "\"": return String(out)
            case "\\":
                guard let escaped = peek else { break }
                advance()
                switch escaped {
                case "\"", "\\", "/": out.append(escaped)
                case "b": out.append("\u{8}")
                case "f": out.append("\u{C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u": out.append(try readUnicodeEscape())
                default: throw error("unknown escape \\\(escaped) in a string", at: SourceLocation(path: path, line: line, column: column - 2))
                }
            case _ where scalar.value < 0x20:
                throw error("control character in a string; write it as an escape such as \\n")
            default: out.append(scalar)
            }
        }
        throw error("string never closed", at: start)
    }

    private mutating func readUnicodeEscape() throws(Diagnostic) -> Unicode.Scalar {
        let high = try readHex4()
        if (0xD800..<0xDC00).contains(high) {
            guard peek == "\\" else { throw error("lone surrogate \\u\(String(high, radix: 16)) in a string") }
            advance()
            guard peek == "u" else { throw error("lone surrogate \\u\(String(high, radix: 16)) in a string") }
            advance()
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("lone surrogate in a string") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("lone surrogate in a string") }
        return scalar
    }

    private mutating func readHex4() throws(Diagnostic) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Character(scalar).hexDigitValue else { throw error("\\u needs four hexadecimal digits") }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private var here: SourceLocation { SourceLocation(path: path, line: line, column: column) }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipSpace() {
        while let scalar = peek, scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" { advance() }
    }

    private func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        .error(peek == nil && location == nil ? message + ", but the file ends" : message, at: location ?? here)
    }
}
