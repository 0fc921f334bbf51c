import CatalogModel
import Foundation

/// A record or translation file the editor cannot parse, shown as it is on disk.
///
/// Its form would otherwise open with empty fields, as if the record had no name or price, and
/// staff could not see what is wrong without opening the file elsewhere. The listing numbers
/// the lines and marks the one the parser stopped at; the form's fields stay visible but
/// disabled, and a save is refused on the server too (the form's few fields would replace the
/// whole file).
struct UnreadableFile {
    var text: String
    /// 1-based; 0 when the parser named no line.
    var line: Int

    init(_ data: Data, diagnostic: Diagnostic) {
        text = String(decoding: data, as: UTF8.self)
        line = diagnostic.location.line
    }

    /// Lines shown before the listing is cut: a record file is a page or two.
    static let lineLimit = 400

    var html: String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        if lines.last?.isEmpty == true { lines.removeLast() }
        var out = "<section class=\"unreadable\" aria-labelledby=\"unreadable-title\">\n"
            + "<h2 id=\"unreadable-title\">The file as it is</h2>\n<p>"
        if line > 0 { out += "<a href=\"#unreadable-line\">Line \(line)</a> is where reading stopped. " }
        out += "Fix the file in a text editor and open this form again: until the file reads, the form below is empty and cannot save.</p>\n"
        out += "<ol class=\"source\">"
        for (index, content) in lines.prefix(Self.lineLimit).enumerated() {
            let code = "<code>\(EditorPage.escape(String(content)))</code>"
            out += index + 1 == line ? "<li id=\"unreadable-line\"><mark>\(code)</mark></li>" : "<li>\(code)</li>"
        }
        out += "</ol>\n"
        if lines.count > Self.lineLimit { out += "<p>The first \(Self.lineLimit) of \(lines.count) lines are shown.</p>\n" }
        return out + "</section>\n"
    }
}
