/// One entry of `site.json`'s `languages`: a BCP 47 tag, and what its storefronts do with a
/// record nobody translated into it.
public struct SiteLanguage: Sendable, Hashable {
    public enum Fallback: String, Sendable, Hashable, CaseIterable {
        /// The default language's text, marked with its own `lang`.
        case show
        /// The record is left out of the language's storefronts and feeds.
        case omit
    }

    /// As written: `ko`, `pt-BR`.
    public var tag: String
    public var fallback: Fallback

    public init(tag: String, fallback: Fallback = .show) {
        self.tag = tag
        self.fallback = fallback
    }

    /// The primary subtag (`pt` of `pt-BR`), which CLDR's plural rules and string tables go by.
    public var primary: String { String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased() }

    /// Languages written right to left: their pages get `dir="rtl"`.
    public var isRightToLeft: Bool { Self.rightToLeft.contains(primary) }

    public static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur"]

    /// The keys of a language given as an object rather than a bare tag.
    public static let rules = [
        FieldRule("tag", .pattern(RecordKind.Patterns.languageTag, 2...35, example: "ko"), required: true, "BCP 47 language tag"),
        FieldRule("fallback", .choice(Fallback.allCases.map(\.rawValue)), "untranslated records: show (the default language's text) or omit"),
    ]
}
