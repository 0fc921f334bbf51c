import CatalogModel
import Foundation
import TemplateEngine

/// The editor's HTML: one layout, escaped text, and the pieces its pages share. Written here
/// rather than in the shop's theme: the editor must work whatever theme a shop has.
enum EditorPage {
    static let root = "/_vitrine/edit/"

    static func path(_ kind: RecordKind) -> String { root + (kind.folder ?? "") + "/" }
    static func path(_ kind: RecordKind, slug: String) -> String { path(kind) + slug }
    static func newPath(_ kind: RecordKind) -> String { path(kind) + "_new" }
    /// A record's translation form: `/_vitrine/edit/products/serum/translations/ko`.
    static func translationPath(_ kind: RecordKind, slug: String, language: String) -> String {
        path(kind, slug: slug) + "/translations/" + language
    }

    /// `Korean (ko)`: staff know languages by name, translation files by tag.
    static func languageName(_ tag: String) -> String {
        guard let name = Locale(identifier: "en").localizedString(forIdentifier: tag), name != tag else { return tag }
        return "\(name) (\(tag))"
    }

    /// Through the project's one HTML escaper, the one templates print with.
    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// The head of a record's or a translation's form: its title, a notice (saved, nothing to
    /// save), the problems that stopped a save, linked to their fields, and the warnings.
    static func formStart(
        title: String, notice: String?, noticeHTML: String, problems: [(text: String, target: String?)], warnings: [String]
    ) -> String {
        var out = "<h1>\(escape(title))</h1>\n"
        if let notice { out += self.notice(notice, html: noticeHTML) }
        out += errorSummary(problems)
        if !warnings.isEmpty {
            out += "<div class=\"warnings\"><h2>Warnings (these alone would not stop a save)</h2><ul>"
                + warnings.map { "<li>\(escape($0))</li>" }.joined() + "</ul></div>"
        }
        return out
    }

    /// The end of a record's or a translation's form: the keys of the file the form does not
    /// show (they are written back untouched, and staff should know they are there), and Save.
    /// `disabled`: the fields were opened in a `<fieldset disabled>` (an unreadable file), closed here.
    static func formEnd(keeping otherKeys: [String], disabled: Bool = false) -> String {
        var out = ""
        if !otherKeys.isEmpty {
            out += "<p class=\"hint\">Also in the file and kept as they are: "
                + otherKeys.map { "<code>\(escape($0))</code>" }.joined(separator: ", ") + ".</p>\n"
        }
        return out + "<p><button type=\"submit\" class=\"save\">Save</button></p>\n" + (disabled ? "</fieldset>\n" : "") + "</form>\n"
    }

    /// `priceUnit` → `Price unit`.
    static func label(_ key: String) -> String {
        var out = ""
        for (i, c) in key.enumerated() {
            if i == 0 { out += c.uppercased(); continue }
            if c.isUppercase { out += " " + c.lowercased() } else { out.append(c) }
        }
        return out.replacingOccurrences(of: "Gtin", with: "GTIN").replacingOccurrences(of: "Mpn", with: "MPN")
            .replacingOccurrences(of: "Sku", with: "SKU")
    }

    static func kindName(_ kind: RecordKind, plural: Bool = false) -> String {
        let one: String
        switch kind {
        case .site: one = "site"
        case .brand: one = "brand"
        case .product: one = "product"
        case .promotion: one = "promotion"
        case .page: one = "page"
        case .category: one = plural ? "categorie" : "category"
        }
        return plural ? one + "s" : one
    }

    static let ordersPath = root + "orders/"
    static func orderPath(_ number: Int64) -> String { ordersPath + String(number) }

    /// The navigation's link to the orders: there only when the editor was given an orders file,
    /// so a shop without the checkout service is not offered an empty page.
    enum OrdersLink { case hidden, shown, current }

    static func layout(
        title: String, current: RecordKind? = nil, orders: OrdersLink = .hidden, reviews: OrdersLink = .hidden,
        translations: OrdersLink = .hidden, main: String
    ) -> String {
        var nav = ""
        for kind in ContentFolder.kinds {
            let here = kind == current ? " aria-current=\"page\"" : ""
            nav += "<li><a href=\"\(path(kind))\"\(here)>\(escape(label(kindName(kind, plural: true))))</a></li>"
        }
        if translations != .hidden {
            nav += "<li><a href=\"\(root)translations\"\(translations == .current ? " aria-current=\"page\"" : "")>Translations</a></li>"
        }
        if orders != .hidden {
            nav += "<li><a href=\"\(ordersPath)\"\(orders == .current ? " aria-current=\"page\"" : "")>Orders</a></li>"
        }
        if reviews != .hidden {
            nav += "<li><a href=\"\(root)reviews/\"\(reviews == .current ? " aria-current=\"page\"" : "")>Reviews</a></li>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)) · Vitrine editor</title>
            <link rel="stylesheet" href="\(root)editor.css">
            <script src="\(root)editor.js" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">Skip to the content</a>
            <header>
            <p class="name"><a href="\(root)">Vitrine editor</a> · <a href="\(root)_site">open the preview</a></p>
            <nav aria-label="Records"><ul>\(nav)</ul></nav>
            </header>
            <main id="main">
            \(main)
            </main>
            </body>
            </html>

            """
    }

    /// The list of problems at the top of a form, each linked to its field, focused on load so a
    /// screen reader reads it first.
    static func errorSummary(_ items: [(text: String, target: String?)]) -> String {
        guard !items.isEmpty else { return "" }
        let count = items.count == 1 ? "There is a problem" : "There are \(items.count) problems"
        let list = items.map { item in
            item.target.map { "<li><a href=\"#\($0)\">\(escape(item.text))</a></li>" } ?? "<li>\(escape(item.text))</li>"
        }.joined()
        return """
            <div class="error-summary" role="alert" tabindex="-1" id="error-summary" aria-labelledby="error-summary-title">
            <h2 id="error-summary-title">\(count); nothing was saved</h2>
            <ul>\(list)</ul>
            </div>
            """
    }

    static func notice(_ text: String, html: String = "") -> String {
        "<div class=\"notice\" role=\"status\"><p>\(escape(text))\(html)</p></div>"
    }
}
