import BuildEngine
import CatalogModel
import ContentLoader
import Foundation
import Hummingbird
import Parallel

/// Lists' summaries by file, kept while their files' stamps stay the same.
final class SummaryCache: @unchecked Sendable {
    private var entries: [String: (stamp: FileStamp, readAt: Int64, summary: ContentEditor.Summary)] = [:]
    private let lock = NSLock()

    func summary(_ relative: String, stamp: FileStamp) -> ContentEditor.Summary? {
        lock.withLock {
            guard let entry = entries[relative], entry.stamp == stamp, stamp.isSettled(readAt: entry.readAt) else { return nil }
            return entry.summary
        }
    }

    func store(_ relative: String, stamp: FileStamp, readAt: Int64, _ summary: ContentEditor.Summary) {
        lock.withLock { entries[relative] = (stamp, readAt, summary) }
    }
}

extension ContentEditor {
    /// A record as lists and pickers show it.
    struct Summary: Sendable {
        var file: ContentFolder.RecordFile
        var title: String
        var brand: String?
        var sku: String?
        /// A category's parent, for the path pickers show.
        var parent: String?
    }

    /// Every record of a kind with its title, read from the files (so the lists work while the
    /// catalog does not validate, which is when the editor is most needed).
    /// A file unchanged since it was last summarised (same stamp, settled) is not read again.
    func summaries(_ kind: RecordKind) -> [Summary] {
        let files = folder.files(of: kind)
        let cache = summaryCache
        return ParallelMap.map(files) { file in
            let stamp = FileStamp.read(folder.url(file.relative).path)
            if let stamp, let kept = cache.summary(file.relative, stamp: stamp), kept.file == file { return kept }
            let readAt = FileStamp.now()
            let source = folder.source(file)?.source
            func text(_ key: String) -> String? { source?.entry(key)?.value.scalarText }
            let summary = Summary(
                file: file, title: text("name") ?? text("title") ?? file.slug, brand: text("brand"), sku: text("sku"),
                parent: text("parent"))
            if let stamp { cache.store(file.relative, stamp: stamp, readAt: readAt, summary) }
            return summary
        }
    }

    /// The records a kind's form can pick from: only the kinds its keys refer to (a product's
    /// form lists brands and categories, not ten thousand products). A category is shown with
    /// the categories it sits in (`Skincare › Serums`) and listed in that order.
    func pickerOptions(for kind: RecordKind) -> [RecordKind: [(slug: String, title: String)]] {
        var options: [RecordKind: [(slug: String, title: String)]] = [:]
        for rule in kind.fields {
            switch FieldControl(rule.type) {
            case .reference(let target), .references(let target):
                guard options[target] == nil else { continue }
                let all = summaries(target)
                guard target == .category else {
                    options[target] = all.map { ($0.file.slug, $0.title) }
                    continue
                }
                let bySlug = Dictionary(all.map { ($0.file.slug, $0) }, uniquingKeysWith: { first, _ in first })
                func path(_ summary: Summary) -> String {
                    var titles = [summary.title]
                    var seen: Set<String> = [summary.file.slug]
                    var next = summary.parent
                    while let slug = next, !seen.contains(slug), let parent = bySlug[slug] {
                        titles.insert(parent.title, at: 0)
                        seen.insert(slug)
                        next = parent.parent
                    }
                    return titles.joined(separator: " › ")
                }
                options[target] = all.map { ($0.file.slug, path($0)) }.sorted { ($0.1.folded(), $0.0) < ($1.1.folded(), $1.0) }
            default: break
            }
        }
        return options
    }

    func index(_ request: Request) -> Response {
        page(request) { _ in
            var main = "<h1>Edit the catalog</h1><p>Changes are checked as <code>vitrine check</code> checks them before they are saved, and the preview rebuilds after each save.</p><ul class=\"kinds\">"
            for kind in ContentFolder.kinds {
                let count = folder.files(of: kind).count
                main += "<li><a href=\"\(EditorPage.path(kind))\">\(EditorPage.label(EditorPage.kindName(kind, plural: true)))</a> (\(count)) · "
                    + "<a href=\"\(EditorPage.newPath(kind))\">add a \(EditorPage.kindName(kind))</a></li>"
            }
            return layout(title: "Catalog", main: main + "</ul>")
        }
    }

