/// A route of the checkout service: a method and a path relative to where the service is
/// published (`Site.checkoutURL`), `:name` standing for one path segment. Every route is declared
/// here, in the model, because both sides of a Buy link need them: the build writes the links and
/// the service answers them, and neither may guess the other's layout.
public struct CheckoutRoute: Sendable, Hashable {
    public var method: String
    /// As the router reads it: `cart/:items`.
    public var pattern: String

    /// Liveness and the catalog version the instance prices by.
    public static let health = CheckoutRoute(method: "GET", pattern: "healthz")
    public static let openAPI = CheckoutRoute(method: "GET", pattern: "openapi.json")
    /// What Buy links and the bag's checkout button open: a plain GET of `<sku>:<qty>[,…]`,
    /// answered with a redirect to the cart's `summary`.
    public static let cart = CheckoutRoute(method: "GET", pattern: "cart/:items")
    /// A cart as JSON in, a link out: for apps.
    public static let createLink = CheckoutRoute(method: "POST", pattern: "api/checkout-links")
    /// The order summary of a signed cart, and the same as JSON.
    public static let summary = CheckoutRoute(method: "GET", pattern: "checkout/:token")
    public static let summaryJSON = CheckoutRoute(method: "GET", pattern: "api/checkout/:token")

    /// The summary page's Pay button: a Stripe Checkout Session for the signed cart, answered with
    /// a redirect to Stripe's payment page.
    public static let pay = CheckoutRoute(method: "POST", pattern: "checkout/:token/pay")
    /// Stripe's signed events about those sessions.
    public static let stripeWebhook = CheckoutRoute(method: "POST", pattern: "webhooks/stripe")
    /// An order by its Checkout Session id, for the site's `checkout/success/` page.
    public static let order = CheckoutRoute(method: "GET", pattern: "api/orders/:session")

    /// A buyer's review form for one paid order line (its signed token), and where it is sent.
    public static let reviewForm = CheckoutRoute(method: "GET", pattern: "reviews/:token")
    public static let reviewSubmit = CheckoutRoute(method: "POST", pattern: "reviews/:token")

    public static let all: [CheckoutRoute] = [
        health, openAPI, cart, createLink, summary, summaryJSON, pay, stripeWebhook, order, reviewForm, reviewSubmit,
    ]

    /// The path with its parameter segment filled in: `cart/SKU-1:2` from `cart/:items`.
    public func path(_ value: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? value : String($0) }
            .joined(separator: "/")
    }

    /// The name of the parameter segment, without its colon: `items`.
    public var parameter: String {
        pattern.split(separator: "/").first { $0.hasPrefix(":") }.map { String($0.dropFirst()) } ?? ""
    }

    /// `path(value)` as a link from a page at `page`'s path: relative, so it resolves under
    /// whatever path the service is published at.
    public func link(_ value: String, from page: CheckoutRoute) -> String {
        Routes.relativeRoot(ofFile: page.pattern) + path(value)
    }

    /// Whether `path` (absolute, from the service's root, without a query) is this route's,
    /// whatever the method: an empty segment never fills a parameter.
    public func matches(path: String) -> Bool {
        let wanted = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let given = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), wanted.count == given.count else { return false }
        return zip(wanted, given).allSatisfy { want, got in want.hasPrefix(":") ? !got.isEmpty : want == got }
    }

    /// The `:items` segment of a `cart` path: `<sku>:<qty>` lines joined by commas. Skus are
    /// `[A-Za-z0-9._-]` and need no escaping; anything else is percent-encoded all the same.
    public static func cartItems(_ items: [(sku: String, quantity: Int)]) -> String {
        items.map { PercentEncoding.unreserved($0.sku) + ":\($0.quantity)" }.joined(separator: ",")
    }
}
