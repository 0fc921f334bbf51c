import CatalogModel
import Foundation

/// The translation form's page. Every input is in the target language (`lang`, and `dir="rtl"`
/// for a right-to-left one) so spelling checks and input methods follow it, and the default
/// text beside it is marked with its own language, which screen readers read with its voice.
extension TranslationForm {
    var title: String {
        let name = defaults["name"] ?? defaults["title"] ?? ""
        return "\(EditorPage.label(EditorPage.kindName(kind))) in \(EditorPage.languageName(language)): \(name.isEmpty ? record.slug : name)"
    }

    var action: String { EditorPage.translationPath(kind, slug: record.slug, language: language) }

    /// `lang` and, for Arabic, Hebrew, Persian and Urdu, `dir` of the translated texts.
    var languageAttributes: String {
        let tag = EditorPage.escape(language)
        return SiteLanguage(tag: language).isRightToLeft ? "lang=\"\(tag)\" dir=\"rtl\"" : "lang=\"\(tag)\""
    }

    private var defaultName: String { EditorPage.languageName(defaultLanguage) }
    private var defaultLang: String { "lang=\"\(EditorPage.escape(defaultLanguage))\"" }

    func html(csrf: String) -> String {
        var summary: [(text: String, target: String?)] = []
        var order: [String] = []
        for rule in kind.translationFields {
            order.append(rule.key)
            if Self.isTermKey(rule) { order += (terms[rule.key] ?? []).indices.map { Self.termField(rule.key, $0) } }
        }
        for field in order + [Self.bodyField] {
            for message in fieldErrors[field] ?? [] { summary.append((message, RecordForm.id(field))) }
        }
        summary += otherErrors.map { ($0, nil) }
        var out = EditorPage.formStart(title: title, notice: notice, noticeHTML: noticeHTML, problems: summary, warnings: warnings)
        out += "<p class=\"file\">File: <code>\(EditorPage.escape(relative))</code>"
        if !exists { out += " (not written yet: saving creates it)" }
        out += " · <a href=\"\(EditorPage.path(kind, slug: record.slug))\">the \(EditorPage.kindName(kind))’s form</a>"
        if let previewPath { out += " · <a href=\"\(EditorPage.escape(previewPath))\">view in the preview</a>" }
        out += "</p>\n<p>Each field is beside its text in \(EditorPage.escape(defaultName)), the language the record is written in. "
            + "A field left empty is not written: shoppers in \(EditorPage.escape(EditorPage.languageName(language))) see the default text there."
            + (exists ? " Saved with every field empty, the translation file is removed.</p>\n" : "</p>\n")
        if let unreadable { out += unreadable.html }
        out += "<form method=\"post\" action=\"\(EditorPage.escape(action))\" enctype=\"multipart/form-data\" novalidate>\n"
        if unreadable != nil { out += "<fieldset disabled class=\"unreadable-fields\">\n" }
        out += "<input type=\"hidden\" name=\"_csrf\" value=\"\(csrf)\">\n"
        out += "<input type=\"hidden\" name=\"_revision\" value=\"\(revision)\">\n"
        for rule in kind.translationFields {
            out += Self.isTermKey(rule) ? termTable(rule) : textField(rule)
        }
        out += bodyField()
        out += EditorPage.formEnd(keeping: otherKeys, disabled: unreadable != nil)
        return out
    }

    /// The label of a field in the target language: `Name in Korean (ko)`.
    private func label(_ key: String) -> String {
        EditorPage.label(key) + " in " + EditorPage.languageName(language)
    }

    private func errorHTML(_ field: String) -> String {
        let errors = (fieldErrors[field] ?? []).map { EditorPage.escape($0) }.joined(separator: "<br>")
        return errors.isEmpty ? "" : "<p class=\"error\" id=\"\(RecordForm.id(field))-error\">\(errors)</p>"
    }

    /// `id`, `name`, the target language, and what describes the input: its hint, the default
    /// text beside it, and its error when it has one.
    private func attributes(_ field: String, describedBy extra: [String]) -> String {
        let id = RecordForm.id(field)
        var describedBy = extra
        var out = "id=\"\(id)\" name=\"\(EditorPage.escape(field))\" \(languageAttributes)"
        if fieldErrors[field]?.isEmpty == false {
            describedBy.append("\(id)-error")
            out += " aria-invalid=\"true\""
        }
        return out + (describedBy.isEmpty ? "" : " aria-describedby=\"\(describedBy.joined(separator: " "))\"")
    }