    func list(_ request: Request, kind: RecordKind) -> Response {
        let query = request.uri.queryParameters["q"].map { String($0).folded() } ?? ""
        let brand = request.uri.queryParameters["brand"].map(String.init) ?? ""
        let notice = request.uri.queryParameters["deleted"].map { "Deleted \(String($0))." }
        var all = summaries(kind)
        if !query.isEmpty {
            all = all.filter { s in
                [s.title, s.file.slug, s.sku ?? ""].contains { $0.folded().contains(query) }
            }
        }
        if !brand.isEmpty { all = all.filter { $0.brand == brand } }
        all.sort { ($0.title.folded(), $0.file.slug) < ($1.title.folded(), $1.file.slug) }
        let plural = EditorPage.label(EditorPage.kindName(kind, plural: true))
        return page(request) { _ in
            var main = "<h1>\(plural)</h1>"
            if let notice { main += EditorPage.notice(notice) }
            main += "<p><a href=\"\(EditorPage.newPath(kind))\">Add a \(EditorPage.kindName(kind))</a></p>"
            main += "<form method=\"get\" action=\"\(EditorPage.path(kind))\" class=\"search\" role=\"search\">"
            main += "<label for=\"q\">Search \(EditorPage.kindName(kind, plural: true))</label>"
            main += "<input type=\"search\" id=\"q\" name=\"q\" value=\"\(EditorPage.escape(request.uri.queryParameters["q"].map(String.init) ?? ""))\">"
            if kind == .product {
                main += "<label for=\"brand\">Brand</label><select id=\"brand\" name=\"brand\"><option value=\"\">All brands</option>"
                for b in summaries(.brand) {
                    let selected = b.file.slug == brand ? " selected" : ""
                    main += "<option value=\"\(b.file.slug)\"\(selected)>\(EditorPage.escape(b.title))</option>"
                }
                main += "</select>"
            }
            main += "<button type=\"submit\">Search</button></form>"
            main += "<p role=\"status\">\(all.count) \(all.count == 1 ? EditorPage.kindName(kind) : EditorPage.kindName(kind, plural: true))</p>"
            main += "<table><thead><tr><th scope=\"col\">\(kind == .product ? "Name" : "Title")</th><th scope=\"col\">Slug</th>"
            if kind == .product { main += "<th scope=\"col\">Brand</th><th scope=\"col\">SKU</th>" }
            main += "</tr></thead><tbody>"
            for s in all.prefix(500) {
                main += "<tr><td><a href=\"\(EditorPage.path(kind, slug: s.file.slug))\">\(EditorPage.escape(s.title))</a></td><td><code>\(s.file.slug)</code></td>"
                if kind == .product { main += "<td>\(EditorPage.escape(s.brand ?? ""))</td><td>\(EditorPage.escape(s.sku ?? ""))</td>" }
                main += "</tr>"
            }
            main += "</tbody></table>"
            if all.count > 500 { main += "<p>The first 500 are shown; search to narrow the list.</p>" }
            return layout(title: plural, current: kind, main: main)
        }
    }

    func editForm(_ request: Request, kind: RecordKind, file: ContentFolder.RecordFile) async -> Response {
        guard let (data, source) = folder.source(file) else { return notFound(request) }
        var form = RecordForm(
            kind: kind, mode: .edit(file), slug: file.slug, values: RecordForm.values(kind: kind, source: source),
            body: source?.body ?? "", revision: ContentFolder.revision(data),
            otherKeys: RecordForm.otherKeys(kind: kind, source: source))
        var status = HTTPResponse.Status.ok
        if source == nil {
            let display = folder.displayName + "/" + file.relative
            if case .failure(let d) = RecordSource.parse(data, kind: kind, isJSON: file.isJSON, path: display) {
                form.otherErrors = [Self.unreadable(d)]
                form.unreadable = UnreadableFile(data, diagnostic: d)
                status = .unprocessableContent
            }
        }
        let preview = await previewPath(kind: kind, slug: file.slug)
        if request.uri.queryParameters["saved"] != nil {
            form.notice = "Saved \(folder.displayName)/\(file.relative)."
            if let preview {
                form.noticeHTML = " <a href=\"\(EditorPage.escape(preview))\">See it in the preview</a>."
            }
        }
        form.shopCurrencies = folder.shopCurrencies()
        let options = pickerOptions(for: kind)
        let translations = translationsSection(kind: kind, file: file)
        return page(request, status: status) { csrf in
            layout(title: form.title, current: kind, main: form.html(csrf: csrf, options: options, previewPath: preview) + translations)
        }
    }

