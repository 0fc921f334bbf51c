import CatalogModel
import ContentLoader
import Foundation

extension ContentFolder {
    /// The languages records may be translated into: `site.json`'s `languages` after the first,
    /// each a tag or `{tag, …}`; empty when the file has none or cannot be read.
    func translationLanguages() -> [String] {
        guard let data = bytes("site.json"),
            let site = try? RecordSource.parse(data, kind: .site, isJSON: true, path: displayName + "/site.json").get(),
            case .list(let items)? = site.entry("languages")?.value.value
        else { return [] }
        let tags = items.compactMap { item -> String? in
            if let tag = item.scalarText { return tag }
            if case .map(let entries) = item.value { return entries.first { $0.key == "tag" }?.value.scalarText }
            return nil
        }
        return Array(tags.dropFirst())
    }

    /// Whether a record file's name without its extension (`serum.ko`) is a translation.
    static func isTranslation(_ base: String, languages: [String]) -> Bool {
        guard let dot = base.lastIndex(of: ".") else { return false }
        return languages.contains(String(base[base.index(after: dot)...]))
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
