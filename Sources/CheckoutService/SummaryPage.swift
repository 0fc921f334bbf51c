public import CatalogModel
import Foundation
public import ShopStrings
import TemplateEngine

/// The HTML order summary behind `GET /checkout/<token>`, and the page a browser sees when a
/// checkout link fails. The template is compiled into the binary, so a deployed service needs
/// no files beside it but the content.
public struct SummaryPage: Sendable {
    public let site: Site
    /// Lines name the promotion that discounted them by its title, as the shop's pages do.
    let promotionTitles: [Slug: String]
    /// With Stripe, the summary ends in a Pay button instead of the note that no payment is taken.
    let payments: StripeSettings?
    /// The page's words, in the language of the cart's storefront.
    let strings: CheckoutStrings

    /// `tables`: the theme's string tables; without them, the built-in theme's.
    public init(catalog: Catalog, payments: StripeSettings? = nil, tables: [String: MessageTable]? = nil) {
        self.site = catalog.site
        self.promotionTitles = Dictionary(catalog.promotions.map { ($0.slug, $0.title) }, uniquingKeysWith: { first, _ in first })
        self.payments = payments
        self.strings = CheckoutStrings(site: catalog.site, tables: tables)
    }

    /// The messages the template prints by name (`{{{t.id}}}`).
    static let messageIDs = [
        "columnProduct", "checkoutUnitPrice", "columnQuantity", "checkoutDiscount", "columnAmount", "productSKU",
        "checkoutSubtotal", "total", "checkoutAsJSON", "checkoutPayNote", "checkoutNoPayment", "checkoutNoPaymentText",
        "checkoutBackToBag",
    ]

    /// Nothing loads from elsewhere, and the one form may only go to the service itself and on to
    /// the payment page: browsers hold a form's redirects to `form-action` too.
    var contentSecurityPolicy: String {
        let forms = payments.map { (["'self'"] + $0.paymentPageOrigins).joined(separator: " ") } ?? "'none'"
        return "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action \(forms)"
    }

    static let template: TemplateSet = {
        do {
            return TemplateSet([try Template(name: "summary", text: String(decoding: PackageResources.summary_mustache, as: UTF8.self))])
        } catch {
            fatalError("summary.mustache does not parse: \(error)")  // caught by the tests, never by users
        }
    }()

    /// `jsonURL` is relative to the page, so the link works behind any path prefix.
    public func render(_ link: CheckoutLinks.Link, jsonURL: String) -> String {
        let cart = link.cart
        let words = strings.strings(storefront: cart.storefront)
        let locale = strings.locale(storefront: cart.storefront)
        let money = { (amount: Money) in amount.formatted(locale: locale) }
        let expiresAt = Timestamp.rfc3339(link.expiresAt)
        var cartContext: [String: Any] = [
            "currency": cart.currency.code,
            "lines": cart.lines.map { line -> [String: Any] in
                var item: [String: Any] = [
                    "sku": line.sku, "name": line.name, "quantity": line.quantity,
                    "unit": money(line.listPrice), "discount": money(line.discount),
                    "hasDiscount": line.discount.minorUnits > 0, "line": money(line.total), "lineAmount": line.total.minorUnits,
                ]
                if let promotion = line.promotion { item["promotion"] = promotionTitles[promotion] ?? promotion.rawValue }
                return item
            },
            "subtotal": money(cart.subtotal), "subtotalAmount": cart.subtotal.minorUnits,
            "discount": money(cart.discount), "discountAmount": cart.discount.minorUnits,
            "total": money(cart.total), "totalAmount": cart.total.minorUnits,
            "expiresAt": expiresAt,
            "expiresAtText": Self.readable(link.expiresAt),
            "jsonURL": jsonURL,
            "caption": Self.html(
                words, cart.code == nil ? "checkoutPrices" : "checkoutPricesWithCode",
                ["currency": Self.escaped(cart.currency.code), "code": "<code>" + Self.escaped(cart.code ?? "") + "</code>"]),
            "holdsUntil": Self.html(words, "checkoutHoldsUntil", ["time": Self.timeElement(link.expiresAt)]),
            "payLabel": Self.escaped(words("checkoutPay", ["total": money(cart.total)])),
        ]
        // Relative to `checkout/<token>`, so it works behind any path prefix.
        if payments != nil { cartContext["payURL"] = CheckoutRoute.pay.link(link.token, from: CheckoutRoute.summary) }
        if let code = cart.code { cartContext["code"] = code }
        return render(title: words("checkoutSummaryTitle"), storefront: cart.storefront, extra: ["cart": cartContext])
    }

    /// In the language of the error's storefront, else the shop's.
    public func render(error: CheckoutError) -> String {
        let words = strings.strings(storefront: error.storefront)
        return render(
            title: words("checkoutErrorTitle"), storefront: error.storefront,
            extra: ["error": ["code": error.code, "message": error.message(in: words)]])
    }

    /// `storefront`: whose language the page is in, and whose home and bag it leads back to.
    func render(title: String, storefront: String? = nil, extra: [String: Any]) -> String {
        let words = strings.strings(storefront: storefront)
        let folder = strings.storefront(named: storefront).map { $0 + "/" } ?? ""
        var context: [String: Any] = [
            "title": title,
            "lang": strings.languageTag(words),
            "shop": [
                "title": site.title, "url": site.baseURL, "homeURL": site.absoluteURL(folder), "bagURL": site.absoluteURL(folder + Routes.bag),
            ],
            "t": Dictionary(uniqueKeysWithValues: (Self.messageIDs + Self.reviewMessageIDs).map { ($0, Self.escaped(words($0))) }),
        ]
        context.merge(extra) { _, new in new }
        return Self.template.render("summary", context)
    }

    /// Message `id` as HTML: its own text escaped, its placeholders replaced by `html`, which the
    /// page made (a `<code>`, a `<time>`).
    static func html(_ strings: ShopStrings, _ id: String, _ html: [String: String]) -> String {
        guard let found = strings.message(id) else { return escaped(id) }
        return found.message.form(count: nil, language: found.language).parts.map { part in
            switch part {
            case .literal(let text): escaped(text)
            case .parameter(let name): html[name] ?? escaped("{\(name)}")
            }
        }.joined()
    }

    /// Text for HTML and double-quoted attributes, as the site's pages escape their messages.
    static func escaped(_ text: String) -> String { MessageText.htmlEscaped(text) }

    /// `<time>` with the machine's date and the readable one, for a message's placeholder.
    static func timeElement(_ date: Date) -> String {
        #"<time datetime="\#(Timestamp.rfc3339(date))">"# + escaped(readable(date)) + "</time>"
    }

    /// `2026-12-01 12:30 UTC`: the service has no idea of the shopper's time zone.
    static func readable(_ date: Date) -> String {
        // The machine form less its seconds and zone letter.
        Timestamp.rfc3339(date).dropLast(4).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}
