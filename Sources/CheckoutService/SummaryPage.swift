public import CatalogModel
import Foundation
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

    public init(catalog: Catalog, payments: StripeSettings? = nil) {
        self.site = catalog.site
        self.promotionTitles = Dictionary(catalog.promotions.map { ($0.slug, $0.title) }, uniquingKeysWith: { first, _ in first })
        self.payments = payments
    }

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
        let money = { (amount: Money) in amount.formatted(locale: site.locale) }
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
            "expiresAt": Timestamp.rfc3339(link.expiresAt),
            "expiresAtText": Self.readable(link.expiresAt),
            "jsonURL": jsonURL,
        ]
        // Relative to `checkout/<token>`, so it works behind any path prefix.
        if payments != nil { cartContext["payURL"] = CheckoutRoute.pay.link(link.token, from: CheckoutRoute.summary) }
        if let code = cart.code { cartContext["code"] = code }
        return render(title: "Order summary", extra: ["cart": cartContext])
    }

    public func render(error: CheckoutError) -> String {
        render(title: "This checkout link cannot be used", extra: ["error": ["code": error.code, "message": error.message]])
    }

    func render(title: String, extra: [String: Any]) -> String {
        var context: [String: Any] = [
            "title": title,
            "lang": site.languageTag,
            "shop": ["title": site.title, "url": site.baseURL, "bagURL": site.absoluteURL(Routes.bag)],
        ]
        context.merge(extra) { _, new in new }
        return Self.template.render("summary", context)
    }

    /// `2026-12-01 12:30 UTC`: the service has no idea of the shopper's time zone.
    static func readable(_ date: Date) -> String {
        // The machine form less its seconds and zone letter.
        Timestamp.rfc3339(date).dropLast(4).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}
