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
    var warnings: [String] = []
    var notice: String?
    var noticeHTML: String = ""

    static let bodyField = "_body"
    static let slugField = "_slug"
    static func uploadField(_ key: String) -> String { "_upload." + key }

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
        let order = [Self.slugField] + kind.fields.flatMap { [$0.key, Self.uploadField($0.key)] } + [Self.bodyField]
        for field in order {
            for message in fieldErrors[field] ?? [] { summary.append((message, Self.id(field))) }
        }
        summary += otherErrors.map { ($0, nil) }
        var out = "<h1>\(EditorPage.escape(title))</h1>\n"
        if let notice { out += EditorPage.notice(notice, html: noticeHTML) }
        out += EditorPage.errorSummary(summary)
        if !warnings.isEmpty {
            out += "<div class=\"warnings\"><h2>Warnings (these alone would not stop a save)</h2><ul>"
                + warnings.map { "<li>\(EditorPage.escape($0))</li>" }.joined() + "</ul></div>"
        }
        if case .edit(let file) = mode {
            out += "<p class=\"file\">File: <code>\(EditorPage.escape(file.relative))</code>"
            if let previewPath { out += " · <a href=\"\(EditorPage.escape(previewPath))\">view in the preview</a>" }
            out += " · <a href=\"\(EditorPage.path(kind, slug: slug))/duplicate\">duplicate</a>"
            out += " · <a href=\"\(EditorPage.path(kind, slug: slug))/delete\">delete</a></p>"
        }
        out += "<form method=\"post\" action=\"\(action)\" enctype=\"multipart/form-data\" novalidate>\n"
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
        if !otherKeys.isEmpty {
            out += "<p class=\"hint\">Also in the file and kept as they are: "
                + otherKeys.map { "<code>\(EditorPage.escape($0))</code>" }.joined(separator: ", ") + ".</p>\n"
        }
        out += "<p><button type=\"submit\">Save</button></p>\n</form>\n"
        return out
    }

    static func id(_ field: String) -> String { "f-" + field.replacingOccurrences(of: ".", with: "-") }

    private func attributes(_ field: String) -> String {
        let id = Self.id(field)
        var describedBy = "\(id)-hint"
        var out = "id=\"\(id)\" name=\"\(EditorPage.escape(field))\""
        if fieldErrors[field]?.isEmpty == false {
            describedBy += " \(id)-error"
            out += " aria-invalid=\"true\""
        }
        return out + " aria-describedby=\"\(describedBy)\""
    }

    private func field(_ field: String, label: String, required: Bool, hint: String, control: String, group: Bool = false) -> String {
        let id = Self.id(field)
        let errors = (fieldErrors[field] ?? []).map { EditorPage.escape($0) }.joined(separator: "<br>")
        let errorHTML = errors.isEmpty ? "" : "<p class=\"error\" id=\"\(id)-error\">\(errors)</p>"
        let mark = required ? " <span class=\"required\">(required)</span>" : ""
        if group {
            return "<fieldset class=\"field\" id=\"\(id)\" aria-describedby=\"\(id)-hint\"><legend>\(EditorPage.escape(label))\(mark)</legend>"
                + "<p class=\"hint\" id=\"\(id)-hint\">\(EditorPage.escape(hint))</p>\(errorHTML)\(control)</fieldset>\n"
        }
        return "<div class=\"field\"><label for=\"\(id)\">\(EditorPage.escape(label))\(mark)</label>"
            + "<p class=\"hint\" id=\"\(id)-hint\">\(EditorPage.escape(hint))</p>\(errorHTML)\(control)</div>\n"
    }

    private func control(_ rule: FieldRule, options: [RecordKind: [(slug: String, title: String)]]) -> String {
        let key = rule.key
        let current = values[key] ?? []
        let text = EditorPage.escape(current.first ?? "")
        let label = EditorPage.label(key)
        switch FieldControl(rule.type) {
        case .line(let mode):
            let inputMode = mode.map { " inputmode=\"\($0)\"" } ?? ""
            return field(key, label: label, required: rule.required, hint: rule.summary,
                control: "<input type=\"text\"\(inputMode) \(attributes(key)) value=\"\(text)\">")
        case .area:
            return field(key, label: label, required: rule.required, hint: rule.summary,
                control: "<textarea rows=\"4\" \(attributes(key))>\n\(text)</textarea>")
        case .lines:
            return field(key, label: label, required: rule.required, hint: rule.summary + " (one per line)",
                control: "<textarea rows=\"4\" \(attributes(key))>\n\(text)</textarea>")
        case .rows:
            if let table = RowTable.read(key: key, from: values) {
                return field(key, label: label, required: rule.required,
                    hint: rule.summary + "; a row per item: fill an empty row to add one, clear a row to remove it",
                    control: rows(table, type: rule.type), group: true)
            }
            return field(key, label: label, required: rule.required, hint: rule.summary + " (written as YAML)",
                control: "<textarea rows=\"8\" class=\"code\" spellcheck=\"false\" \(attributes(key))>\n\(text)</textarea>")
        case .yaml:
            return field(key, label: label, required: rule.required, hint: rule.summary + " (written as YAML)",
                control: "<textarea rows=\"8\" class=\"code\" spellcheck=\"false\" \(attributes(key))>\n\(text)</textarea>")
        case .select(let choices):
            return field(key, label: label, required: rule.required, hint: rule.summary,
                control: select(key, choices.map { ($0, $0) }, chosen: current, multiple: false))
        case .reference(let kind):
            return field(key, label: label, required: rule.required, hint: rule.summary,
                control: select(key, (options[kind] ?? []).map { ($0.slug, $0.title) }, chosen: current, multiple: false))
        case .references(let kind):
            return field(key, label: label, required: rule.required, hint: rule.summary + " (choose any number)",
                control: select(key, (options[kind] ?? []).map { ($0.slug, $0.title) }, chosen: current, multiple: true))
        case .checkboxes(let choices):
            var boxes = ""
            for (i, choice) in choices.enumerated() {
                let checked = current.contains(choice) ? " checked" : ""
                let id = Self.id(key) + "-\(i)"
                boxes += "<span class=\"choice\"><input type=\"checkbox\" id=\"\(id)\" name=\"\(key)\" value=\"\(EditorPage.escape(choice))\"\(checked)>"
                    + "<label for=\"\(id)\">\(EditorPage.escape(choice))</label></span>"
            }
            return field(key, label: label, required: rule.required, hint: rule.summary, control: boxes, group: true)
        case .image:
            let upload = Self.uploadField(key)
            let uploadID = Self.id(upload)
            let uploadErrors = (fieldErrors[upload] ?? []).map { EditorPage.escape($0) }.joined(separator: "<br>")
            let invalid = uploadErrors.isEmpty ? "" : " aria-invalid=\"true\" aria-describedby=\"\(uploadID)-error\""
            let uploadHTML = "<div class=\"upload\"><label for=\"\(uploadID)\">Upload a new picture for \(EditorPage.escape(label.lowercased()))</label>"
                + (uploadErrors.isEmpty ? "" : "<p class=\"error\" id=\"\(uploadID)-error\">\(uploadErrors)</p>")
                + "<input type=\"file\" id=\"\(uploadID)\" name=\"\(upload)\" accept=\"image/jpeg,image/png,image/webp,image/gif\"\(invalid)></div>"
            return field(key, label: label, required: rule.required, hint: rule.summary + "; an upload replaces it",
                control: "<input type=\"text\" \(attributes(key)) value=\"\(text)\">" + uploadHTML)
        }
    }

    /// A table of inputs, one row per item and a few empty ones; each cell is labelled with its
    /// row and column for screen readers.
    private func rows(_ table: RowTable, type: FieldType) -> String {
        let key = table.key
        let count = (Int(values[RowTable.markerField(key)]?.first?.split(separator: "|").last ?? "") ?? table.rows.count)
        let item = EditorPage.label(key).hasSuffix("s") ? String(EditorPage.label(key).dropLast()) : EditorPage.label(key)
        var out = "<input type=\"hidden\" name=\"\(RowTable.markerField(key))\" value=\"\(EditorPage.escape(table.columns.joined(separator: ",") + "|\(count)"))\">"
        out += "<div class=\"table-scroll\"><table class=\"rows\"><thead><tr><th scope=\"col\">#</th>"
        for column in table.columns { out += "<th scope=\"col\">\(EditorPage.escape(EditorPage.label(column)))</th>" }
        out += "</tr></thead><tbody>"
        for index in 0..<count {
            out += "<tr><th scope=\"row\">\(index + 1)</th>"
            for column in table.columns {
                let name = RowTable.cellField(key, row: index, column: column)
                let value = values[name]?.first ?? ""
                let label = "\(item) \(index + 1): \(EditorPage.label(column))"
                switch RowTable.cellControl(type, column: column) {
                case .select(let choices):
                    var cell = "<select name=\"\(EditorPage.escape(name))\" aria-label=\"\(EditorPage.escape(label))\"><option value=\"\">(default)</option>"
                    for choice in choices + (value.isEmpty || choices.contains(value) ? [] : [value]) {
                        cell += "<option value=\"\(EditorPage.escape(choice))\"\(choice == value ? " selected" : "")>\(EditorPage.escape(choice))</option>"
                    }
                    out += "<td>\(cell)</select></td>"
                case .line(let mode):
                    let inputMode = mode.map { " inputmode=\"\($0)\"" } ?? ""
                    out += "<td><input type=\"text\"\(inputMode) name=\"\(EditorPage.escape(name))\" value=\"\(EditorPage.escape(value))\" aria-label=\"\(EditorPage.escape(label))\"></td>"
                default:
                    out += "<td><input type=\"text\" name=\"\(EditorPage.escape(name))\" value=\"\(EditorPage.escape(value))\" aria-label=\"\(EditorPage.escape(label))\"></td>"
                }
            }
            out += "</tr>"
        }
        return out + "</tbody></table></div>"
    }

    private func select(_ key: String, _ choices: [(value: String, title: String)], chosen: [String], multiple: Bool) -> String {
        var out = "<select \(attributes(key))\(multiple ? " multiple size=\"8\"" : "")>"
        if !multiple { out += "<option value=\"\">(none)</option>" }
        var listed = Set<String>()
        for choice in choices {
            listed.insert(choice.value)
            let selected = chosen.contains(choice.value) ? " selected" : ""
            let shown = choice.title == choice.value || choice.title.isEmpty ? choice.value : "\(choice.title) (\(choice.value))"
            out += "<option value=\"\(EditorPage.escape(choice.value))\"\(selected)>\(EditorPage.escape(shown))</option>"
        }
        // A value the file has that is no choice (a misspelt slug) stays visible, to be fixed.
        for value in chosen where !listed.contains(value) {
            out += "<option value=\"\(EditorPage.escape(value))\" selected>\(EditorPage.escape(value)) (unknown)</option>"
        }
        return out + "</select>"
    }
}
