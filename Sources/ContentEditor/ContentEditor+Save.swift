import CatalogModel
import ContentLoader
import Foundation
import Hummingbird

extension ContentEditor {
    func readForm(_ request: Request) async throws -> FormBody? {
        let buffer = try await request.body.collect(upTo: uploadLimit)
        return try? FormBody.parse(buffer, contentType: request.headers[.contentType])
    }

    static func badForm() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: .badRequest, headers: headers, body: .init(byteBuffer: ByteBuffer(
            string: "The request is not a form the editor sent (multipart/form-data or application/x-www-form-urlencoded).\n")))
    }

    /// Saves a form: a new record when `file` is nil. Nothing is written unless the whole catalog
    /// validates with the change; the file is written atomically and only when it is still the
    /// version the form was opened on. A post from one of the form's table buttons ("Update
    /// options", "Add a variant", "Remove") redraws the form with the change and writes nothing.
    func save(_ request: Request, kind: RecordKind, file existing: ContentFolder.RecordFile?) async throws -> Response {
        guard let form = try await readForm(request) else { return Self.badForm() }
        if let refusal = security.allowsWrite(request, token: form["_csrf"]) { return refused(request, refusal) }
        let session = security.session(of: request)
        let action = FormAction(form[FormAction.field])
        var submitted = form.fields
        if kind.fields.contains(where: { $0.key == RowTable.optionsKey }) { RowTable.followOptions(&submitted) }
        action.apply(to: &submitted)

        var fieldErrors: [String: [String]] = [:]
        var slug = existing?.slug ?? (form[RecordForm.slugField] ?? "").trimmingCharacters(in: .whitespaces)
        var base: RecordSource?
        if let existing {
            guard let original = folder.source(existing) else { return notFound(request) }
            // A file the form cannot read would be replaced by the form's few fields: refused.
            guard let source = original.source else { return await editForm(request, kind: kind, file: existing) }
            base = source
        } else if let from = form["_from"], let source = folder.file(kind: kind, slug: from).flatMap({ folder.source($0)?.source }) {
            base = source
        }
        if existing == nil {
            if slug.isEmpty {
                let name = form["name"] ?? form["title"] ?? ""
                if !name.trimmingCharacters(in: .whitespaces).isEmpty { slug = uniqueSlug(kind: kind, base: name) }
            }
            if action == .save, let problem = Slug.problem(with: slug) {
                fieldErrors[RecordForm.slugField, default: []].append("slug: " + problem)
            } else if action == .save, folder.file(kind: kind, slug: slug) != nil {
                fieldErrors[RecordForm.slugField, default: []].append(
                    "slug: \(slug) is taken by another \(EditorPage.kindName(kind)); write e.g. \(uniqueSlug(kind: kind, base: slug))")
            }
        }
        // A duplicate of a `.json` record is a `.json` file too, so the keys it keeps keep their form.
        let isJSON = existing?.isJSON ?? base?.isJSON ?? false
        var relative = existing?.relative
            ?? folder.newRelativePath(kind: kind, slug: slug, brand: kind == .product ? form["brand"] : nil)
        if existing == nil, isJSON { relative = String(relative.dropLast(3)) + ".json" }
        let display = folder.displayName + "/" + relative

        let pictures = pendingPictures(form, kind: kind, slug: slug, session: session, errors: &fieldErrors)
        var overlay = ContentOverlay()
        for picture in pictures {
            overlay.images[picture.relative] = picture.size
            submitted[picture.key] = [picture.relative]
        }
        let body = form[RecordForm.bodyField] ?? ""
        var refusal = Refusal(fieldErrors: fieldErrors)
        let redraw = { (refusal: Refusal, status: HTTPResponse.Status, notice: String?) in
            await self.redraw(
                request, kind: kind, existing: existing, form: form, slug: slug, values: submitted, body: body, base: base,
                refusal: refusal, pictures: pictures, session: session, notice: notice, status: status)
        }
        if action != .save { return await redraw(refusal, .ok, action.notice) }
        refusal.fieldErrors.merge(Self.variantProblems(submitted)) { $0 + $1 }

        let changes = changedKeys(kind: kind, values: submitted, base: base, display: display, errors: &refusal.fieldErrors)
        // Nothing changed: the file is left alone (a `.json` file rewritten would change its layout).
        if let existing, let base, changes.isEmpty, pictures.isEmpty, refusal.fieldErrors.isEmpty,
            body.trimmingCharacters(in: .whitespacesAndNewlines) == base.body.trimmingCharacters(in: .whitespacesAndNewlines)
        {
            return Self.redirect(EditorPage.path(kind, slug: existing.slug) + "?saved=1")
        }
        let text = RecordWriter.text(kind: kind, base: base, isJSON: isJSON, changes: changes, body: body)
        let data = Data(text.utf8)

        if refusal.fieldErrors.isEmpty {
            overlay.records[relative] = data
            sortDiagnostics(
                of: overlay, kind: kind, display: display, written: data, isJSON: isJSON, values: submitted, into: &refusal)
        }
        guard refusal.fieldErrors.isEmpty, refusal.otherErrors.isEmpty else {
            return await redraw(refusal, .unprocessableContent, nil)
        }
        // A new record's form saw no file at its path, whatever revision was sent.
        let revision = existing == nil ? "" : form["_revision"] ?? ""
        let change = ContentFolder.Change(
            relative: relative, data: data, alongside: pictures.map { ($0.relative, Data($0.bytes)) })
        let file = existing ?? ContentFolder.RecordFile(kind: kind, slug: slug, relative: relative)
        if let notSaved = commit(request, change, ifAt: revision, file: file, mine: text) { return notSaved }
        for token in pictures.compactMap(\.token) { staged.remove(token, session: session) }
        return Self.redirect(EditorPage.path(kind, slug: slug) + "?saved=1")
    }

    /// The keys whose values the form changed, in the key table's order; a value the form's
    /// text cannot stand for is an error at its field.
    func changedKeys(
        kind: RecordKind, values submitted: [String: [String]], base: RecordSource?, display: String,
        errors: inout [String: [String]]
    ) -> [(key: String, value: RawNode?)] {
        var changes: [(key: String, value: RawNode?)] = []
        let before = RecordForm.values(kind: kind, source: base)
        for rule in kind.fields {
            let control = FieldControl(rule.type)
            let result: Result<RawNode?, Diagnostic>
            if control == .rows, let table = RowTable.read(key: rule.key, from: submitted) {
                result = .success(table.node(path: display, type: rule.type))
            } else {
                var now = submitted[rule.key] ?? []
                if case .references = control { now = Self.inSavedOrder(now, before[rule.key] ?? []) }
                if base != nil, Self.same(now, before[rule.key] ?? [], control: control) { continue }
                result = control.value(from: now, path: display + " (\(rule.key))")
            }
            switch result {
            case .success(let value):
                if base != nil, control == .rows, Self.sameValue(value, base?.entry(rule.key)?.value) { continue }
                changes.append((rule.key, value))
            case .failure(let diagnostic):
                errors[rule.key, default: []].append("\(rule.key): \(diagnostic.message)")
            }
        }
        return changes
    }

    /// What `vitrine check` says about the catalog with the change, sorted into the form: at a
    /// field or a table's cell in the form's terms, about other files, or warnings (which
    /// include errors the catalog had before the change).
    func sortDiagnostics(
        of overlay: ContentOverlay, kind: RecordKind, display: String, written data: Data, isJSON: Bool,
        values submitted: [String: [String]], into refusal: inout Refusal
    ) {
        let found = folder.validate(overlay)
        let earlier = folder.earlierErrors(besides: display, in: found)
        let tables = kind.fields.compactMap { rule in
            RowTable.read(key: rule.key, from: submitted).flatMap {
                RowMessages(table: $0, written: data, kind: kind, isJSON: isJSON, path: display)
            }
        }
        for diagnostic in found {
            let ours = diagnostic.location.path == display
            if diagnostic.severity == .warning || earlier.contains(diagnostic) {
                refusal.warnings.append(diagnostic.description)
            } else if ours, let placed = tables.lazy.compactMap({ $0.place(diagnostic) }).first {
                refusal.fieldErrors[placed.field, default: []].append(placed.message)
            } else if ours, let field = Self.field(of: diagnostic, kind: kind) {
                refusal.fieldErrors[field, default: []].append(Self.formMessage(diagnostic.message, kind: kind))
            } else {
                refusal.otherErrors.append(ours ? diagnostic.message : diagnostic.description)
            }
        }
    }

    /// Why a form was not saved, by field and in general.
    struct Refusal {
        var fieldErrors: [String: [String]] = [:]
        var otherErrors: [String] = []
        var warnings: [String] = []
    }

    /// The form again, with what was sent: every value, the table as it now is, the pictures
    /// staged (so they need not be chosen again) and the reasons it was not saved.
    func redraw(
        _ request: Request, kind: RecordKind, existing: ContentFolder.RecordFile?, form: FormBody, slug: String,
        values: [String: [String]], body: String, base: RecordSource?, refusal: Refusal, pictures: [PendingPicture],
        session: String?, notice: String?, status: HTTPResponse.Status
    ) async -> Response {
        var again = RecordForm(
            kind: kind, mode: existing.map { .edit($0) } ?? .new, slug: slug, values: values, body: body,
            revision: form["_revision"] ?? "", otherKeys: RecordForm.otherKeys(kind: kind, source: base))
        again.fieldErrors = refusal.fieldErrors
        again.otherErrors = refusal.otherErrors
        again.warnings = refusal.warnings
        again.notice = notice
        for picture in pictures {
            // The path field shows what it held; the picture waits under its token.
            again.values[picture.key] = form.fields[picture.key] ?? []
            if let token = picture.token ?? session.flatMap({ staged.stage(picture.bytes, filename: picture.filename, session: $0) }) {
                again.staged[picture.key] = (token, picture.filename)
            } else {
                again.fieldErrors[RecordForm.uploadField(picture.key), default: []].append(
                    "\(picture.filename) could not be kept for the next try; choose it again")
            }
        }
        again.shopCurrencies = folder.shopCurrencies()
        again.duplicateOf = form["_from"].flatMap { Slug($0) == nil ? nil : $0 }
        let options = pickerOptions(for: kind)
        let preview = existing == nil ? nil : await previewPath(kind: kind, slug: slug)
        return page(request, status: status) { csrf in
            layout(title: again.title, current: kind, main: again.html(csrf: csrf, options: options, previewPath: preview))
        }
    }

    /// A product's options and variant rows out of step, said in the form's terms before the
    /// catalog is checked (the loader would advise YAML).
    static func variantProblems(_ values: [String: [String]]) -> [String: [String]] {
        guard let slots = values[RowTable.optionsKey], let table = RowTable.read(key: RowTable.variantsKey, from: values) else { return [:] }
        let names = slots.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let filled = table.rows.contains { !$0.isEmpty }
        if !names.isEmpty, !filled {
            let labels = names.map(EditorPage.label).joined(separator: " and ")
            return [RowTable.variantsKey: [
                "Variants: a product with options is sold as its variants; fill a row of the table with each variant’s SKU and \(labels), or clear the options"
            ]]
        }
        if names.isEmpty, filled {
            return [RowTable.optionsKey: [
                "Options: name what the variants differ by (such as shade or size) in an option box, or remove the variant rows"
            ]]
        }
        return [:]
    }

    /// A message about one of the form's fields in the form's terms: a missing key is a field
    /// to fill in, not a line of YAML to add.
    static func formMessage(_ message: String, kind: RecordKind) -> String {
        let missing = "missing required key `"
        guard message.hasPrefix(missing) else { return message }
        let key = String(message.dropFirst(missing.count).prefix { $0 != "`" })
        guard let rule = kind.fields.first(where: { $0.key == key }) else { return message }
        return "\(EditorPage.label(key)) is required: \(rule.summary)"
    }

    /// Chosen records in the order the file lists them, newly chosen ones after: ticking a box
    /// above a product's first category does not change its breadcrumb.
    static func inSavedOrder(_ now: [String], _ before: [String]) -> [String] {
        let kept = before.filter(now.contains)
        return kept + now.filter { !kept.contains($0) }
    }

    /// Whether the form left a field as the file has it: then its lines stay untouched.
    static func same(_ now: [String], _ before: [String], control: FieldControl) -> Bool {
        func clean(_ values: [String]) -> [String] {
            values.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
        return clean(now) == clean(before)
    }

    /// Whether a table sent back holds what the file has: then its lines stay untouched.
    static func sameValue(_ a: RawNode?, _ b: RawNode?) -> Bool {
        a.map(YAMLText.value) == b.map(YAMLText.value)
    }

    /// The form field a diagnostic about the edited file belongs to: the key its message starts
    /// with (`price: "free" is not…`, `variants[2].sku: …`), the file name for the slug.
    static func field(of diagnostic: Diagnostic, kind: RecordKind) -> String? {
        let message = diagnostic.message
        if message.hasPrefix("file name:") { return RecordForm.slugField }
        let missing = "missing required key `"
        if message.hasPrefix(missing) {
            let key = String(message.dropFirst(missing.count).prefix { $0 != "`" })
            if kind.fields.contains(where: { $0.key == key }) { return key }
        }
        for rule in kind.fields {
            let key = rule.key
            if message.hasPrefix(key + ":") || message.hasPrefix(key + "[") || message.hasPrefix(key + ".") { return key }
        }
        if let key = kind.jsonBodyKey, message.hasPrefix(key + ":") { return RecordForm.bodyField }
        return nil
    }

    /// Applies a form's change with its version check under the write lock: of two saves of one
    /// form, the second finds the file changed instead of overwriting the first.
    func apply(_ change: ContentFolder.Change, ifAt revision: String) -> SaveOutcome {
        writeLock.withLock { folder.apply(change, ifAt: revision) }
    }

    /// `apply` answered as every form's save answers, so a record and its translations fail
    /// alike: nil once the change is on disk, else the conflict page (`mine` beside the file as
    /// it is now) or the page saying the disk refused it.
    /// - Parameter formPath: the form to open again; the record's own by default.
    func commit(
        _ request: Request, _ change: ContentFolder.Change, ifAt revision: String, file: ContentFolder.RecordFile, mine: String,
        formPath: String? = nil
    ) -> Response? {
        switch apply(change, ifAt: revision) {
        case .written:
            return nil
        case .conflict(let onDisk):
            return conflict(request, kind: file.kind, file: file, mine: mine, theirs: onDisk, formPath: formPath)
        case .failed(let reason):
            // A cleared translation is removed, not written: say which the disk refused.
            let verb = change.data == nil ? "removed" : "written"
            return page(request, status: .internalServerError) { _ in
                layout(
                    title: "Not saved",
                    main: "<h1>Not saved</h1><p>\(EditorPage.escape(change.relative)) could not be \(verb): "
                        + "\(EditorPage.escape(reason))</p>")
            }
        }
    }

    /// - Parameter formPath: the form to open again; the record's own by default.
    func conflict(
        _ request: Request, kind: RecordKind, file: ContentFolder.RecordFile, mine: String, theirs: Data?, formPath: String? = nil
    ) -> Response {
        page(request, status: .conflict) { _ in
            let disk = theirs.map { String(decoding: $0, as: UTF8.self) } ?? "(the file is gone)"
            let main = """
                <h1>Not saved: the file changed since the form was opened</h1>
                <div class="error-summary" role="alert"><p>Someone (or another program) changed <code>\(EditorPage.escape(folder.displayName + "/" + file.relative))</code> after you opened the form. Nothing was written. Compare the two versions, then <a href="\(formPath ?? EditorPage.path(kind, slug: file.slug))">open the form again</a> and repeat your change.</p></div>
                <div class="versions">
                <section aria-labelledby="mine"><h2 id="mine">Your version (not saved)</h2><pre>\(EditorPage.escape(mine))</pre></section>
                <section aria-labelledby="theirs"><h2 id="theirs">On disk now</h2><pre>\(EditorPage.escape(disk))</pre></section>
                </div>
                """
            return layout(title: "Conflict", current: kind, main: main)
        }
    }

    /// Deletes a record when the catalog validates without it.
    func delete(_ request: Request, kind: RecordKind, file: ContentFolder.RecordFile) async throws -> Response {
        guard let form = try await readForm(request) else { return Self.badForm() }
        if let refusal = security.allowsWrite(request, token: form["_csrf"]) { return refused(request, refusal) }
        let found = folder.validate(ContentOverlay(records: [file.relative: nil]))
        let earlier = folder.earlierErrors(besides: "", in: found)
        let errors = found.filter { $0.severity == .error && !earlier.contains($0) }
        guard errors.isEmpty else {
            return deleteForm(request, kind: kind, file: file, errors: errors.map(\.description), status: .unprocessableContent)
        }
        let problem: String?
        switch apply(ContentFolder.Change(relative: file.relative, data: nil), ifAt: form["_revision"] ?? "") {
        case .written: problem = nil
        case .conflict: problem = "The file changed since this page was opened; look at it again before deleting it."
        case .failed(let reason): problem = "Could not delete: \(reason)"
        }
        if let problem { return deleteForm(request, kind: kind, file: file, errors: [problem], status: .conflict) }
        return Self.redirect(EditorPage.path(kind) + "?deleted=" + file.slug)
    }

    /// The Markdown of a text area as the build renders it, for the form's live preview.
    func markdownPreview(_ request: Request) async throws -> Response {
        guard let form = try await readForm(request) else { return Self.badForm() }
        if let refusal = security.allowsWrite(request, token: form["_csrf"]) {
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(status: .forbidden, headers: headers, body: .init(byteBuffer: ByteBuffer(string: refusal.message)))
        }
        let html = MarkdownRenderer.render(form["markdown"] ?? "").html
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
