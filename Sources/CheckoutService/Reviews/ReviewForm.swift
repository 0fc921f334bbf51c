import CatalogModel
import Foundation
import Orders

/// What the review form sent, cleaned (`ReviewText`: tags and control characters out) and checked
/// against `Review.Limits`, the limits the build holds published reviews to, so a review staff
/// approve always loads. Each problem names its field, for the form shown again with them, and is
/// a message of the theme's tables, written in the language of the storefront the page is for.
struct ReviewForm: Sendable {
    var rating: Int?
    var title: String
    var body: String
    var author: String
    var language: String
    /// `(field id, message)` in the form's order.
    var errors: [(field: String, message: CheckoutText)] = []

    var isValid: Bool { errors.isEmpty && rating != nil }

    /// The tag rule `Review.read` applies to a line's `language`.
    static let languagePattern = #"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$"#

    init(fields: [String: String]) {
        let ratingText = (fields["rating"] ?? "").trimmingCharacters(in: .whitespaces)
        title = ReviewText.line(fields["title"] ?? "")
        body = ReviewText.multiline(fields["body"] ?? "")
        author = ReviewText.line(fields["author"] ?? "")
        language = ReviewText.line(fields["language"] ?? "")

        if let stars = Int(ratingText), (1...5).contains(stars), ratingText.count == 1 {
            rating = stars
        } else {
            errors.append(("rating", CheckoutText("reviewFormNoRating")))
        }
        if let problem = Self.tooLong(title, limit: Review.Limits.title.upperBound, message: "reviewFormTitleTooLong") {
            errors.append(("title", problem))
        }
        if body.isEmpty {
            errors.append(("body", CheckoutText("reviewFormNoBody")))
        } else if let problem = Self.tooLong(body, limit: Review.Limits.body.upperBound, message: "reviewFormBodyTooLong") {
            errors.append(("body", problem))
        }
        if author.isEmpty {
            errors.append(("author", CheckoutText("reviewFormNoAuthor")))
        } else if let problem = Self.tooLong(author, limit: Review.Limits.author.upperBound, message: "reviewFormAuthorTooLong") {
            errors.append(("author", problem))
        }
        if !language.isEmpty, language.range(of: Self.languagePattern, options: .regularExpression) == nil {
            errors.append(("language", CheckoutText("reviewFormBadLanguage")))
        }
    }

    /// Counted as `Review.read` counts, in Unicode scalars.
    private static func tooLong(_ text: String, limit: Int, message: String) -> CheckoutText? {
        let length = text.unicodeScalars.count
        guard length > limit else { return nil }
        return CheckoutText(message, ["length": .number(length), "maximum": .number(limit), "excess": .number(length - limit)])
    }

    /// The pending review this form makes for a line.
    func submission(order: Order, line: Int, at now: Date) -> ReviewSubmission? {
        guard isValid, let rating, order.lines.indices.contains(line) else { return nil }
        return ReviewSubmission(
            orderNumber: order.number, line: line, sku: order.lines[line].sku, productName: order.lines[line].name, rating: rating,
            title: title.isEmpty ? nil : title, body: body, author: author, language: language.isEmpty ? nil : language,
            submittedAt: now)
    }

    /// `application/x-www-form-urlencoded` as browsers send it: `+` is a space, `%XX` a byte, and
    /// a malformed escape stays as it was written. The first value of a repeated name counts.
    static func fields(_ bytes: some Collection<UInt8>) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            guard fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }

    private static func decode(_ part: some Collection<UInt8>) -> String {
        let bytes = Array(part)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            } else {
                out.append(byte)
            }
            index += 1
        }
        // Bytes that are not UTF-8 become U+FFFD: text, never a failure.
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
