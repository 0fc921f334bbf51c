import CatalogModel
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
            html += "<li lang=\"\(EditorPage.escape(language))\"><strong>\(EditorPage.escape(language))</strong>: "
            if let relative = folder.translation(of: file, language: language) {
                let title = folder.translatedTitle(relative, kind: kind).map { EditorPage.escape($0) + " · " } ?? ""
                html += "\(title)<code>\(EditorPage.escape(folder.displayName + "/" + relative))</code>"
            } else {
                html += "<span lang=\"en\">not translated; texts fall back to the default language</span>"
            }
            html += "</li>"
        }
        let base = (file.relative as NSString).deletingPathExtension
        return html + "</ul><p>A translation is a file beside the record, <code>\(EditorPage.escape(base)).&lt;language&gt;.md</code>, "
            + "holding only the texts a shopper reads.</p></section>"
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
                        main += "<li><a href=\"\(EditorPage.path(kind, slug: record.slug))\">\(EditorPage.escape(record.slug))</a></li>"
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
