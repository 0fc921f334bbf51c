import CatalogModel
import ContentLoader
import Foundation

extension ContentFolder {
    /// The languages records may be translated into: `site.json`'s `languages` after the first,
    /// each a tag or `{tag, …}`; empty when the file has none or cannot be read.
    func translationLanguages() -> [String] { Array(siteLanguages().dropFirst()) }

    /// The language the records themselves are written in: the first of `languages`.
    func defaultLanguage() -> String? { siteLanguages().first }

    /// `site.json`'s `languages` as tags, read raw so the editor works while the catalog does not validate.
    private func siteLanguages() -> [String] {
        guard let site = siteSource(), case .list(let items)? = site.entry("languages")?.value.value else { return [] }
        return items.compactMap { item -> String? in
            if let tag = item.scalarText { return tag }
            if case .map(let entries) = item.value { return entries.first { $0.key == "tag" }?.value.scalarText }
            return nil
        }
    }

    private func siteSource() -> RecordSource? {
        guard let data = bytes("site.json") else { return nil }
        return try? RecordSource.parse(data, kind: .site, isJSON: true, path: displayName + "/site.json").get()
    }

    /// Where a language's pages are in the preview: `ko-kr/` for the first market that sells in
    /// it, empty for the root storefront; nil when no market does (then no page is built in it).
    func storefrontPrefix(language: String) -> String? {
        guard let site = siteSource(), case .list(let markets)? = site.entry("markets")?.value.value else { return nil }
        for (index, market) in markets.enumerated() {
            guard case .map(let entries) = market.value, let id = entries.first(where: { $0.key == "id" })?.value.scalarText,
                case .list(let tags)? = entries.first(where: { $0.key == "languages" })?.value.value
            else { continue }
            let languages = tags.compactMap(\.scalarText)
            guard languages.contains(language) else { continue }
            return index == 0 && languages.first == language ? "" : Storefront.folder(language: language, market: id) + "/"
        }
        return nil
    }

    /// Whether a record file's name without its extension (`serum.ko`) is a translation.
    static func isTranslation(_ base: String, languages: [String]) -> Bool {
        guard let dot = base.lastIndex(of: ".") else { return false }
        return languages.contains(String(base[base.index(after: dot)...]))
    }

    /// The file a record's translation into `language` is written to: the one there is, else a
    /// new `.md` beside the record (`products/aven/serum.ko.md`).
    func translationFile(of file: RecordFile, language: String) -> (relative: String, exists: Bool) {
        if let existing = translation(of: file, language: language) { return (existing, true) }
        return ((file.relative as NSString).deletingPathExtension + ".\(language).md", false)
    }

    /// A record's translation file in one language, where there is one (`.md` before `.json`).
    func translation(of file: RecordFile, language: String) -> String? {
        let base = (file.relative as NSString).deletingPathExtension
        return ["md", "json"].map { "\(base).\(language).\($0)" }.first {
            FileManager.default.fileExists(atPath: url($0).path)
        }
    }

    /// The translated name or title a translation file gives, for lists; nil without one.
    func translatedTitle(_ relative: String, kind: RecordKind) -> String? {
        guard let data = bytes(relative),
            let source = try? RecordSource.parse(data, kind: kind, isJSON: relative.hasSuffix(".json"), path: displayName + "/" + relative).get()
        else { return nil }
        return source.entry(kind == .product ? "name" : "title")?.value.scalarText
    }
}
