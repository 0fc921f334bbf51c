public import ShopStrings

extension DefaultTheme {
    /// The built-in theme's string tables by language, for what speaks to shoppers outside the
    /// pages (feeds, the checkout service) when it is given no theme of the shop's: the same
    /// words the pages use. A table that does not parse is left out, and the tests catch it.
    public static let messageTables: [String: MessageTable] = {
        var tables: [String: MessageTable] = [:]
        for (path, data) in files {
            guard let language = MessageTable.language(ofThemePath: path) else { continue }
            tables[language] = MessageTable.parse(data, language: language, path: displayFolder + "/" + path).table
        }
        return tables
    }()

    /// The built-in theme's strings in the language of `locale` (`ko_KR` → Korean), falling back
    /// to English.
    public static func strings(locale: String) -> ShopStrings {
        ShopStrings(tables: messageTables, language: ShopStrings.language(ofLocale: locale))
    }
}
