public import Foundation

extension Review {
    /// The keys a review line may have; the README's table and the checks below read these.
    public static let fields: [FieldRule] = [
        FieldRule("id", .text(Limits.id), required: true, "unique across all review files"),
        FieldRule("product", .text(1...300), required: true, "a product's slug, or a product's or variant's SKU"),
        FieldRule("rating", .integer(1...5), required: true, "whole stars, 1 to 5"),
        FieldRule("body", .text(Limits.body), required: true, "the review, plain text; a blank line starts a paragraph"),
        FieldRule("author", .text(Limits.author), required: true, "the name shown, e.g. Mina K."),
        FieldRule("date", .timestamp, required: true, "when it was written, not in the future"),
        FieldRule("title", .text(Limits.title), "a headline"),
        FieldRule("verified", .boolean, "bought from the shop (default false)"),
        FieldRule("language", .localeTag, "BCP 47 tag of the text, e.g. ko"),
        FieldRule("response", .text(Limits.responseBody), "the shop's public answer: {\"body\", \"date\"}"),
    ]

    /// What a product or SKU in a review line names.
    public struct Target: Sendable {
        public var product: Slug
        public var sku: String?

        public init(product: Slug, sku: String?) {
            self.product = product
            self.sku = sku
        }
    }

    /// Reads and checks one line. `resolve` finds the product the line names, `suggest` offers a
    /// near name when it finds none. Diagnostics point at the key or value at fault; the review is
    /// nil when any of them is an error.
    public static func read(
        _ line: JSONLine, path: String, lineNumber: Int, zone: TimeZone, now: Date?,
        resolve: (String) -> Target?, suggest: (String) -> String? = { _ in nil }
    ) -> (Review?, [Diagnostic]) {
        let (review, _, diagnostics) = read(
            line, path: path, lineNumber: lineNumber, zone: zone, now: now, texts: true, resolve: resolve, suggest: suggest)
        return (review, diagnostics)
    }

    /// What a build plans with, of a line `check` accepted: its texts are read again when printed.
    public struct Facts: Sendable {
        public var id: String
        public var target: Target
        public var rating: Int
        public var date: Timestamp
        public var verified: Bool
        public var hasResponse: Bool
    }

    /// The same checks as `read`, without making the texts: a build loading a million reviews
    /// checks each body's length and blankness on its bytes and keeps none of them.
    public static func check(
        _ line: JSONLine, path: String, lineNumber: Int, zone: TimeZone, now: Date?,
        resolve: (String) -> Target?, suggest: (String) -> String? = { _ in nil }
    ) -> (Facts?, [Diagnostic]) {
        let (_, facts, diagnostics) = read(
            line, path: path, lineNumber: lineNumber, zone: zone, now: now, texts: false, resolve: resolve, suggest: suggest)
        return (facts, diagnostics)
    }

