import CatalogModel
import ContentLoader
import Foundation
import Hummingbird

extension ContentEditor {
    /// Under a record's form, its text in each of the site's other languages beside the default
    /// one, or that it has none; empty for a shop in one language.
    func translationsSection(kind: RecordKind, file: ContentFolder.RecordFile) -> String {
        let languages = folder.translationLanguages()
        guard !languages.isEmpty else { return "" }
        var html = "<section aria-labelledby=\"translations\"><h2 id=\"translations\">Translations</h2><ul class=\"translations\">"
        for language in languages {
            let form = EditorPage.escape(EditorPage.translationPath(kind, slug: file.slug, language: language))
            html += "<li lang=\"\(EditorPage.escape(language))\"><strong>\(EditorPage.escape(language))</strong>: "
            if let relative = folder.translation(of: file, language: language) {
                let title = folder.translatedTitle(relative, kind: kind).map { EditorPage.escape($0) + " · " } ?? ""
                html += "\(title)<code>\(EditorPage.escape(folder.displayName + "/" + relative))</code>"
                html += " · <a lang=\"en\" href=\"\(form)\">edit the translation into \(EditorPage.escape(language))</a>"
            } else {
                html += "<span lang=\"en\">not translated; texts fall back to the default language</span>"
                html += " · <a lang=\"en\" href=\"\(form)\">translate into \(EditorPage.escape(language))</a>"
            }
            html += "</li>"
        }
        let base = (file.relative as NSString).deletingPathExtension
        return html + "</ul><p>A translation is a file beside the record, <code>\(EditorPage.escape(base)).&lt;language&gt;.md</code>, "
            + "holding only the texts a shopper reads.</p></section>"
    }

    /// A record's translation into one of the site's languages, as a form beside its default text.
    func translationForm(_ request: Request, kind: RecordKind, file: ContentFolder.RecordFile, language: String) async -> Response {
        guard var form = makeTranslationForm(kind: kind, file: file, language: language) else { return notFound(request) }
        var status = HTTPResponse.Status.ok
        if case .failure(let problem)? = translationSource(form), let data = folder.bytes(form.relative) {
            form.otherErrors = [Self.unreadable(problem)]
            form.unreadable = UnreadableFile(data, diagnostic: problem)
            status = .unprocessableContent
        }
        form.previewPath = await translationPreview(form)
        if request.uri.queryParameters["saved"] != nil {
            form.notice = "Saved \(folder.displayName)/\(form.relative)."
            if let preview = form.previewPath { form.noticeHTML = " <a href=\"\(EditorPage.escape(preview))\">See it in the preview</a>." }
        } else if request.uri.queryParameters["removed"] != nil {
            form.notice = "Removed the translation \(folder.displayName)/\(form.relative): every field was cleared, so shoppers in "
                + "\(EditorPage.languageName(language)) see the default text."
        } else if request.uri.queryParameters["empty"] != nil {
            form.notice = "Nothing was written: the form was empty, so shoppers in \(EditorPage.languageName(language)) see the default text."
        }
        return page(request, status: status) { csrf in layout(title: form.title, current: kind, main: form.html(csrf: csrf)) }
    }

    /// Saves a translation as record saves are saved: the form's token and origin checked, the
    /// whole catalog validated with the new file before a byte is written, the file written
    /// through a temporary file and a rename only when it is still the version the form was
    /// opened on; the preview's watcher then rebuilds the language's pages. A form with every
    /// field cleared removes the file under the same checks, since an empty translation is no
    /// translation, and the record falls back to the default language.
    func saveTranslation(_ request: Request, kind: RecordKind, file: ContentFolder.RecordFile, language: String) async throws -> Response {
        guard let body = try await readForm(request) else { return Self.badForm() }
        if let refusal = security.allowsWrite(request, token: body["_csrf"]) { return refused(request, refusal) }
        guard var form = makeTranslationForm(kind: kind, file: file, language: language) else { return notFound(request) }
        let here = EditorPage.translationPath(kind, slug: file.slug, language: language)
        var base: RecordSource?
        switch translationSource(form) {
        case .failure:
            // A file the form cannot read would be replaced by the form's few fields: refused.
            return await translationForm(request, kind: kind, file: file, language: language)
        case .success(let source): base = source
        case nil: base = nil
        }
        form.take(body)
        form.previewPath = await translationPreview(form)
        let redraw = { (form: TranslationForm) in
            self.page(request, status: .unprocessableContent) { csrf in
                self.layout(title: form.title, current: kind, main: form.html(csrf: csrf))
            }
        }
        // A language nobody translated stays without a file until there is something to say in it.
        if !form.exists, form.isEmpty { return Self.redirect(here + "?empty=1") }
        // Every field cleared takes the translation back out, rather than leaving a file that says
        // nothing; keys the form does not show are not the form's to drop, so they keep the file.
        let removing = form.isEmpty && form.otherKeys.isEmpty
        let display = folder.displayName + "/" + form.relative
        var written = "(no file: every field was cleared, so the translation is removed)"
        var data: Data?
        if !removing {
            let changes = form.changes(base: base, path: display)
            let isJSON = form.relative.hasSuffix(".json")
            var text = form.body
            // A body added to a Markdown file that had none is set off from the front matter by a blank line, as new files are.
            if let base, !isJSON, base.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, !text.hasPrefix("\n") { text = "\n" + text }
            if let base, changes.isEmpty,
                form.body.trimmingCharacters(in: .whitespacesAndNewlines) == base.body.trimmingCharacters(in: .whitespacesAndNewlines)
            {
                return Self.redirect(here + "?saved=1")
            }
            written = RecordWriter.text(kind: kind, base: base, isJSON: isJSON, changes: changes, body: text)
            data = Data(written.utf8)
        }

        // A removal is checked as a write is: without its translated slug, the record's path in
        // the language may become one another record has.
        let found = folder.validate(ContentOverlay(records: [form.relative: data]))
        let earlier = folder.earlierErrors(besides: display, in: found)
        for diagnostic in found {
            let ours = diagnostic.location.path == display
            if diagnostic.severity == .warning || earlier.contains(diagnostic) {
                form.warnings.append(diagnostic.description)
            } else if ours, let field = form.field(of: diagnostic.message) {
                form.fieldErrors[field, default: []].append(diagnostic.message)
            } else {
                form.otherErrors.append(ours ? diagnostic.message : diagnostic.description)
            }
        }
        guard form.fieldErrors.isEmpty, form.otherErrors.isEmpty else { return redraw(form) }
        let translation = ContentFolder.RecordFile(kind: kind, slug: file.slug, relative: form.relative)
        if let notSaved = commit(
            request, ContentFolder.Change(relative: form.relative, data: data), ifAt: form.revision, file: translation, mine: written,
            formPath: here)
        {
            return notSaved
        }
        return Self.redirect(here + (removing ? "?removed=1" : "?saved=1"))
    }

