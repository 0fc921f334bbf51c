/// The theme's strings in one language: each message looked up in that language's table, else in
/// English's, which the built-in theme ships complete. What a shopper reads comes from here, so a
/// shop sells in a language by adding (or overriding) `i18n/<language>.json`.
public struct ShopStrings: Sendable {
    /// The language every other one falls back to: the built-in theme's complete table.
    public static let fallbackLanguage = "en"

    /// The language asked for (`ko`).
    public let language: String
    let preferred: MessageTable?
    let fallback: MessageTable?

    /// `tables` by language, as a theme holds them; `language` as `ko` (a region or script is
    /// not looked up on its own yet).
    public init(tables: [String: MessageTable], language: String) {
        self.language = language
        preferred = tables[language]
        fallback = language == Self.fallbackLanguage ? nil : tables[Self.fallbackLanguage]
    }

    /// A message's text and the language it is in: where the language's table lacks the message
    /// the English text is returned, and a page can mark it with `lang="en"`.
    public struct Text: Sendable, Hashable {
        public let text: String
        public let language: String

        public init(text: String, language: String) {
            self.text = text
            self.language = language
        }
    }

    /// The text of message `id` with `arguments` in its placeholders; a plural message takes the
    /// form `count` needs (and `{count}` prints it). A message no table has comes back as its id,
    /// so the gap shows on the page and in tests rather than as nothing.
    public func text(_ id: String, _ arguments: [String: String] = [:], count: Int? = nil) -> Text {
        var arguments = arguments
        if let count { arguments[Message.pluralParameter] = String(count) }
        for table in [preferred, fallback] {
            guard let table, let message = table.messages[id] else { continue }
            return Text(text: message.form(count: count, language: table.language).formatted(arguments), language: table.language)
        }
        return Text(text: id, language: Self.fallbackLanguage)
    }

    /// Message `id` unformatted, and the language it is in: for a page's script, which fills the
    /// placeholders and picks a plural form itself (`Intl.PluralRules`).
    public func message(_ id: String) -> (message: Message, language: String)? {
        for table in [preferred, fallback] {
            if let table, let message = table.messages[id] { return (message, table.language) }
        }
        return nil
    }

    /// `text(…).text`: where a page does not mark fallback text.
    public func callAsFunction(_ id: String, _ arguments: [String: String] = [:], count: Int? = nil) -> String {
        text(id, arguments, count: count).text
    }

    /// Every message that is not plural, by id, in the language asked for or its fallback: what
    /// templates print by name. A message with placeholders is its pattern as written
    /// (`Your bag still holds your {n} items.`), for a page's script to fill; pages format the
    /// others where their values are known.
    public var plainTexts: [String: Text] {
        var texts: [String: Text] = [:]
        for table in [fallback, preferred] {
            guard let table else { continue }
            for (id, message) in table.messages {
                guard case .text(let text) = message else { continue }
                texts[id] = Text(text: text.formatted([:]), language: table.language)
            }
        }
        return texts
    }

    /// The messages whose one placeholder is `{shop}`, the shop's name: known for the whole site,
    /// so a theme can print them by name like plain texts.
    public var shopTextIDs: [String] {
        var ids: Set<String> = []
        for table in [fallback, preferred] {
            guard let table else { continue }
            for (id, message) in table.messages {
                if case .text(let text) = message, text.parameters == ["shop"] { ids.insert(id) }
            }
        }
        return ids.sorted()
    }

    /// The language of a locale identifier, as the renderer is given it: `en_US` → `en`,
    /// `ko-KR` → `ko`.
    public static func language(ofLocale locale: String) -> String {
        PluralCategory.baseLanguage(locale)
    }
}
