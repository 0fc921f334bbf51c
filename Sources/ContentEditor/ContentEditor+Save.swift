import CatalogModel
import ContentLoader
import Foundation
import Hummingbird

enum SaveOutcome {
    case written
    case conflict(Data?)
    case failed(String)
}

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
    /// version the form was opened on.
    func save(_ request: Request, kind: RecordKind, file existing: ContentFolder.RecordFile?) async throws -> Response {
        guard let form = try await readForm(request) else { return Self.badForm() }
        if let refusal = security.allowsWrite(request, token: form["_csrf"]) { return refused(request, refusal) }

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
            if let problem = Slug.problem(with: slug) {
                fieldErrors[RecordForm.slugField, default: []].append("slug: " + problem)
            } else if folder.file(kind: kind, slug: slug) != nil {
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

        // Uploaded pictures: checked by libvips, named after the record, written only on success.
        var uploads: [(relative: String, bytes: [UInt8])] = []
        var overlay = ContentOverlay()
        var submitted = form.fields
        for rule in kind.fields where FieldControl(rule.type) == .image {
            guard let upload = form.files[RecordForm.uploadField(rule.key)], !upload.bytes.isEmpty else { continue }
            let field = RecordForm.uploadField(rule.key)
            guard let size = PixelSize.read(header: Array(upload.bytes.prefix(256 * 1024))), let ext = Self.pictureExtension(upload.bytes)
            else {
                fieldErrors[field, default: []].append(
                    "\(upload.filename): not a JPEG, PNG, WebP or GIF picture; upload a photo in one of those formats")
                continue
            }
            let name = pictureName(kind: kind, slug: Slug(slug) == nil ? "upload" : slug, key: rule.key, ext: ext, bytes: upload.bytes)
            if let problem = ContentFolder.pictureProblem(upload.bytes, name: (name as NSString).lastPathComponent) {
                fieldErrors[field, default: []].append("\(upload.filename): \(problem)")
                continue
            }
            uploads.append((name, upload.bytes))
            overlay.images[name] = size
            submitted[rule.key] = [name]
        }

        // The keys whose values the form changed, in the key table's order.
        var changes: [(key: String, value: RawNode?)] = []
        let before = RecordForm.values(kind: kind, source: base)
        for rule in kind.fields {
            let control = FieldControl(rule.type)
            let result: Result<RawNode?, Diagnostic>
            if control == .rows, let table = RowTable.read(key: rule.key, from: submitted) {
                result = .success(table.node(path: display, type: rule.type))
            } else {
                let now = submitted[rule.key] ?? []
                if base != nil, Self.same(now, before[rule.key] ?? [], control: control) { continue }
                result = control.value(from: now, path: display + " (\(rule.key))")
            }
            switch result {
            case .success(let value):
                if base != nil, control == .rows, Self.sameValue(value, base?.entry(rule.key)?.value) { continue }
                changes.append((rule.key, value))
            case .failure(let diagnostic):
                fieldErrors[rule.key, default: []].append("\(rule.key): \(diagnostic.message)")
            }
        }
        let body = form[RecordForm.bodyField] ?? ""
        // Nothing changed: the file is left alone (a `.json` file rewritten would change its layout).
        if let existing, let base, changes.isEmpty, uploads.isEmpty, fieldErrors.isEmpty,
            body.trimmingCharacters(in: .whitespacesAndNewlines) == base.body.trimmingCharacters(in: .whitespacesAndNewlines)
        {
            return Self.redirect(EditorPage.path(kind, slug: existing.slug) + "?saved=1")
        }
        let text = RecordWriter.text(kind: kind, base: base, isJSON: isJSON, changes: changes, body: body)
        let data = Data(text.utf8)

        var otherErrors: [String] = []
        var warnings: [String] = []
        if fieldErrors.isEmpty {
            overlay.records[relative] = data
            let found = folder.validate(overlay)
            let earlier = folder.earlierErrors(besides: display, in: found)
            for diagnostic in found {
                let field = diagnostic.location.path == display ? Self.field(of: diagnostic, kind: kind) : nil
                let message = diagnostic.location.path == display ? diagnostic.message : diagnostic.description
                if diagnostic.severity == .warning || earlier.contains(diagnostic) {
                    warnings.append(diagnostic.description)
                } else if let field {
                    fieldErrors[field, default: []].append(message)
                } else {
                    otherErrors.append(message)
                }
            }
        }
        let revision = form["_revision"] ?? ""
        guard fieldErrors.isEmpty, otherErrors.isEmpty else {
            var again = RecordForm(
                kind: kind, mode: existing.map { .edit($0) } ?? .new, slug: slug, values: submitted, body: body,
                revision: revision, otherKeys: RecordForm.otherKeys(kind: kind, source: base))
            again.fieldErrors = fieldErrors
            again.otherErrors = otherErrors
            again.warnings = warnings
            // A refused save keeps no upload: the field shows its old path again.
            for rule in kind.fields where FieldControl(rule.type) == .image && form.files[RecordForm.uploadField(rule.key)] != nil {
                again.values[rule.key] = form.fields[rule.key] ?? []
                again.notice = "Choose the photo again when you save: a refused save keeps no upload."
            }
            let options = pickerOptions(for: kind)
            let preview = existing == nil ? nil : await previewPath(kind: kind, slug: slug)
            again.duplicateOf = form["_from"].flatMap { Slug($0) == nil ? nil : $0 }
            return page(request, status: .unprocessableContent) { csrf in
                EditorPage.layout(title: again.title, current: kind, main: again.html(csrf: csrf, options: options, previewPath: preview))
            }
        }
        // The version check and the write under one lock: of two saves of one form, the second
        // finds the file changed and gets the conflict page.
        let outcome: SaveOutcome = writeLock.withLock {
            if let existing {
                let onDisk = folder.bytes(existing.relative)
                if ContentFolder.revision(onDisk) != revision { return .conflict(onDisk) }
            } else if FileManager.default.fileExists(atPath: folder.url(relative).path) {
                return .conflict(folder.bytes(relative))
            }
            do {
                for upload in uploads { try folder.write(Data(upload.bytes), to: upload.relative) }
                try folder.write(data, to: relative)
                return .written
            } catch {
                return .failed(error.localizedDescription)
            }
        }
        switch outcome {
        case .written: break
        case .conflict(let onDisk):
            return conflict(request, kind: kind, file: existing ?? ContentFolder.RecordFile(kind: kind, slug: slug, relative: relative), mine: text, theirs: onDisk)
        case .failed(let reason):
            return page(request, status: .internalServerError) { _ in
                EditorPage.layout(title: "Not saved", main: "<h1>Not saved</h1><p>The file could not be written: \(EditorPage.escape(reason))</p>")
            }
        }
        return Self.redirect(EditorPage.path(kind, slug: slug) + "?saved=1")
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

    static func pictureExtension(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "gif" }
        if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "webp" }
        return nil
    }

    /// `images/products/rose-water.jpg`; `-2`, `-3`… when another picture has the name already.
    func pictureName(kind: RecordKind, slug: String, key: String, ext: String, bytes: [UInt8]) -> String {
        let stem = "images/\(kind.folder ?? "misc")/\(slug)" + (key == "image" || key == "logo" ? "" : "-\(key)")
        var candidate = "\(stem).\(ext)"
        var number = 2
        while let existing = folder.bytes(candidate), existing != Data(bytes) {
            candidate = "\(stem)-\(number).\(ext)"
            number += 1
        }
        return candidate
    }

    func conflict(_ request: Request, kind: RecordKind, file: ContentFolder.RecordFile, mine: String, theirs: Data?) -> Response {
        page(request, status: .conflict) { _ in
            let disk = theirs.map { String(decoding: $0, as: UTF8.self) } ?? "(the file is gone)"
            let main = """
                <h1>Not saved: the file changed since the form was opened</h1>
                <div class="error-summary" role="alert"><p>Someone (or another program) changed <code>\(EditorPage.escape(folder.displayName + "/" + file.relative))</code> after you opened the form. Nothing was written. Compare the two versions, then <a href="\(EditorPage.path(kind, slug: file.slug))">open the form again</a> and repeat your change.</p></div>
                <div class="versions">
                <section aria-labelledby="mine"><h2 id="mine">Your version (not saved)</h2><pre>\(EditorPage.escape(mine))</pre></section>
                <section aria-labelledby="theirs"><h2 id="theirs">On disk now</h2><pre>\(EditorPage.escape(disk))</pre></section>
                </div>
                """
            return EditorPage.layout(title: "Conflict", current: kind, main: main)
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
        let problem: String? = writeLock.withLock {
            if ContentFolder.revision(folder.bytes(file.relative)) != (form["_revision"] ?? "") {
                return "The file changed since this page was opened; look at it again before deleting it."
            }
            do {
                try folder.remove(file.relative)
                return nil
            } catch {
                return "Could not delete: \(error.localizedDescription)"
            }
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