    private static func read(
        _ line: JSONLine, path: String, lineNumber: Int, zone: TimeZone, now: Date?, texts: Bool,
        resolve: (String) -> Target?, suggest: (String) -> String?
    ) -> (Review?, Facts?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func at(_ offset: Int) -> SourceLocation {
            SourceLocation(path: path, line: lineNumber, column: line.column(atOffset: offset))
        }
        func error(_ message: String, _ offset: Int) { diagnostics.append(.error(message, at: at(offset))) }
        guard let members = line.members else {
            error("a review line is one JSON object: {\"id\": …, \"product\": …, \"rating\": 5, \"body\": …, \"author\": …, \"date\": …}", line.line.lowerBound)
            return (nil, nil, diagnostics)
        }
        // Each key told once by its bytes; the checks below compare those, not strings (ten
        // members a line, a million lines).
        let known = knownKeys
        let keys = members.map { ReviewLine.Key(name: $0.key) }
        for (index, member) in members.enumerated() {
            let key = keys[index]
            let repeated = key == .other ? members[..<index].contains { $0.key == member.key } : keys[..<index].contains(key)
            if repeated {
                error("\(member.key) appears twice in this review; keep one", member.keyOffset)
                continue
            }
            if key != .other {
                continue
            } else if let meant = Spelling.mistypedKey(member.key, among: known) {
                error("unknown key \(member.key); did you mean \(meant)?", member.keyOffset)
            } else {
                diagnostics.append(.warning("unknown key \(member.key) is ignored; a review has \(known.joined(separator: ", "))", at: at(member.keyOffset)))
            }
        }
        let objectStart = line.line.lowerBound
        func member(_ key: ReviewLine.Key) -> JSONLine.Member? { keys.firstIndex(of: key).map { members[$0] } }
        /// The trimmed text; with `decode` false, "" once the text is known to pass (made only to check it when it
        /// has escapes or white space beyond ASCII at an end).
        func text(_ field: ReviewLine.Key, _ limits: ClosedRange<Int>, required: Bool, decode: Bool = true) -> String? {
            let key = field.name
            guard let member = member(field) else {
                if required { error("missing \(key); \(fields.first { $0.key == key }?.summary ?? "")", objectStart) }
                return nil
            }
            if !decode, case .string(let range, false) = member.value, let length = line.plainLength(range) {
                if length == 0 {
                    error("\(key) is empty; write \(key == "author" ? "a name" : "some text") or leave the key out", member.valueOffset)
                    return nil
                }
                if length > limits.upperBound {
                    error("\(key) is \(length.formatted()) characters; at most \(limits.upperBound.formatted()) are allowed", member.valueOffset)
                    return nil
                }
                return ""
            }
            guard let value = line.text(of: member.value) else {
                error("\(key) must be a string in double quotes", member.valueOffset)
                return nil
            }
            let trimmed = trimmed(value)
            if trimmed.isEmpty {
                error("\(key) is empty; write \(key == "author" ? "a name" : "some text") or leave the key out", member.valueOffset)
                return nil
            }
            let length = trimmed.unicodeScalars.count
            if length > limits.upperBound {
                error("\(key) is \(length.formatted()) characters; at most \(limits.upperBound.formatted()) are allowed", member.valueOffset)
                return nil
            }
            return trimmed
        }
        func timestamp(_ member: JSONLine.Member, _ name: String) -> Timestamp? {
            guard let value = line.text(of: member.value) else {
                error("\(name) must be a date in double quotes, e.g. \"2026-11-28\"", member.valueOffset)
                return nil
            }
            switch Timestamp.parse(value, in: zone) {
            case .failure(let problem):
                error("\(name): \(problem.message)", member.valueOffset)
                return nil
            case .success(let stamp):
                if let now, stamp.date > now {
                    error("\(name) \(value) is in the future; a review is dated when it was written", member.valueOffset)
                    return nil
                }
                return stamp
            }
        }

        let id = text(.id, Limits.id, required: true)
        var target: Target?
        if let named = text(.product, 1...300, required: true), let member = member(.product) {
            target = resolve(named)
            if target == nil {
                let hint = suggest(named).map { "; did you mean \($0)?" } ?? "; write a product's slug or a product's or variant's SKU"
                error("product \(named) is not in the catalog\(hint)", member.valueOffset)
            }
        }
        var rating: Int?
        if let member = member(.rating) {
            if case .number(let range) = member.value, let whole = Int(String(decoding: line.bytes[range], as: UTF8.self)),
                (1...5).contains(whole)
            {
                rating = whole
            } else {
                let written = line.text(of: member.value).map { "\"\($0)\"" }
                    ?? { if case .number(let r) = member.value { String(decoding: line.bytes[r], as: UTF8.self) } else { "this" } }()
                error("rating: \(written) is not a whole number of stars from 1 to 5; write e.g. 4", member.valueOffset)
            }
        } else {
            error("missing rating; write a whole number of stars from 1 to 5", objectStart)
        }
        let body = text(.body, Limits.body, required: true, decode: texts)
        let author = text(.author, Limits.author, required: true, decode: texts)
        var date: Timestamp?
        if let member = member(.date) {
            date = timestamp(member, "date")
        } else {
            error("missing date; write when the review was written, e.g. \"2026-11-28\"", objectStart)
        }
        let title = text(.title, Limits.title, required: false, decode: texts)
        var verified = false
        if let member = member(.verified) {
            if case .bool(let flag) = member.value { verified = flag } else { error("verified must be true or false, without quotes", member.valueOffset) }
        }
        var language: String?
        if let member = member(.language) {
            if let tag = line.text(of: member.value), isLanguageTag(tag) {
                language = tag
            } else {
                error("language must be a BCP 47 tag such as \"ko\" or \"pt-BR\"", member.valueOffset)
            }
        }
        var response: Response?
        if let member = member(.response) {
            response = readResponse(member, line: line, error: error, timestamp: timestamp)
        }
        guard diagnostics.errorCount == 0, let id, let target, let rating, let body, let author, let date else {
            return (nil, nil, diagnostics)
        }
        guard texts else {
            let facts = Facts(id: id, target: target, rating: rating, date: date, verified: verified, hasResponse: response != nil)
            return (nil, facts, diagnostics)
        }
        let review = Review(
            id: id, product: target.product, sku: target.sku, rating: rating, title: title, body: body, author: author,
            date: date, verified: verified, language: language, response: response,
            source: SourceLocation(path: path, line: lineNumber, column: 1))
        return (review, nil, diagnostics)
    }

