public import CatalogModel
import DefaultTheme
import Foundation
public import Hummingbird
public import ShopStrings

/// Everything a client can get wrong, each deciding its own HTTP status. Clients read `code`;
/// people read `message`; `details` names what was wrong (the sku, the changed prices…).
/// The service answers a client's mistake with one of these, never with a 5xx.
public struct CheckoutError: Error, Sendable, Equatable {
    public var status: HTTPResponse.Status
    /// Stable, machine-readable: `unknown_sku`, `token_expired`…
    public var code: String
    /// In English: what a log and a client that reads no language get.
    public var message: String
    /// What a shopper may read, as a message of the theme's string tables, answered in the
    /// cart's language (`message(in:)`); nil for what only a client's developer or Stripe sees,
    /// which stays English.
    public var text: CheckoutText?
    public var details: JSONValue
    /// The storefront of the cart the error is about (`ko-kr`), when known: its language is the answer's.
    public var storefront: String?

    public init(_ status: HTTPResponse.Status, code: String, message: String, details: JSONValue = .object([:])) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
    }

    public init(_ status: HTTPResponse.Status, code: String, text: CheckoutText, details: JSONValue = .object([:])) {
        self.init(status, code: code, message: text.formatted(in: Self.english), details: details)
        self.text = text
    }

    /// The built-in English table: `message`'s words.
    static let english = ShopStrings(tables: DefaultTheme.messageTables, language: ShopStrings.fallbackLanguage)

    /// `message` in the language of `strings`.
    public func message(in strings: ShopStrings) -> String {
        text?.formatted(in: strings) ?? message
    }

    /// The same error about a cart of `storefront` (nil: the root's), unless it already names one.
    func about(storefront: String?) -> CheckoutError {
        var error = self
        if error.storefront == nil { error.storefront = storefront }
        return error
    }
}

extension CheckoutError {
    static func malformedJSON(_ reason: String) -> CheckoutError {
        CheckoutError(.badRequest, code: "malformed_json", message: "The request body is not valid JSON: \(reason)")
    }

    static func invalidRequest(_ message: String, field: String) -> CheckoutError {
        CheckoutError(.unprocessableContent, code: "invalid_request", message: message, details: ["field": .string(field)])
    }

    /// A promotion code is typed by a shopper, so its refusal is theirs to read.
    static let invalidCode = CheckoutError(
        .unprocessableContent, code: "invalid_request",
        text: CheckoutText("checkoutErrorInvalidCode", ["maximum": .text(String(CartRules.maximumCodeLength))]),
        details: ["field": "code"])

