public import CatalogModel
import ContentLoader
public import Foundation

/// Turns a review service's CSV export (Judge.me, Yotpo) into lines of `Content/reviews/*.jsonl`.
/// Each row's product is found in the catalog by handle, SKU, product id, page address or title;
/// bodies lose their HTML; dates become ISO 8601; the shop's reply becomes the `response`.
/// Unpublished, spam and shop-wide reviews are counted and left out, and so is a row whose
/// product the catalog lacks, with a warning at its line. Ids come from the service's review id,
/// or from a hash of the row where the export has none, so the same export always gives the same
/// file; every line is read back through `Review.read`, so what is written is what a build accepts.
public struct ReviewImporter: Sendable {
    public enum Service: String, Sendable, CaseIterable {
        case judgeme, yotpo

        public var name: String {
            switch self {
            case .judgeme: "Judge.me"
            case .yotpo: "Yotpo"
            }
        }

        /// Ids are `jm-…` and `yt-…`: unique across services, and telling where a line came from.
        public var idPrefix: String {
            switch self {
            case .judgeme: "jm"
            case .yotpo: "yt"
            }
        }

        var whereToExport: String {
            switch self {
            case .judgeme: "Judge.me's admin (Reviews → Export reviews)"
            case .yotpo: "Yotpo's admin (Reviews → Manage reviews → Export)"
            }
        }

        var required: [(name: String, aliases: [String])] {
            switch self {
            case .judgeme: JudgeMe.required
            case .yotpo: Yotpo.required
            }
        }

        func row(_ values: [String: String], _ columns: ReviewColumns, line: Int) -> ReviewRow {
            switch self {
            case .judgeme: JudgeMe.row(values, columns, line: line)
            case .yotpo: Yotpo.row(values, columns, line: line)
            }
        }
    }

    /// For dates with slashes: the day first (`31/01/2026`) or the month (`01/31/2026`).
    public enum DateOrder: String, Sendable, CaseIterable {
        case dmy, mdy
    }

    /// Said for an empty or anonymous reviewer's name.
    public static let anonymousAuthor = "A shopper"

    public var service: Service
    /// Nil: found from the file, where a day over 12 tells.
    public var dateOrder: DateOrder?
    /// A review dated after it is left out, as the build would refuse it; nil checks no dates.
    public var now: Date?
    /// The most bytes one written file holds; more lines go to further files.
    public var fileLimit = ContentLimits.fileBytes

    public init(service: Service, dateOrder: DateOrder? = nil, now: Date? = nil) {
        self.service = service
        self.dateOrder = dateOrder
        self.now = now
    }

    /// `takenIDs`: ids already in other review files (id → where), which this import must not repeat.
    public func importFile(_ url: URL, catalog: Catalog, takenIDs: [String: String] = [:]) -> ReviewImport {
        var result = ReviewImport()
        let table: CSVTable
        do { table = try CSVTable.read(url) } catch {
            switch error { case .unreadable(let diagnostic): result.diagnostics.append(diagnostic) }
            return result
        }
        let columns = ReviewColumns(table.header)
        if let problem = headerProblem(columns) {
            result.diagnostics.append(.error(problem, at: SourceLocation(path: table.display, line: 1, column: 1)))
            return result
        }
        let rows = zip(table.keyedRows(), table.lines).map { service.row($0, columns, line: $1) }
        let order: DateOrder
        switch resolveDateOrder(rows, display: table.display) {
        case .success(let found): order = found
        case .failure(let diagnostic):
            result.diagnostics.append(diagnostic)
            return result
        }

        let matcher = ReviewProductMatcher(catalog)
        var unknown: [(name: String, keys: ReviewRow.ProductKeys, lines: [Int])] = []
        var unknownIndex: [String: Int] = [:]
        var accepted: [(date: Date, id: String, text: String)] = []
        var lineByID: [String: Int] = [:]
        for row in rows {
            switch row.status {
            case .spam: result.skipped.spam += 1; continue
            case .unpublished: result.skipped.unpublished += 1; continue
            case .shopReview: result.skipped.shopReviews += 1; continue
            case .published: break
            }
            let at = SourceLocation(path: table.display, line: row.line, column: 1)
            guard let product = matcher.match(row.product) else {
                let name = ReviewProductMatcher.describe(row.product)
                if let index = unknownIndex[name] {
                    unknown[index].lines.append(row.line)
                } else {
                    unknownIndex[name] = unknown.count
                    unknown.append((name, row.product, [row.line]))
                }
                result.skipped.unknownProducts += 1
                continue
            }
            var notes: [String] = []
            switch line(for: row, product: product, order: order, catalog: catalog, matcher: matcher, display: table.display, notes: &notes) {
            case .failure(let problem):
                result.diagnostics.append(.warning("\(problem.message); the review is left out", at: at))
                result.skipped.unreadable += 1
            case .success(let made):
                if let first = lineByID[made.id] {
                    result.diagnostics.append(.warning("the same review as line \(first) (id \(made.id)); imported once", at: at))
                    result.skipped.duplicates += 1
                } else if let elsewhere = takenIDs[made.id] {
                    result.diagnostics.append(.warning(
                        "id \(made.id) is already in \(elsewhere); left out here (remove that file if it is an older import of the same reviews)",
                        at: at))
                    result.skipped.duplicates += 1
                } else {
                    lineByID[made.id] = row.line
                    accepted.append(made)
                    result.diagnostics += notes.map { .warning($0, at: at) }
                }
            }
        }
        result.diagnostics += unknown.map { Self.unknownProductWarning($0.name, $0.keys, lines: $0.lines, matcher, display: table.display) }
        // Oldest first, so a later export of the same service adds its new reviews at the end.
        accepted.sort { ($0.date, $0.id) < ($1.date, $1.id) }
        result.lines = accepted.map(\.text)
        result.diagnostics.sort()
        return result
    }

