import CatalogModel
import Crypto
import Foundation
import Orders

/// The Checkout Session for one signed cart, as Stripe's "Create a Checkout Session" takes it:
/// every amount from the service's quote, none from the browser. Pure, so the parameters a cart
/// produces are tested without a network.
struct CheckoutSessionRequest: Sendable {
    /// Stripe takes at most five shipping options; the first five of the cart's currency are offered.
    static let maximumShippingOptions = 5

    var form: StripeForm
    /// The digest of the cart token: `client_reference_id`, the idempotency key's tail and the
    /// order's cart reference. A token itself can pass Stripe's 200-character limit.
    var cartReference: String
    var idempotencyKey: String { "vitrine-cart-" + cartReference }
    /// The rates offered, with the cart's free-shipping thresholds applied: kept with the order
    /// to check what the shopper paid for shipping.
    var shippingOptions: [Order.ShippingOption]

    init(link: CheckoutLinks.Link, catalog: Catalog, catalogVersion: String) {
        let cart = link.cart
        let site = catalog.site
        let currency = cart.currency.code.lowercased()
        cartReference = Self.reference(ofToken: link.token)
        var form = StripeForm()
        form.add("mode", "payment")
        form.add("client_reference_id", cartReference)
        // Back to the storefront the cart was filled in, whose bag the success page empties.
        let storefront = cart.storefront.map { $0 + "/" } ?? ""
        form.add("success_url", site.absoluteURL(storefront + Routes.checkoutSuccess) + "?session_id={CHECKOUT_SESSION_ID}")
        form.add("cancel_url", site.absoluteURL(storefront + Routes.checkoutCancelled))
        form.add("metadata[cart_reference]", cartReference)
        form.add("metadata[catalog_version]", catalogVersion)
        if let code = cart.code { form.add("metadata[promotion_code]", code) }
        let titles = Dictionary(catalog.promotions.map { ($0.slug, $0.title) }, uniquingKeysWith: { first, _ in first })
        for (index, line) in cart.lines.enumerated() {
            let item = "line_items[\(index)]"
            form.add("\(item)[price_data][currency]", currency)
            form.add("\(item)[price_data][unit_amount]", line.unitPrice.minorUnits)
            form.add("\(item)[price_data][product_data][name]", line.name)
            if let description = Self.discountText(line, titles: titles, code: cart.code, locale: site.locale) {
                form.add("\(item)[price_data][product_data][description]", description)
            }
            if let product = catalog.match(sku: line.sku)?.buyable {
                let pictures = ([product.image, product.thumbnail].compactMap { $0 } + product.images)
                    .map { catalog.published($0, atLeast: Catalog.shareWidth).absoluteURL(in: site) }
                    .filter { ($0.hasPrefix("https://") || $0.hasPrefix("http://")) && !$0.lowercased().hasSuffix(".svg") }
                // Stripe's page shows one picture a line.
                for (number, url) in Self.unique(pictures).prefix(1).enumerated() {
                    form.add("\(item)[price_data][product_data][images][\(number)]", url)
                }
            }
            form.add("\(item)[price_data][product_data][metadata][sku]", line.sku)
            form.add("\(item)[quantity]", line.quantity)
        }
        // A storefront's cart ships to its market's countries at its market's rates.
        let offered = site.market(ofStorefront: cart.storefront).map(site.shippingRates(for:)) ?? site.shipping
        shippingOptions = Self.shippingOptions(for: cart, rates: offered)
        let rates = offered.filter { $0.price.currency == cart.currency }.prefix(Self.maximumShippingOptions)
        if !rates.isEmpty {
            for (index, country) in Self.unique(rates.map(\.country)).enumerated() {
                form.add("shipping_address_collection[allowed_countries][\(index)]", country)
            }
            for (index, (rate, option)) in zip(rates, shippingOptions).enumerated() {
                let data = "shipping_options[\(index)][shipping_rate_data]"
                form.add("\(data)[type]", "fixed_amount")
                form.add("\(data)[display_name]", "\(rate.service) (\(rate.country))")
                form.add("\(data)[fixed_amount][amount]", option.amount)
                form.add("\(data)[fixed_amount][currency]", currency)
                if let minimum = rate.minDays {
                    form.add("\(data)[delivery_estimate][minimum][unit]", "business_day")
                    form.add("\(data)[delivery_estimate][minimum][value]", minimum)
                }
                if let maximum = rate.maxDays {
                    form.add("\(data)[delivery_estimate][maximum][unit]", "business_day")
                    form.add("\(data)[delivery_estimate][maximum][value]", maximum)
                }
                form.add("\(data)[metadata][country]", rate.country)
            }
        }
        self.form = form
    }

    /// Each rate of the cart's currency at what this cart pays: nothing once the goods reach the
    /// rate's `freeOver`, as the product pages and the merchant feed say.
    static func shippingOptions(for cart: PricedCart, rates: [ShippingRate]) -> [Order.ShippingOption] {
        rates.filter { $0.price.currency == cart.currency }.prefix(maximumShippingOptions).map { rate in
            Order.ShippingOption(country: rate.country, service: rate.service, amount: rate.cost(forItemPriced: cart.total).minorUnits)
        }
    }

    /// What the shopper sees under the product on Stripe's page: the promotion that lowered the
    /// unit price, and by how much. Stripe shows the unit amount it was given, so the discount
    /// is named here rather than applied again as a coupon.
    static func discountText(_ line: PricedCart.Line, titles: [Slug: String], code: String?, locale: String) -> String? {
        guard line.unitPrice < line.listPrice, let promotion = line.promotion else { return nil }
        let saving = Money(minorUnits: line.listPrice.minorUnits - line.unitPrice.minorUnits, currency: line.unitPrice.currency)
        let title = titles[promotion] ?? promotion.rawValue
        let codeText = code.map { " (code \($0))" } ?? ""
        return "\(title)\(codeText): \(saving.formatted(locale: locale)) off \(line.listPrice.formatted(locale: locale)) each"
    }

    static func reference(ofToken token: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Array(token.utf8))))
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