    /// A line the loader checked, read again for its texts: no rule is applied twice (the pages
    /// read reviews back, and checking each again cost as much as loading them). The rating comes
    /// from what the loader kept.
    init(_ line: ReviewLine, product: Slug, zone: TimeZone, source: SourceLocation) {
        func text(_ token: ReviewLine.Token?) -> String { token.map { line.text($0) } ?? "" }
        self.init(
            id: text(line.id), product: product, sku: line.sku(of: product), rating: Int(line.entry.rating),
            title: line.title.map { line.text($0) }, body: text(line.body), author: text(line.author),
            date: line.timestamp(in: zone), verified: line.entry.verified,
            language: line.language.map { line.text($0, trimmed: false) }, response: line.response(in: zone), source: source)
    }

    static let knownKeys = fields.map(\.key)

    /// The text without white space around it; most texts have none, and are returned as they are.
    static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            mayBeSpace(first) || mayBeSpace(last)
        else { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// White space, told without Unicode's tables for ASCII, where nearly every text begins and ends.
    private static func mayBeSpace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isWhitespace }
        return scalar == " " || (0x09...0x0D).contains(scalar.value)
    }

    /// A BCP 47 tag's shape: a language of two or three letters, then subtags of two to eight
    /// letters or digits (`ko`, `pt-BR`, `zh-Hant-TW`).
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    private static func readResponse(
        _ member: JSONLine.Member, line: JSONLine, error: (String, Int) -> Void,
        timestamp: (JSONLine.Member, String) -> Timestamp?
    ) -> Response? {
        guard case .object(let parts) = member.value else {
            error("response must be an object: {\"body\": \"Thank you!\", \"date\": \"2026-11-28\"}", member.valueOffset)
            return nil
        }
        var body: String?
        var date: Timestamp?
        for part in parts {
            switch part.key {
            case "body":
                let text = line.text(of: part.value).map(trimmed) ?? ""
                if text.isEmpty {
                    error("response.body must be the answer's text in double quotes", part.valueOffset)
                } else if text.unicodeScalars.count > Limits.responseBody.upperBound {
                    error("response.body is longer than \(Limits.responseBody.upperBound.formatted()) characters", part.valueOffset)
                } else {
                    body = text
                }
            case "date":
                // Not held to follow the review's date: imported answers carry the service's
                // dates, which need not be in step with the review's.
                date = timestamp(part, "response.date")
            default:
                let hint = Spelling.mistypedKey(part.key, among: ["body", "date"]).map { "; did you mean \($0)?" } ?? "; a response has body and date"
                error("unknown key response.\(part.key)\(hint)", part.keyOffset)
            }
        }
        if body == nil, !parts.contains(where: { $0.key == "body" }) { error("response needs a body", member.valueOffset) }
        if date == nil, !parts.contains(where: { $0.key == "date" }) { error("response needs a date, e.g. \"2026-11-28\"", member.valueOffset) }
        guard let body, let date else { return nil }
        return Response(body: body, date: date)
    }
}
