import CatalogModel
import Foundation

/// The controls of a record's form, one per key of the model, chosen by `FieldControl`.
extension RecordForm {
    func control(_ rule: FieldRule, options: [RecordKind: [(slug: String, title: String)]]) -> String {
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
        case .optionNames:
            return optionBoxes(rule)
        case .rows:
            if let table = RowTable.read(key: key, from: values) {
                let item = Self.itemName(key).lowercased()
                return field(key, label: label, required: rule.required,
                    hint: rule.summary + "; a row per \(item): fill an empty row or add one, remove a row with its button or by clearing it",
                    control: rows(table, type: rule.type), group: true,
                    errors: cellErrorFields(key).flatMap { fieldErrors[$0] ?? [] })
            }
            return field(key, label: label, required: rule.required, hint: rule.summary + " (written as YAML)",
                control: "<textarea rows=\"8\" class=\"code\" spellcheck=\"false\" \(attributes(key))>\n\(text)</textarea>")
        case .yaml:
            return field(key, label: label, required: rule.required, hint: rule.summary + " (written as YAML)",
                control: "<textarea rows=\"8\" class=\"code\" spellcheck=\"false\" \(attributes(key))>\n\(text)</textarea>")
        case .select(let choices):
            var ordered = choices
            var empty = "(none)"
            if case .currencyCode = rule.type, let shop = shopCurrencies.first(where: choices.contains) {
                // The shop's own currency (then its markets') first: no scrolling past AED for USD.
                let first = shopCurrencies.filter(choices.contains)
                ordered = first + choices.filter { !first.contains($0) }
                empty = "(default: the shop’s currency, \(shop))"
            }
            return field(key, label: label, required: rule.required, hint: rule.summary,
                control: select(key, ordered.map { ($0, $0) }, chosen: current, empty: empty))
        case .reference(let kind):
            return field(key, label: label, required: rule.required, hint: rule.summary,
                control: select(key, (options[kind] ?? []).map { ($0.slug, $0.title) }, chosen: current, empty: "(none)"))
        case .references(let kind):
            return field(key, label: label, required: rule.required, hint: rule.summary + " (tick any number)",
                control: checklist(key, kind: kind, records: options[kind] ?? [], chosen: current), group: true)
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
            return picture(rule)
        }
    }

    /// The option boxes' values: the names, then empty boxes up to the most a product may have.
    var optionSlots: [String] {
        let names = values[RowTable.optionsKey] ?? []
        return names + Array(repeating: "", count: Swift.max(0, Variant.optionCount.upperBound - names.count))
    }

    /// "Variant" for `variants`, "Store" for `stores`.
    static func itemName(_ key: String) -> String {
        let label = EditorPage.label(key)
        return label.hasSuffix("s") ? String(label.dropLast()) : label
    }

    /// A box per option name (at most three, as the contract allows), and a button that redraws
    /// the variant table for them; the page's script redraws it as staff type and hides the button.
    private func optionBoxes(_ rule: FieldRule) -> String {
        let key = rule.key
        let id = Self.id(key)
        let slots = optionSlots
        let invalid = fieldErrors[key]?.isEmpty == false
        let describedBy = "\(id)-hint" + (invalid ? " \(id)-error" : "")
        var boxes = "<div class=\"options\">"
        for (index, name) in slots.enumerated() {
            boxes += "<span class=\"option\"><label for=\"\(id)-\(index)\">Option \(index + 1)</label>"
                + "<input type=\"text\" id=\"\(id)-\(index)\" name=\"\(key)\" value=\"\(EditorPage.escape(name))\""
                + " aria-describedby=\"\(describedBy)\"\(invalid ? " aria-invalid=\"true\"" : "") autocomplete=\"off\""
                + " data-options-for=\"\(RowTable.variantsKey)\"></span>"
        }
        boxes += "</div><p><button type=\"submit\" name=\"\(FormAction.field)\" value=\"\(FormAction.updateOptions.value)\" class=\"secondary\""
            + " data-script-hides>Update options</button></p>"
        return field(
            key, label: EditorPage.label(key), required: rule.required,
            hint: "what the variants differ by, a camelCase word per box such as shade, size or skinType (at most \(Variant.optionCount.upperBound)); "
                + "each option is a column of the variant table",
            control: boxes, group: true)
    }

    /// A table of inputs, one row per item, each with a Remove button, and an Add button; each
    /// cell is labelled with its row and column for screen readers. The buttons post the form
    /// for a redraw without the page's script and work in the page with it.
    private func rows(_ table: RowTable, type: FieldType) -> String {
        let key = table.key
        let count = (Int(values[RowTable.markerField(key)]?.first?.split(separator: "|").last ?? "") ?? table.rows.count)
        let item = Self.itemName(key)
        let errorID = Self.id(key) + "-error"
        var out = "<input type=\"hidden\" name=\"\(RowTable.markerField(key))\" value=\"\(EditorPage.escape(table.columns.joined(separator: ",") + "|\(count)"))\">"
        if key == RowTable.variantsKey {
            // The option boxes this table was drawn for, so the next post can tell a renamed option.
            for name in optionSlots {
                out += "<input type=\"hidden\" name=\"\(RowTable.shownOptionsField)\" value=\"\(EditorPage.escape(name))\">"
            }
        }
        out += "<div class=\"table-scroll\"><table class=\"rows\" data-rows=\"\(EditorPage.escape(key))\" data-item=\"\(EditorPage.escape(item))\">"
            + "<thead><tr><th scope=\"col\">#</th>"
        for column in table.columns {
            out += "<th scope=\"col\" data-column=\"\(EditorPage.escape(column))\">\(EditorPage.escape(EditorPage.label(column)))</th>"
        }
        out += "<th scope=\"col\"><span class=\"visually-hidden\">Remove</span></th></tr></thead><tbody>"
        for index in 0..<count {
            out += "<tr><th scope=\"row\">\(index + 1)</th>"
            for column in table.columns {
                let name = RowTable.cellField(key, row: index, column: column)
                let value = values[name]?.first ?? ""
                let label = "\(item) \(index + 1): \(EditorPage.label(column))"
                var common = "id=\"\(Self.id(name))\" name=\"\(EditorPage.escape(name))\""
                let invalid = fieldErrors[name]?.isEmpty == false ? " aria-invalid=\"true\" aria-describedby=\"\(errorID)\"" : ""
                switch RowTable.cellControl(type, column: column) {
                case .select(let choices):
                    common += " aria-label=\"\(EditorPage.escape(label))\"\(invalid)"
                    var cell = "<select \(common)><option value=\"\">(default)</option>"
                    for choice in choices + (value.isEmpty || choices.contains(value) ? [] : [value]) {
                        cell += "<option value=\"\(EditorPage.escape(choice))\"\(choice == value ? " selected" : "")>\(EditorPage.escape(choice))</option>"
                    }
                    out += "<td>\(cell)</select></td>"
                case .line(let mode):
                    let inputMode = mode.map { " inputmode=\"\($0)\"" } ?? ""
                    out += "<td><input type=\"text\"\(inputMode) \(common) value=\"\(EditorPage.escape(value))\" aria-label=\"\(EditorPage.escape(label))\"\(invalid)></td>"
                default:
                    out += "<td><input type=\"text\" \(common) value=\"\(EditorPage.escape(value))\" aria-label=\"\(EditorPage.escape(label))\"\(invalid)></td>"
                }
            }
            out += "<td><button type=\"submit\" name=\"\(FormAction.field)\" value=\"\(FormAction.removeRow(key, index).value)\" class=\"remove\""
                + " aria-label=\"Remove \(item.lowercased()) \(index + 1)\">Remove</button></td></tr>"
        }
        out += "</tbody></table></div>"
        out += "<p><button type=\"submit\" name=\"\(FormAction.field)\" value=\"\(FormAction.addRow(key).value)\" class=\"secondary\">"
            + "Add a \(item.lowercased())</button></p>"
        return out
    }

    /// A single choice; `chosen` values the choices lack (a misspelt slug in the file) stay
    /// visible, to be fixed. An empty value is the empty choice, not an unknown one.
    private func select(_ key: String, _ choices: [(value: String, title: String)], chosen: [String], empty: String) -> String {
        let chosen = chosen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        var out = "<select \(attributes(key))><option value=\"\">\(EditorPage.escape(empty))</option>"
        var listed = Set<String>()
        for choice in choices {
            listed.insert(choice.value)
            let selected = chosen.contains(choice.value) ? " selected" : ""
            let shown = choice.title == choice.value || choice.title.isEmpty ? choice.value : "\(choice.title) (\(choice.value))"
            out += "<option value=\"\(EditorPage.escape(choice.value))\"\(selected)>\(EditorPage.escape(shown))</option>"
        }
        for value in chosen where !listed.contains(value) {
            out += "<option value=\"\(EditorPage.escape(value))\" selected>\(EditorPage.escape(value)) (unknown)</option>"
        }
        return out + "</select>"
    }

    /// Records to pick any number of, as checkboxes (no Ctrl-click): the chosen ones first, in
    /// their saved order (a product's first category gives its breadcrumb), then the others.
    private func checklist(_ key: String, kind: RecordKind, records: [(slug: String, title: String)], chosen: [String]) -> String {
        let chosen = chosen.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let titles = Dictionary(records.map { ($0.slug, $0.title) }, uniquingKeysWith: { first, _ in first })
        var entries: [(slug: String, title: String, checked: Bool)] = []
        for slug in chosen where !entries.contains(where: { $0.slug == slug }) {
            entries.append((slug, titles[slug] ?? "\(slug) (no such \(EditorPage.kindName(kind)))", true))
        }
        for record in records where !chosen.contains(record.slug) { entries.append((record.slug, record.title, false)) }
        if entries.isEmpty { return "<p class=\"hint\">There are no \(EditorPage.kindName(kind, plural: true)) yet.</p>" }
        var out = "<div class=\"checklist\">"
        for (index, entry) in entries.enumerated() {
            let id = Self.id(key) + "-\(index)"
            let shown = entry.title == entry.slug || entry.title.isEmpty || titles[entry.slug] == nil
                ? entry.title : "\(entry.title) (\(entry.slug))"
            out += "<span class=\"choice\"><input type=\"checkbox\" id=\"\(id)\" name=\"\(EditorPage.escape(key))\" value=\"\(EditorPage.escape(entry.slug))\"\(entry.checked ? " checked" : "")>"
                + "<label for=\"\(id)\">\(EditorPage.escape(shown))</label></span>"
        }
        return out + "</div>"
    }

    /// A picture's path, an upload, and the picture an earlier post of the form left waiting.
    private func picture(_ rule: FieldRule) -> String {
        let key = rule.key
        let label = EditorPage.label(key)
        let text = EditorPage.escape(values[key]?.first ?? "")
        let upload = Self.uploadField(key)
        let uploadID = Self.id(upload)
        let uploadErrors = (fieldErrors[upload] ?? []).map { EditorPage.escape($0) }.joined(separator: "<br>")
        let invalid = uploadErrors.isEmpty ? "" : " aria-invalid=\"true\" aria-describedby=\"\(uploadID)-error\""
        var uploadHTML = "<div class=\"upload\">"
        if let staged = staged[key] {
            let discard = Self.discardField(key)
            let name = EditorPage.escape(staged.filename)
            uploadHTML += "<div class=\"staged\"><input type=\"hidden\" name=\"\(Self.stagedField(key))\" value=\"\(staged.token)\">"
                + "<img src=\"\(EditorPage.root)_staged/\(staged.token)\" alt=\"The picture to be saved: \(name)\">"
                + "<p>Kept from your last try and saved with this form: <strong>\(name)</strong>. No need to choose it again; an upload below replaces it.</p>"
                + "<span class=\"choice\"><input type=\"checkbox\" id=\"\(Self.id(discard))\" name=\"\(discard)\" value=\"1\">"
                + "<label for=\"\(Self.id(discard))\">Do not use this picture</label></span></div>"
        }
        uploadHTML += "<label for=\"\(uploadID)\">Upload a new picture for \(EditorPage.escape(label.lowercased()))</label>"
            + (uploadErrors.isEmpty ? "" : "<p class=\"error\" id=\"\(uploadID)-error\">\(uploadErrors)</p>")
            + "<input type=\"file\" id=\"\(uploadID)\" name=\"\(upload)\" accept=\"image/jpeg,image/png,image/webp,image/gif\"\(invalid)></div>"
        return field(key, label: label, required: rule.required, hint: rule.summary + "; an upload replaces it",
            control: "<input type=\"text\" \(attributes(key)) value=\"\(text)\">" + uploadHTML)
    }
}