    /// The form for a record's translation as the files are now; nil for a language the site
    /// does not have, so no path from the browser names a file the build would refuse.
    func makeTranslationForm(kind: RecordKind, file: ContentFolder.RecordFile, language: String) -> TranslationForm? {
        guard folder.translationLanguages().contains(language), let record = folder.source(file) else { return nil }
        let (relative, exists) = folder.translationFile(of: file, language: language)
        let data = exists ? folder.bytes(relative) : nil
        let translation = data.flatMap {
            try? RecordSource.parse($0, kind: kind, isJSON: relative.hasSuffix(".json"), path: folder.displayName + "/" + relative).get()
        }
        return TranslationForm(
            kind: kind, record: file, language: language, defaultLanguage: folder.defaultLanguage() ?? "", relative: relative,
            exists: exists, revision: ContentFolder.revision(data), recordSource: record.source, translation: translation)
    }

    /// The translation file read as it is now: nil when there is none.
    private func translationSource(_ form: TranslationForm) -> Result<RecordSource, Diagnostic>? {
        guard form.exists, let data = folder.bytes(form.relative) else { return nil }
        return RecordSource.parse(data, kind: form.kind, isJSON: form.relative.hasSuffix(".json"), path: folder.displayName + "/" + form.relative)
    }

    /// The record's page in the language's storefront, at its translated path when it has one.
    private func translationPreview(_ form: TranslationForm) async -> String? {
        guard let prefix = folder.storefrontPrefix(language: form.language) else { return nil }
        let translated = (form.values["slug"] ?? "").trimmingCharacters(in: .whitespaces)
        return await previewPath(kind: form.kind, slug: Slug(translated) == nil ? form.record.slug : translated, storefront: prefix)
    }

    /// Per language, the records nobody has translated yet, by kind.
    func translationList(_ request: Request) -> Response {
        let languages = folder.translationLanguages()
        return page(request) { _ in
            var main = "<h1>Translations</h1>"
            guard !languages.isEmpty else {
                return layout(
                    title: "Translations", inTranslations: true,
                    main: main + "<p>The shop is in one language: <code>site.json</code> lists no <code>languages</code> to translate into.</p>")
            }
            let files = ContentFolder.kinds.map { (kind: $0, files: folder.files(of: $0)) }
            for language in languages {
                let escaped = EditorPage.escape(language)
                main += "<section aria-labelledby=\"lang-\(escaped)\"><h2 id=\"lang-\(escaped)\">\(escaped)</h2>"
                for (kind, records) in files where !records.isEmpty {
                    let missing = records.filter { folder.translation(of: $0, language: language) == nil }
                    let plural = EditorPage.kindName(kind, plural: true)
                    main += "<h3>\(EditorPage.label(plural)): \(records.count - missing.count) of \(records.count) translated</h3>"
                    guard !missing.isEmpty else { continue }
                    main += "<ul class=\"missing\">"
                    for record in missing.prefix(200) {
                        main += "<li><a href=\"\(EditorPage.escape(EditorPage.translationPath(kind, slug: record.slug, language: language)))\">\(EditorPage.escape(record.slug))</a></li>"
                    }
                    main += "</ul>"
                    if missing.count > 200 { main += "<p>\(missing.count - 200) more not listed.</p>" }
                }
                main += "</section>"
            }
            return layout(title: "Translations", inTranslations: true, main: main)
        }
    }
}