    /// A title, a slug or tags: the default text on the left, the input on the right (or
    /// below, on a phone).
    private func textField(_ rule: FieldRule) -> String {
        let key = rule.key
        let id = RecordForm.id(key)
        let isList: Bool
        if case .textList = rule.type { isList = true } else { isList = false }
        var shown = defaults[key] ?? ""
        if isList { shown = shown.split(separator: "\n").joined(separator: ", ") }
        let hint = rule.summary + (isList ? " (one per line)" : "")
            + (key == "slug" ? "; empty: the same path as in \(defaultName)" : "")
        let value = EditorPage.escape(values[key] ?? "")
        let control = isList
            ? "<textarea rows=\"3\" \(attributes(key, describedBy: ["\(id)-hint", "\(id)-default"]))>\n\(value)</textarea>"
            : "<input type=\"text\" \(attributes(key, describedBy: ["\(id)-hint", "\(id)-default"])) value=\"\(value)\""
                + (key == "slug" ? " autocomplete=\"off\" spellcheck=\"false\"" : "") + ">"
        return "<div class=\"field\"><label for=\"\(id)\">\(EditorPage.escape(label(key)))</label>"
            + "<p class=\"hint\" id=\"\(id)-hint\">\(EditorPage.escape(hint))</p>\(errorHTML(key))"
            + "<div class=\"pair\"><div class=\"default\" id=\"\(id)-default\"><p class=\"default-label\">In \(EditorPage.escape(defaultName)):</p>"
            + (shown.isEmpty
                ? "<p class=\"default-text\">(none)</p>"
                : "<p class=\"default-text\" \(defaultLang)>\(EditorPage.escape(shown))</p>")
            + "</div><div class=\"translated\">\(control)</div></div></div>\n"
    }

    /// Option names, option values or store names: a row per default text, the text labelling
    /// its input, which carries the text in a hidden field so the translation is keyed by what
    /// the translator saw.
    private func termTable(_ rule: FieldRule) -> String {
        let key = rule.key
        let id = RecordForm.id(key)
        let rows = terms[key] ?? []
        var control: String
        if rows.isEmpty {
            let what = key == "stores" ? "The promotion lists no stores" : key == "options" ? "The product has no options" : "The product has no variants"
            control = "<p>\(what): nothing to translate here.</p>"
        } else {
            control = "<div class=\"table-scroll\"><table class=\"terms\"><thead><tr><th scope=\"col\">In \(EditorPage.escape(defaultName))</th>"
                + "<th scope=\"col\">In \(EditorPage.escape(EditorPage.languageName(language)))</th></tr></thead><tbody>"
            for (index, term) in rows.enumerated() {
                let field = Self.termField(key, index)
                let stale = term.inRecord ? "" : " <span class=\"stale\" lang=\"en\">(no longer in the \(EditorPage.kindName(kind)): clear it)</span>"
                control += "<tr><th scope=\"row\"><label for=\"\(RecordForm.id(field))\" \(defaultLang)>\(EditorPage.escape(term.original))</label>\(stale)</th><td>"
                    + "<input type=\"hidden\" name=\"\(EditorPage.escape(Self.originalField(key, index)))\" value=\"\(EditorPage.escape(term.original))\">"
                    + "<input type=\"text\" \(attributes(field, describedBy: ["\(id)-hint"])) value=\"\(EditorPage.escape(term.text))\">"
                    + errorHTML(field) + "</td></tr>"
            }
            control += "</tbody></table></div>"
        }
        return "<fieldset class=\"field\" id=\"\(id)\" aria-describedby=\"\(id)-hint\"><legend>\(EditorPage.escape(label(key)))</legend>"
            + "<p class=\"hint\" id=\"\(id)-hint\">\(EditorPage.escape(rule.summary)); a row per text of the \(EditorPage.kindName(kind)), an empty one is not written</p>"
            + errorHTML(key) + control + "</fieldset>\n"
    }

    /// The Markdown body, with the default one read-only beside it and a preview of the
    /// translation as the build renders it.
    private func bodyField() -> String {
        let field = Self.bodyField
        let id = RecordForm.id(field)
        let name = EditorPage.label(kind.jsonBodyKey ?? "body")
        return "<div class=\"field\"><label for=\"\(id)\">\(EditorPage.escape(name + " in " + EditorPage.languageName(language))) (Markdown)</label>"
            + "<p class=\"hint\" id=\"\(id)-hint\">the text of the page in this language; a preview follows as you type</p>\(errorHTML(field))"
            + "<div class=\"pair\"><div class=\"default\"><label class=\"default-label\" for=\"\(id)-default\">\(EditorPage.escape(name)) in \(EditorPage.escape(defaultName)) (read-only)</label>"
            + "<textarea rows=\"14\" id=\"\(id)-default\" readonly \(defaultLang)>\n\(EditorPage.escape(defaultBody))</textarea></div>"
            + "<div class=\"translated\"><textarea rows=\"14\" \(attributes(field, describedBy: ["\(id)-hint"])) data-markdown=\"preview-body\">\n\(EditorPage.escape(body))</textarea>"
            + "<div class=\"preview\" id=\"preview-body\" \(languageAttributes) aria-live=\"polite\" aria-label=\"Preview of the text\"></div></div></div></div>\n"
    }
}