    /// One warning per product the catalog lacks, at its first row, listing the others.
    private static func unknownProductWarning(
        _ name: String, _ keys: ReviewRow.ProductKeys, lines: [Int], _ matcher: ReviewProductMatcher, display: String
    ) -> Diagnostic {
        let rows = lines.count == 1
            ? "so its review is left out"
            : "so its \(lines.count) reviews are left out (lines "
                + lines.prefix(8).map(String.init).joined(separator: ", ") + (lines.count > 8 ? ", …" : "") + ")"
        let hint = matcher.suggestion(for: keys).map { "did you mean \($0)?" } ?? "add the product, or correct its handle or SKU in the export"
        return .warning("product \(name) is not in the catalog, \(rows); \(hint)", at: SourceLocation(path: display, line: lines[0], column: 1))
    }

    /// A required column missing, or a header that is the other service's.
    private func headerProblem(_ columns: ReviewColumns) -> String? {
        let other: Service = service == .judgeme ? .yotpo : .judgeme
        let looksLikeOther = switch service {
        case .judgeme: columns.has(Service.Yotpo.rating) && !columns.has(Service.JudgeMe.rating)
        case .yotpo: columns.has(Service.JudgeMe.curated) || (columns.has(Service.JudgeMe.rating) && !columns.has(Service.Yotpo.rating))
        }
        if looksLikeOther {
            return "this is not a \(service.name) export: its columns are \(other.name)'s; import it with --from \(other.rawValue)"
        }
        let missing = service.required.filter { !columns.has($0.aliases) }.map { "\"\($0.name)\"" }
        guard !missing.isEmpty else { return nil }
        return "missing column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); "
            + "export the reviews from \(service.whereToExport) without removing columns"
    }

    /// The order of dates with slashes: as given, else as a day or month over 12 in the file
    /// shows, else Judge.me's documented `dd/mm/yyyy`; a Yotpo file that does not tell is an error
    /// rather than a guess, since a wrong guess would move reviews by months without a word.
    private func resolveDateOrder(_ rows: [ReviewRow], display: String) -> Result<DateOrder, Diagnostic> {
        var dayFirst: (line: Int, text: String)?
        var monthFirst: (line: Int, text: String)?
        var unclear: (line: Int, text: String)?
        for row in rows {
            for text in [row.date, row.replyDate] {
                guard let (first, second) = ReviewDate.slashFields(text) else { continue }
                if first > 12, second <= 12 {
                    dayFirst = dayFirst ?? (row.line, text)
                } else if second > 12, first <= 12 {
                    monthFirst = monthFirst ?? (row.line, text)
                } else if first != second {
                    unclear = unclear ?? (row.line, text)
                }
            }
        }
        if let dateOrder { return .success(dateOrder) }
        switch (dayFirst, monthFirst) {
        case (let day?, let month?):
            return .failure(.error(
                "dates are written both day first (line \(day.line): \(day.text)) and month first (this line: \(month.text)); "
                    + "correct them, or pass --date-order dmy or mdy to read them all one way",
                at: SourceLocation(path: display, line: month.line, column: 1)))
        case (_?, nil): return .success(.dmy)
        case (nil, _?): return .success(.mdy)
        case (nil, nil):
            guard let unclear, service == .yotpo else { return .success(.dmy) }
            return .failure(.error(
                "\(unclear.text) could be day first or month first, and no date in the file has a day over 12 to tell; "
                    + "pass --date-order dmy (31/01/2026) or --date-order mdy (01/31/2026)",
                at: SourceLocation(path: display, line: unclear.line, column: 1)))
        }
    }

