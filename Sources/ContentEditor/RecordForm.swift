import CatalogModel
import Foundation
import ContentLoader

/// One record's form: the model's key table made into labelled controls, with the values the
/// file has (or the values just sent, when a save was refused) and the errors at their fields.
struct RecordForm {
    enum Mode: Equatable {
        case edit(ContentFolder.RecordFile)
        case new
    }

    var kind: RecordKind
    var mode: Mode
    /// The slug field of a new record; the record's own slug when editing.
    var slug: String
    var values: [String: [String]]
    var body: String
    /// The file's version when the form was made (empty for a new record).
    var revision: String
    /// The slug of the record a new one duplicates: its unknown keys and layout carry over.
    var duplicateOf: String?
    /// Keys in the file the model does not know: kept on save, listed so nobody wonders.
    var otherKeys: [String]
    /// Messages by field (a key, `_slug`, `_body` or `_upload.<key>`).
    var fieldErrors: [String: [String]] = [:]
    /// Problems no field of this form holds (another file that names this one).
    var otherErrors: [String] = []
    /// The file on disk when it cannot be read: listed, and the fields disabled.
    var unreadable: UnreadableFile?
    var warnings: [String] = []
    var notice: String?
    var noticeHTML: String = ""
    /// Pictures sent with an earlier post of this form and kept for it, by key.
    var staged: [String: (token: String, filename: String)] = [:]
    /// The shop's currency and then its markets', offered first in currency selects.
    var shopCurrencies: [String] = []

    static let bodyField = "_body"
    static let slugField = "_slug"
    static func uploadField(_ key: String) -> String { "_upload." + key }
    /// The token of a staged picture, and the box that discards it.
    static func stagedField(_ key: String) -> String { "_staged." + key }
    static func discardField(_ key: String) -> String { "_discard." + key }

