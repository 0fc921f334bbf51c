public import CatalogModel
import DefaultTheme
public import ShopStrings

/// The theme's string tables as the service uses them: a shopper reads the summary page and its
/// refusals in the language of the storefront the cart was filled in, as the shop's own pages
/// were, and anyone else in the shop's language.
public struct CheckoutStrings: Sendable {
    let tables: [String: MessageTable]
    /// The language of each storefront by folder (`ko-kr` → `ko`); the root's is the site's.
    let languages: [String: String]
    /// Locales by storefront folder, for the prices on its summary page.
    let locales: [String: String]
    let site: Site

    /// `tables`: the theme's (`TemplateLibrary.messageTables`); without them, the built-in theme's.
    public init(site: Site, tables: [String: MessageTable]? = nil) {
        self.site = site
        self.tables = tables ?? DefaultTheme.messageTables
        var languages: [String: String] = [:]
        var locales: [String: String] = [:]
        if !site.markets.isEmpty {
            for storefront in site.storefronts where !storefront.isRoot {
                let folder = String(storefront.pathPrefix.dropLast())
                languages[folder] = ShopStrings.language(ofLocale: storefront.locale)
                locales[folder] = storefront.locale
            }
        }
        self.languages = languages
        self.locales = locales
    }

    /// The strings of the storefront named `storefront` (`ko-kr`), or the shop's for the root, an
    /// unknown name or none.
    public func strings(storefront: String?) -> ShopStrings {
        let language = storefront.flatMap { languages[$0] } ?? ShopStrings.language(ofLocale: site.locale)
        return ShopStrings(tables: tables, language: language)
    }

    /// `name` when it is one of the shop's storefronts (`ko-kr`), else nil (the root, or a name
    /// from a URL that is none): only a real one is written back into a link.
    public func storefront(named name: String?) -> String? {
        name.map { $0.lowercased() }.flatMap { languages[$0] == nil ? nil : $0 }
    }

    /// The locale prices are written in for that storefront.
    public func locale(storefront: String?) -> String {
        storefront.flatMap { locales[$0] } ?? site.locale
    }

    /// `lang` of a page in `strings`' language: the site's own tag in its language (`en-US`).
    func languageTag(_ strings: ShopStrings) -> String {
        strings.language == ShopStrings.language(ofLocale: site.locale) ? site.languageTag : strings.language
    }
}
