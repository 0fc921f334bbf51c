public import Foundation

/// A review line the loader accepted, read again to print it: where each field's text lies in the
/// line's bytes, found in one pass that makes no values.
///
/// The ratings feed and the API print every review, and decoding each line into strings for them
/// (a general JSON parse, then trimming and escaping every text) was most of what reviews added
/// to a build. A text that is plain in the file (no escape, nothing to trim) is the same bytes in
/// the output, escaped where the output needs it, so the writers copy it from here.
public struct ReviewLine: Sendable {
    /// One string field: the bytes between its quotes.
    public struct Token: Sendable, Equatable {
        public var range: Range<Int>
        /// Holds a backslash: its text is not its bytes.
        public var escaped: Bool
    }

    /// The buffer the line is in (shared with the product's other lines).
    public let bytes: [UInt8]
    public let entry: ReviewShelf.Entry
    public private(set) var id: Token?
    public private(set) var product: Token?
    public private(set) var body: Token?
    public private(set) var author: Token?
    public private(set) var date: Token?
    public private(set) var title: Token?
    public private(set) var language: Token?
    public private(set) var responseBody: Token?
    public private(set) var responseDate: Token?

    /// Nil when the bytes are not a JSON object with the fields every review has: the file
    /// changed under the build. The loader checked everything else, so this only finds fields.
    public init?(_ bytes: [UInt8], line: Range<Int>, entry: ReviewShelf.Entry) {
        self.bytes = bytes
        self.entry = entry
        guard line.lowerBound >= 0, line.upperBound <= bytes.count else { return nil }
        let found: Bool = bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer, at: line.lowerBound, end: line.upperBound)
            return scanner.members { key, scanner in
                switch key {
                case .id: id = scanner.string()
                case .product: product = scanner.string()
                case .body: body = scanner.string()
                case .author: author = scanner.string()
                case .date: date = scanner.string()
                case .title: title = scanner.string()
                case .language: language = scanner.string()
                case .response:
                    return scanner.object { key, scanner in
                        switch key {
                        case .body: responseBody = scanner.string()
                        case .date: responseDate = scanner.string()
                        default: return scanner.skipValue(depth: 1)
                        }
                        return true
                    }
                default: return scanner.skipValue(depth: 0)
                }
                return true
            }
        }
        guard found, id != nil, product != nil, body != nil, author != nil, date != nil else { return nil }
    }

    /// The field's text as the loader read it: escapes decoded and, but for `trimmed: false`,
    /// white space at its ends removed.
    public func text(_ token: Token, trimmed: Bool = true) -> String {
        let text = token.escaped
            ? String(decoding: JSONLine.unescape(bytes[token.range]), as: UTF8.self)
            : String(decoding: bytes[token.range], as: UTF8.self)
        return trimmed ? Review.trimmed(text) : text
    }

    /// The token's bytes when they are its text exactly: no escape, and an ASCII character other
    /// than white space at each end (a character beyond ASCII could be white space to trim). Nil
    /// otherwise, and `text` makes the string.
    public func verbatim(_ token: Token) -> ArraySlice<UInt8>? {
        guard !token.escaped else { return nil }
        guard let first = token.range.first else { return bytes[token.range] }
        let last = bytes[token.range.upperBound - 1]
        guard bytes[first] > 0x20, bytes[first] < 0x80, last > 0x20, last < 0x80 else { return nil }
        return bytes[token.range]
    }

    /// The date as written (a day alone stays a day), else the instant the loader kept.
    public func timestamp(in zone: TimeZone) -> Timestamp {
        date.flatMap { try? Timestamp.parse(text($0, trimmed: false), in: zone).get() }
            ?? Timestamp(date: Date(timeIntervalSince1970: Double(entry.date)))
    }

    /// The date as the feed and the API print it (RFC 3339 at the offset it was read with), from
    /// what the loader kept when it kept the offset.
    public func rfc3339(in zone: TimeZone) -> String {
        guard entry.utcOffsetMinutes != ReviewShelf.Entry.unknownOffset else { return timestamp(in: zone).rfc3339 }
        let instant = Date(timeIntervalSince1970: Double(entry.date))
        return Timestamp(date: instant, hasTime: true, utcOffset: Int(entry.utcOffsetMinutes) * 60).rfc3339
    }

    /// The shop's answer, when it has both a text and a date that reads.
    public func response(in zone: TimeZone) -> Review.Response? {
        guard let responseBody, let responseDate,
            let stamp = try? Timestamp.parse(text(responseDate, trimmed: false), in: zone).get()
        else { return nil }
        return Review.Response(body: text(responseBody), date: stamp)
    }

    /// The variant SKU the review names; nil when it names the product (by slug or its own SKU
    /// counts as the product's: only a different name is a variant's).
    public func sku(of product: Slug) -> String? {
        guard let token = self.product else { return nil }
        if let plain = verbatim(token), plain.elementsEqual(product.rawValue.utf8) { return nil }
        let named = text(token)
        return named == product.rawValue ? nil : named
    }

    /// The keys a review's fields have; `other` for any key the loader let pass with a warning.
    enum Key {
        case id, product, rating, body, author, date, title, verified, language, response, other

        init(name: String) {
            var name = name
            self = name.withUTF8 { Key($0) }
        }

        /// The key as a line writes it ("" for `other`).
        var name: String {
            switch self {
            case .id: "id"
            case .product: "product"
            case .rating: "rating"
            case .body: "body"
            case .author: "author"
            case .date: "date"
            case .title: "title"
            case .verified: "verified"
            case .language: "language"
            case .response: "response"
            case .other: ""
            }
        }

        init(_ key: UnsafeBufferPointer<UInt8>) {
            func equals(_ name: StaticString) -> Bool {
                name.utf8CodeUnitCount == key.count && name.withUTF8Buffer { $0.elementsEqual(key) }
            }
            switch key.count {
            case 2: self = equals("id") ? .id : .other
            case 4: self = equals("body") ? .body : equals("date") ? .date : .other
            case 5: self = equals("title") ? .title : .other
            case 6: self = equals("rating") ? .rating : equals("author") ? .author : .other
            case 7: self = equals("product") ? .product : .other
            case 8: self = equals("verified") ? .verified : equals("language") ? .language : equals("response") ? .response : .other
            default: self = .other
            }
        }
    }

    /// Walks a line the strict reader accepted. Every step checks its bounds, so bytes that
    /// changed since make it return false, never read past the line.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at: Int
        let end: Int

        mutating func space() {
            while at < end, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D || bytes[at] == 0x0A { at += 1 }
        }

        /// A string token at `at` (after white space); nil when there is none.
        mutating func string() -> Token? {
            space()
            guard at < end, bytes[at] == UInt8(ascii: "\"") else { return nil }
            let start = at + 1
            // Most strings hold no backslash: the closing quote is the next one, found with
            // memchr, as is the absence of a backslash before it.
            if let base = bytes.baseAddress, start < end,
                let quote = memchr(base + start, Int32(UInt8(ascii: "\"")), end - start)
            {
                let close = base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
                if memchr(base + start, Int32(UInt8(ascii: "\\")), close - start) == nil {
                    at = close + 1
                    return Token(range: start..<close, escaped: false)
                }
            }
            var escaped = false
            at += 1
            while at < end {
                switch bytes[at] {
                case UInt8(ascii: "\""):
                    at += 1
                    return Token(range: start..<at - 1, escaped: escaped)
                case UInt8(ascii: "\\"):
                    escaped = true
                    at += 2
                default:
                    at += 1
                }
            }
            return nil
        }

        /// The members of the object at `at`, each key handed to `visit` with the scanner before
        /// its value, which `visit` must read or skip; false when the bytes are not an object.
        mutating func members(_ visit: (Key, inout Scanner) -> Bool) -> Bool {
            space()
            guard at < end, bytes[at] == UInt8(ascii: "{") else { return false }
            at += 1
            space()
            if at < end, bytes[at] == UInt8(ascii: "}") {
                at += 1
                return true
            }
            while true {
                guard let keyToken = string() else { return false }
                let key: Key
                if keyToken.escaped {
                    let decoded = JSONLine.unescape(ArraySlice(bytes[keyToken.range]))
                    key = decoded.withUnsafeBufferPointer { Key($0) }
                } else {
                    key = Key(UnsafeBufferPointer(rebasing: bytes[keyToken.range]))
                }
                space()
                guard at < end, bytes[at] == UInt8(ascii: ":") else { return false }
                at += 1
                space()
                guard visit(key, &self) else { return false }
                space()
                guard at < end else { return false }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "}") else { return false }
                at += 1
                return true
            }
        }

        /// The nested object at `at`.
        mutating func object(_ visit: (Key, inout Scanner) -> Bool) -> Bool { members(visit) }

        /// Steps over any value: strings by their quotes, objects and lists by counting brackets
        /// outside strings, words and numbers to the next delimiter.
        mutating func skipValue(depth: Int) -> Bool {
            space()
            guard at < end else { return false }
            switch bytes[at] {
            case UInt8(ascii: "\""):
                return string() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var open = 0
                while at < end {
                    switch bytes[at] {
                    case UInt8(ascii: "\""):
                        guard string() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): open += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        open -= 1
                        if open == 0 {
                            at += 1
                            return true
                        }
                    default: break
                    }
                    at += 1
                }
                return false
            default:
                while at < end, bytes[at] != UInt8(ascii: ","), bytes[at] != UInt8(ascii: "}"), bytes[at] != UInt8(ascii: "]") {
                    at += 1
                }
                return true
            }
        }
    }
}
