/// A named message of a string table: one text, or one text per CLDR plural category chosen by
/// the number in the parameter `count`.
public enum Message: Sendable, Hashable {
    case text(MessageText)
    case plural([PluralCategory: MessageText])

    /// The parameter a plural message is chosen by. One fixed name keeps the table's format flat
    /// (no selector syntax) and lets `vitrine check` compare a translation with English.
    public static let pluralParameter = "count"

    /// Every placeholder of every form, sorted.
    public var parameters: [String] {
        switch self {
        case .text(let text): text.parameters.sorted()
        case .plural(let forms): Set(forms.values.flatMap(\.parameters)).sorted()
        }
    }

    /// The form for `count` in `language`: its category's, else `other` (which every plural
    /// message has).
    public func form(count: Int?, language: String) -> MessageText {
        switch self {
        case .text(let text): return text
        case .plural(let forms):
            let category = count.map { PluralCategory.of($0, language: language) } ?? .other
            return forms[category] ?? forms[.other] ?? MessageText(parsing: "")
        }
    }
}
