public import CatalogModel
public import Foundation

/// What `ReviewImporter` made of an export: the review lines to write, oldest first, and why the
/// rows it left out were left out.
public struct ReviewImport: Sendable {
    /// Each a JSON object that `Review.read` accepts against the catalog, without a line break.
    public var lines: [String] = []
    /// Errors (a missing column, dates of no clear order) stop the import; warnings are rows left
    /// out or changed, each at its line in the CSV file.
    public var diagnostics: [Diagnostic] = []
    public var skipped = Skipped()

    public var failed: Bool { diagnostics.contains { $0.severity == .error } }

    /// The files written (or, in a dry run, that would be), first to last.
    public var files: [URL] = []

    /// The file to write: one review per line.
    public var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// The lines as files of at most `limit` bytes each, in order: a content file may hold no more.
    public func texts(limit: Int) -> [String] {
        var texts: [String] = []
        var current = ""
        var size = 0
        for line in lines {
            let bytes = line.utf8.count + 1
            if size > 0, size + bytes > limit {
                texts.append(current)
                current = ""
                size = 0
            }
            current += line + "\n"
            size += bytes
        }
        if size > 0 { texts.append(current) }
        return texts
    }

    /// Rows left out, by reason.
    public struct Skipped: Sendable, Equatable {
        public var unknownProducts = 0
        public var unpublished = 0
        public var spam = 0
        public var shopReviews = 0
        public var duplicates = 0
        public var unreadable = 0

        public init() {}

        public var total: Int { unknownProducts + unpublished + spam + shopReviews + duplicates + unreadable }
    }

    /// `imported 412 reviews, skipped 9 (3 for unknown products, 6 unpublished)`.
    public var summary: String {
        var text = "imported \(lines.count) review\(lines.count == 1 ? "" : "s")"
        guard skipped.total > 0 else { return text }
        let parts = [
            (skipped.unknownProducts, "for unknown products", nil), (skipped.unpublished, "unpublished", nil), (skipped.spam, "spam", nil),
            (skipped.shopReviews, "shop reviews", "shop review"), (skipped.duplicates, "duplicates", "duplicate"),
            (skipped.unreadable, "unreadable", nil),
        ].filter { $0.0 > 0 }.map { count, plural, singular in "\(count) \(count == 1 ? singular ?? plural : plural)" }
        text += ", skipped \(skipped.total) (" + parts.joined(separator: ", ") + ")"
        return text
    }
}