    /// The form's values for a record as its file has it.
    static func values(kind: RecordKind, source: RecordSource?) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var options: [String] = []
        if case .list(let items)? = source?.entry("options")?.value.value { options = items.compactMap(\.scalarText) }
        for rule in kind.fields {
            let node = source?.entry(rule.key)?.value
            if FieldControl(rule.type) == .rows, let base = RowTable.baseColumns(rule.type, options: options),
                let table = RowTable.make(key: rule.key, node: node, base: base)
            {
                values.merge(table.fields) { $1 }
                continue
            }
            values[rule.key] = FieldControl(rule.type).formValues(node)
        }
        return values
    }

    static func otherKeys(kind: RecordKind, source: RecordSource?) -> [String] {
        let known = Set(kind.fields.map(\.key))
        return (source?.entries ?? []).map(\.key).filter { !known.contains($0) }
    }

    var title: String {
        let name = values["name"]?.first ?? values["title"]?.first ?? ""
        switch mode {
        case .edit: return "Edit \(EditorPage.kindName(kind)): " + (name.isEmpty ? slug : name)
        case .new: return "New \(EditorPage.kindName(kind))"
        }
    }

    var action: String {
        switch mode {
        case .edit: EditorPage.path(kind, slug: slug)
        case .new: EditorPage.newPath(kind)
        }
    }

    func html(csrf: String, options: [RecordKind: [(slug: String, title: String)]], previewPath: String?) -> String {
        var summary: [(text: String, target: String?)] = []
        let order = [Self.slugField] + kind.fields.flatMap { [$0.key, Self.uploadField($0.key)] + cellErrorFields($0.key) }
            + [Self.bodyField]
        for field in order {
            for message in fieldErrors[field] ?? [] { summary.append((message, Self.id(field))) }
        }
        summary += otherErrors.map { ($0, nil) }
        var out = EditorPage.formStart(title: title, notice: notice, noticeHTML: noticeHTML, problems: summary, warnings: warnings)
        if case .edit(let file) = mode {
            out += "<p class=\"file\">File: <code>\(EditorPage.escape(file.relative))</code>"
            if let previewPath { out += " · <a href=\"\(EditorPage.escape(previewPath))\">view in the preview</a>" }
            out += " · <a href=\"\(EditorPage.path(kind, slug: slug))/duplicate\">duplicate</a>"
            out += " · <a href=\"\(EditorPage.path(kind, slug: slug))/delete\">delete</a></p>"
        }
        if let unreadable { out += unreadable.html }
        out += "<form method=\"post\" action=\"\(action)\" enctype=\"multipart/form-data\" novalidate>\n"
        if unreadable != nil { out += "<fieldset disabled class=\"unreadable-fields\">\n" }
        // Enter in a field submits with the form's first button: this Save, not "Update options".
        out += "<button type=\"submit\" class=\"implicit-save\" tabindex=\"-1\" aria-hidden=\"true\">Save</button>\n"
        out += "<input type=\"hidden\" name=\"_csrf\" value=\"\(csrf)\">\n"
        if let duplicateOf { out += "<input type=\"hidden\" name=\"_from\" value=\"\(EditorPage.escape(duplicateOf))\">\n" }
        out += "<input type=\"hidden\" name=\"_revision\" value=\"\(revision)\">\n"
        if mode == .new {
            let from = kind == .product ? "name" : "title"
            out += field(
                Self.slugField, label: "Slug (the file name and web address)", required: true,
                hint: "lower-case letters, digits and dashes; proposed from the \(from) when left empty",
                control: "<input type=\"text\" \(attributes(Self.slugField)) value=\"\(EditorPage.escape(slug))\" data-slug-from=\"f-\(from)\" data-kind=\"\(kind.folder ?? "")\" autocomplete=\"off\">")
        }
        for rule in kind.fields {
            out += control(rule, options: options)
        }
        let bodyLabel = EditorPage.label(kind.jsonBodyKey ?? "body") + " (Markdown)"
        out += field(
            Self.bodyField, label: bodyLabel, required: false, hint: "the text of the page; a preview follows as you type",
            control: "<textarea rows=\"14\" \(attributes(Self.bodyField)) data-markdown=\"preview-body\">\n\(EditorPage.escape(body))</textarea>"
                + "<div class=\"preview\" id=\"preview-body\" aria-live=\"polite\" aria-label=\"Preview of the text\"></div>")
        out += EditorPage.formEnd(keeping: otherKeys, disabled: unreadable != nil)
        return out
    }

    /// The element id of a field: `f-price`, `f-_upload-image`, `f-variants-0-shade`; a
    /// character an id should not have (in a column named by staff) becomes `-`.
    static func id(_ field: String) -> String {
        "f-" + String(field.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "-" })
    }

    /// The cells of a table key that have errors, row by row in the columns' order.
    func cellErrorFields(_ key: String) -> [String] {
        guard let table = RowTable.read(key: key, from: values) else { return [] }
        var out: [String] = []
        for row in 0..<Swift.max(table.rows.count, 1) {
            for column in table.columns {
                let name = RowTable.cellField(key, row: row, column: column)
                if fieldErrors[name]?.isEmpty == false { out.append(name) }
            }
        }
        return out
    }

    func attributes(_ field: String) -> String {
        let id = Self.id(field)
        var describedBy = "\(id)-hint"
        var out = "id=\"\(id)\" name=\"\(EditorPage.escape(field))\""
        if fieldErrors[field]?.isEmpty == false {
            describedBy += " \(id)-error"
            out += " aria-invalid=\"true\""
        }
        return out + " aria-describedby=\"\(describedBy)\""
    }

    func field(
        _ field: String, label: String, required: Bool, hint: String, control: String, group: Bool = false,
        errors extra: [String] = []
    ) -> String {
        let id = Self.id(field)
        let errors = ((fieldErrors[field] ?? []) + extra).map { EditorPage.escape($0) }.joined(separator: "<br>")
        let errorHTML = errors.isEmpty ? "" : "<p class=\"error\" id=\"\(id)-error\">\(errors)</p>"
        let mark = required ? " <span class=\"required\">(required)</span>" : ""
        if group {
            return "<fieldset class=\"field\" id=\"\(id)\" aria-describedby=\"\(id)-hint\"><legend>\(EditorPage.escape(label))\(mark)</legend>"
                + "<p class=\"hint\" id=\"\(id)-hint\">\(EditorPage.escape(hint))</p>\(errorHTML)\(control)</fieldset>\n"
        }
        return "<div class=\"field\"><label for=\"\(id)\">\(EditorPage.escape(label))\(mark)</label>"
            + "<p class=\"hint\" id=\"\(id)-hint\">\(EditorPage.escape(hint))</p>\(errorHTML)\(control)</div>\n"
    }
}