    static func priceNotAccepted(field: String) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "price_not_accepted",
            message: "`\(field)` is not accepted: prices come only from the catalog; send sku and quantity",
            details: ["field": .string(field)])
    }

    static func malformedCart(_ text: String) -> CheckoutError {
        CheckoutError(
            .badRequest, code: "malformed_cart",
            text: CheckoutText("checkoutErrorMalformedCart", ["example": .text("/" + CheckoutRoute.cart.path("SKU-1:2,SKU-2:1"))]),
            details: ["cart": .string(String(text.prefix(200)))])
    }

    static let emptyCart = CheckoutError(
        .unprocessableContent, code: "empty_cart", text: CheckoutText("checkoutErrorEmptyCart"))

    static func tooManyLines(_ count: Int) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "too_many_lines",
            text: CheckoutText("checkoutErrorTooManyLines", ["maximum": .text(String(CartRules.maximumLines))], count: count),
            details: ["lines": .int(Int64(count)), "maximum": .int(Int64(CartRules.maximumLines))])
    }

    static func invalidQuantity(sku: String, quantity: Int) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "invalid_quantity",
            text: CheckoutText("checkoutErrorInvalidQuantity", [
                "quantity": .text(String(quantity)), "sku": .text(sku),
                "minimum": .text(String(CartRules.quantities.lowerBound)), "maximum": .text(String(CartRules.quantities.upperBound)),
            ]),
            details: ["sku": .string(sku), "quantity": .int(Int64(quantity))])
    }

    static func unknownSKUs(_ skus: [String]) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "unknown_sku",
            text: CheckoutText("checkoutErrorUnknownSKU", ["skus": .list(skus.map { "\"\($0)\"" })]),
            details: ["skus": .array(skus.map(JSONValue.string))])
    }

    /// A product's group SKU names no one shade or size; the answer lists the ones there are.
    static func variantRequired(_ products: [Product]) -> CheckoutError {
        let first = products[0]
        let names = first.variants.prefix(5).map { "\($0.sku) (\(first.label(of: $0)))" } + (first.variants.count > 5 ? ["…"] : [])
        return CheckoutError(
            .unprocessableContent, code: "variant_required",
            text: CheckoutText("checkoutErrorVariantRequired", [
                "sku": .text(first.sku), "name": .text(first.name), "variants": .list(names),
            ]),
            details: [
                "groups": .array(products.map { product in
                    [
                        "sku": .string(product.sku),
                        "variants": .array(product.variants.map { variant in
                            ["sku": .string(variant.sku), "options": .object(Dictionary(
                                product.optionValues(of: variant).map { ($0.name, JSONValue.string($0.value)) },
                                uniquingKeysWith: { a, _ in a }))]
                        }),
                    ]
                })
            ])
    }

    static func unknownCode(_ code: String) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "unknown_code", text: CheckoutText("checkoutErrorUnknownCode", ["code": .text(code)]),
            details: ["code": .string(code)])
    }

    static func outOfStock(_ skus: [String]) -> CheckoutError {
        CheckoutError(
            .conflict, code: "out_of_stock",
            text: CheckoutText("checkoutErrorOutOfStock", ["skus": .list(skus)]),
            details: ["skus": .array(skus.map(JSONValue.string))])
    }

    static func mixedCurrencies(_ codes: [String]) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "mixed_currencies",
            text: CheckoutText("checkoutErrorMixedCurrencies", ["currencies": .list(codes.map(CheckoutText.Argument.text), and: true)]),
            details: ["currencies": .array(codes.map(JSONValue.string))])
    }

    static func unknownStorefront(_ name: String, known: [String]) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "unknown_storefront",
            text: CheckoutText("checkoutErrorUnknownStorefront", [
                "storefront": .text(name),
                "storefronts": .list(known.map { $0.isEmpty ? .message("checkoutRootStorefront") : .text($0) }, and: false),
            ]),
            details: ["storefront": .string(name), "storefronts": .array(known.map(JSONValue.string))])
    }

    static func notSoldInMarket(_ skus: [String], market: Market) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "not_sold_in_market",
            text: CheckoutText(
                "checkoutErrorNotSoldInMarket",
                ["market": .text(market.name ?? market.id), "currency": .text(market.currency.code), "skus": .list(skus)]),
            details: ["skus": .array(skus.map(JSONValue.string)), "market": .string(market.id)])
    }

    static let amountTooLarge = CheckoutError(
        .unprocessableContent, code: "amount_too_large", text: CheckoutText("checkoutErrorAmountTooLarge"))

    static let invalidToken = CheckoutError(
        .forbidden, code: "invalid_token", text: CheckoutText("checkoutErrorInvalidToken"))

    static func tokenExpired(at expiry: String) -> CheckoutError {
        CheckoutError(
            .gone, code: "token_expired", text: CheckoutText("checkoutErrorTokenExpired", ["expiry": .text(expiry)]),
            details: ["expiresAt": .string(expiry)])
    }

    static func catalogChanged(_ changes: [JSONValue], signedVersion: String, currentVersion: String) -> CheckoutError {
        CheckoutError(
            .conflict, code: "catalog_changed",
            text: CheckoutText("checkoutErrorCatalogChanged"),
            details: [
                "changes": .array(changes), "signedCatalogVersion": .string(signedVersion),
                "catalogVersion": .string(currentVersion),
            ])
    }

    /// A shopper sending the review form on a slow connection may read this one.
    static let bodyTimeout = CheckoutError(.requestTimeout, code: "body_timeout", text: CheckoutText("checkoutErrorBodyTimeout"))

    static func methodNotAllowed(_ method: String, allowed: String) -> CheckoutError {
        CheckoutError(
            .methodNotAllowed, code: "method_not_allowed", message: "\(method) is not allowed here; use \(allowed)",
            details: ["allowed": .string(allowed)])
    }

    /// When the service itself failed: the shopper learns only that, the log the rest.
    static let internalError = CheckoutError(.internalServerError, code: "internal_error", text: CheckoutText("checkoutErrorInternal"))

    /// Hummingbird's own refusals (no route, body too large) in the same `{error, message, details}` shape.
    static func from(status: HTTPResponse.Status, message: String?) -> CheckoutError {
        switch status {
        case .notFound:
            return CheckoutError(
                .notFound, code: "not_found", text: CheckoutText("checkoutErrorNotFound", ["openAPI": .text("/" + CheckoutRoute.openAPI.pattern)]))
        case .contentTooLarge:
            // A review too long to send ends here: its writer reads why.
            return CheckoutError(
                .contentTooLarge, code: "body_too_large",
                text: CheckoutText("checkoutErrorBodyTooLarge", ["maximum": .text(String(CartRules.maximumBodyBytes / 1024))]),
                details: ["maximumBytes": .int(Int64(CartRules.maximumBodyBytes))])
        default:
            let code = status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
            return CheckoutError(status, code: code, message: message ?? status.reasonPhrase)
        }
    }
}

extension CheckoutError {
    static let paymentsNotConfigured = CheckoutError(
        .notFound, code: "payments_not_configured",
        message: "This checkout service takes no payments: it was started without STRIPE_SECRET_KEY and --orders")

    /// Stripe gave no session. Nothing was charged and no order kept; the shopper may try again.
    static func paymentUnavailable(retryable: Bool) -> CheckoutError {
        CheckoutError(
            .badGateway, code: "payment_unavailable",
            text: CheckoutText(retryable ? "checkoutErrorPaymentNoAnswer" : "checkoutErrorPaymentRefused"))
    }

    static let signatureMissing = CheckoutError(
        .badRequest, code: "signature_missing", message: "The Stripe-Signature header is missing; only Stripe's signed events are accepted")

    static let signatureInvalid = CheckoutError(
        .badRequest, code: "signature_invalid",
        message: "The Stripe-Signature header does not match this endpoint's signing secret (STRIPE_WEBHOOK_SECRET)")

    static func signatureStale(_ timestamp: Int64) -> CheckoutError {
        CheckoutError(
            .badRequest, code: "signature_stale",
            message: "The event was signed more than \(Int(StripeSignature.tolerance)) seconds from now; a replay is refused",
            details: ["timestamp": .int(timestamp)])
    }

    static let malformedEvent = CheckoutError(
        .badRequest, code: "malformed_event", message: "The body is not a Stripe event (id, type and data.object with an id)")

    static let unknownOrder = CheckoutError(.notFound, code: "unknown_order", message: "No order has this Checkout Session id")
}