    /// What a form says of a file it cannot read, which it lists (`UnreadableFile`) above its
    /// disabled, empty fields: the parser's positioned message, and that the fix is not the form's.
    /// A save of such a form is refused, as the form's few fields would replace the whole file.
    static func unreadable(_ diagnostic: Diagnostic) -> String {
        diagnostic.description + " (fix the file in a text editor; the form cannot read it)"
    }

    /// A new record's form; from an existing one when duplicating (every value but the SKU, and
    /// a slug of its own).
    func newForm(_ request: Request, kind: RecordKind, from original: ContentFolder.RecordFile?) async -> Response {
        var form = RecordForm(
            kind: kind, mode: .new, slug: "", values: RecordForm.values(kind: kind, source: nil), body: "", revision: "",
            otherKeys: [])
        if let original, let source = folder.source(original)?.source {
            form.values = RecordForm.values(kind: kind, source: source)
            form.values["sku"] = []
            form.body = source.body
            form.slug = uniqueSlug(kind: kind, base: original.slug + "-copy")
            form.otherKeys = RecordForm.otherKeys(kind: kind, source: source)
        }
        if kind == .product, let brand = request.uri.queryParameters["brand"] { form.values["brand"] = [String(brand)] }
        form.duplicateOf = original?.slug
        form.shopCurrencies = folder.shopCurrencies()
        let options = pickerOptions(for: kind)
        return page(request) { csrf in
            layout(title: form.title, current: kind, main: form.html(csrf: csrf, options: options, previewPath: nil))
        }
    }

    /// `base`, or `base-2`, `base-3`… whichever no record of the kind has.
    func uniqueSlug(kind: RecordKind, base: String) -> String {
        let taken = Set(folder.files(of: kind).map(\.slug))
        let stem = String(Slug.suggestion(for: base).prefix(60))
        var candidate = stem
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(stem)-\(number)"
            number += 1
        }
        return candidate
    }

    /// `GET _slug?kind=products&text=Rose Water` → `{"slug": "rose-water", "taken": false}`,
    /// for the new-record form's script.
    func slugProposal(_ request: Request) -> Response {
        let kind = Self.kind(request.uri.queryParameters["kind"].map(String.init)) ?? .product
        let text = request.uri.queryParameters["text"].map(String.init) ?? ""
        let slug = uniqueSlug(kind: kind, base: text)
        let body = JSONValue.object(["slug": .string(slug)]).encoded()
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    func deleteForm(_ request: Request, kind: RecordKind, file: ContentFolder.RecordFile, errors: [String], status: HTTPResponse.Status) -> Response {
        let revision = ContentFolder.revision(folder.bytes(file.relative))
        return page(request, status: status) { csrf in
            var main = "<h1>Delete \(EditorPage.kindName(kind)) \(EditorPage.escape(file.slug))?</h1>"
            if !errors.isEmpty {
                main += EditorPage.errorSummary(errors.map { ($0, nil) }).replacingOccurrences(of: "; nothing was saved", with: "; nothing was deleted")
                main += "<p>Change the records above so they no longer name <code>\(file.slug)</code>, then delete it.</p>"
            }
            main += "<p>This removes <code>\(EditorPage.escape(folder.displayName + "/" + file.relative))</code>. The catalog is checked first: a record still named elsewhere (a product in a promotion) is not deleted.</p>"
            main += "<form method=\"post\" action=\"\(EditorPage.path(kind, slug: file.slug))/delete\">"
            main += "<input type=\"hidden\" name=\"_csrf\" value=\"\(csrf)\"><input type=\"hidden\" name=\"_revision\" value=\"\(revision)\">"
            main += "<p><button type=\"submit\" class=\"danger\">Delete \(EditorPage.escape(file.slug))</button> <a href=\"\(EditorPage.path(kind, slug: file.slug))\">Cancel</a></p></form>"
            return layout(title: "Delete \(file.slug)", current: kind, main: main)
        }
    }
}