    /// The review line for a row whose product was found, or why there is none. `notes` are
    /// changes made to fit the content model (a text cut to its limit).
    private func line(
        for row: ReviewRow, product: String, order: DateOrder, catalog: Catalog, matcher: ReviewProductMatcher, display: String,
        notes: inout [String]
    ) -> Result<(date: Date, id: String, text: String), RowProblem> {
        func fail(_ message: String) -> Result<(date: Date, id: String, text: String), RowProblem> { .failure(RowProblem(message: message)) }
        guard let rating = Self.stars(row.rating) else {
            return fail(row.rating.isEmpty ? "no rating" : "rating \"\(row.rating)\" is not a whole number of stars from 1 to 5")
        }
        guard let date = ReviewDate.parse(row.date, order: order) else {
            return fail(row.date.isEmpty
                ? "no review date"
                : "review date \"\(row.date)\" is not a date this import reads, such as 2026-03-02 10:12:00 UTC, 2026-03-02 or 02/03/2026")
        }
        var body = HTMLToText.convert(row.body)
        var title = HTMLToText.line(row.title)
        if body.isEmpty {
            guard !title.isEmpty else { return fail("the review has no text, and a review in Vitrine needs some") }
            // A title alone is still the buyer's words: shown as the review, not lost.
            body = title
            title = ""
        }
        body = Self.clipped(body, to: Review.Limits.body.upperBound, "the review", &notes)
        title = Self.clipped(title, to: Review.Limits.title.upperBound, "the title", &notes)
        var author = HTMLToText.line(row.author)
        if author.isEmpty || ["anonymous", "anonym", "anonyme", "anónimo"].contains(author.lowercased()) { author = Self.anonymousAuthor }
        author = Self.clipped(author, to: Review.Limits.author.upperBound, "the reviewer's name", &notes)

        let id = identifier(row)
        var members: [String: JSONValue] = [
            "id": .string(id), "product": .string(product), "rating": .int(rating), "body": .string(body),
            "author": .string(author), "date": .string(date.iso8601),
        ]
        if !title.isEmpty { members["title"] = .string(title) }
        if row.verified { members["verified"] = true }
        let reply = HTMLToText.convert(row.reply)
        if !reply.isEmpty {
            var answered = date
            if let replied = ReviewDate.parse(row.replyDate, order: order) {
                answered = replied
            } else if !row.replyDate.isEmpty {
                notes.append("reply date \"\(row.replyDate)\" is not a date this import reads; the reply is dated as the review")
            }
            let text = Self.clipped(reply, to: Review.Limits.responseBody.upperBound, "the reply", &notes)
            members["response"] = ["body": .string(text), "date": .string(answered.iso8601)]
        }
        let text = JSONValue.object(members).encoded()
        // Read back as a build reads it: what passes here passes `vitrine check`.
        guard let parsed = try? JSONLine(Array(text.utf8)) else { return fail("the review could not be written as JSON") }
        let (review, found) = Review.read(
            parsed, path: display, lineNumber: row.line, zone: catalog.site.timeZone, now: now, resolve: matcher.resolve)
        guard let review else {
            return fail(found.first { $0.severity == .error }?.message ?? "the review does not load")
        }
        return .success((review.date.date, id, text))
    }

    /// Why a row gives no review line.
    struct RowProblem: Error {
        var message: String
    }

    /// `5`, `4.0` → 5; a fraction or anything outside 1–5 → nil.
    static func stars(_ text: String) -> Int? {
        guard let value = Double(text), value == value.rounded(), (1...5).contains(value) else { return nil }
        return Int(value)
    }

    /// The id the service gave (`yt-123456789`), or a hash of the row's own words where it gave none.
    private func identifier(_ row: ReviewRow) -> String {
        let own = row.serviceID.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        if !own.isEmpty, own.count == row.serviceID.count, own.count <= Review.Limits.id.upperBound - 3 {
            return service.idPrefix + "-" + own
        }
        let hash = Self.fnv1a64(row.identity.joined(separator: "\u{1F}"))
        let hex = String(hash, radix: 16)
        return service.idPrefix + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// FNV-1a, 64 bits, over UTF-8. Its own function, not the project's `TextHash`: an id must
    /// stay the same in every later version of Vitrine, and `TextHash` is free to change for speed.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The text cut to `limit` characters (as the loader counts them, in Unicode scalars) at a
    /// word's end, with an ellipsis, and a note saying so.
    static func clipped(_ text: String, to limit: Int, _ what: String, _ notes: inout [String]) -> String {
        let count = text.unicodeScalars.count
        guard count > limit else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let size = character.unicodeScalars.count
            if used + size > limit - 1 { break }
            kept.append(character)
            used += size
        }
        if let space = kept.lastIndex(where: { $0.isWhitespace }), kept.distance(from: kept.startIndex, to: space) > limit / 2 {
            kept = String(kept[..<space])
        }
        while let last = kept.last, last.isWhitespace || last.isPunctuation && last != "." { kept.removeLast() }
        let cut = (kept.unicodeScalars.count + 1).formatted()
        notes.append("\(what) is \(count.formatted()) characters, more than the \(limit.formatted()) a review keeps; cut to \(cut)")
        return kept + "…"
    }
}
