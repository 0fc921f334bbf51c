public import CatalogModel
import Foundation
public import Hummingbird

/// Everything a client can get wrong, each deciding its own HTTP status. Clients read `code`;
/// people read `message`; `details` names what was wrong (the sku, the changed prices…).
/// The service answers a client's mistake with one of these, never with a 5xx.
public struct CheckoutError: Error, Sendable, Equatable {
    public var status: HTTPResponse.Status
    /// Stable, machine-readable: `unknown_sku`, `token_expired`…
    public var code: String
    public var message: String
    public var details: JSONValue

    public init(_ status: HTTPResponse.Status, code: String, message: String, details: JSONValue = .object([:])) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
    }
}

extension CheckoutError {
    static func malformedJSON(_ reason: String) -> CheckoutError {
        CheckoutError(.badRequest, code: "malformed_json", message: "The request body is not valid JSON: \(reason)")
    }

    static func invalidRequest(_ message: String, field: String) -> CheckoutError {
        CheckoutError(.unprocessableContent, code: "invalid_request", message: message, details: ["field": .string(field)])
    }

    static func priceNotAccepted(field: String) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "price_not_accepted",
            message: "`\(field)` is not accepted: prices come only from the catalog; send sku and quantity",
            details: ["field": .string(field)])
    }

    static func malformedCart(_ text: String) -> CheckoutError {
        CheckoutError(
            .badRequest, code: "malformed_cart",
            message: "The cart path must be <sku>:<quantity>[,<sku>:<quantity>…], e.g. /"
                + CheckoutRoute.cart.path("SKU-1:2,SKU-2:1"),
            details: ["cart": .string(String(text.prefix(200)))])
    }

    static let emptyCart = CheckoutError(
        .unprocessableContent, code: "empty_cart", message: "The cart has no items; add at least one sku with a quantity")

    static func tooManyLines(_ count: Int) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "too_many_lines",
            message: "The cart has \(count) lines; at most \(CartRules.maximumLines) are allowed",
            details: ["lines": .int(Int64(count)), "maximum": .int(Int64(CartRules.maximumLines))])
    }

    static func invalidQuantity(sku: String, quantity: Int) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "invalid_quantity",
            message: "Quantity \(quantity) of \(sku) is outside \(CartRules.quantities.lowerBound)–\(CartRules.quantities.upperBound)",
            details: ["sku": .string(sku), "quantity": .int(Int64(quantity))])
    }

    static func unknownSKUs(_ skus: [String]) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "unknown_sku",
            message: "No product has the sku \(skus.map { "\"\($0)\"" }.joined(separator: ", "))",
            details: ["skus": .array(skus.map(JSONValue.string))])
    }

    /// A product's group SKU names no one shade or size; the answer lists the ones there are.
    static func variantRequired(_ products: [Product]) -> CheckoutError {
        let first = products[0]
        let names = first.variants.prefix(5).map { "\($0.sku) (\(first.label(of: $0)))" }.joined(separator: ", ")
        return CheckoutError(
            .unprocessableContent, code: "variant_required",
            message: "\"\(first.sku)\" is \(first.name) as a whole; choose one of its variants, e.g. \(names)"
                + (first.variants.count > 5 ? ", …" : ""),
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
            .unprocessableContent, code: "unknown_code", message: "No running promotion has the code \"\(code)\"",
            details: ["code": .string(code)])
    }

    static func outOfStock(_ skus: [String]) -> CheckoutError {
        CheckoutError(
            .conflict, code: "out_of_stock",
            message: "Out of stock: \(skus.joined(separator: ", ")); remove it from the cart",
            details: ["skus": .array(skus.map(JSONValue.string))])
    }

    static func mixedCurrencies(_ codes: [String]) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "mixed_currencies",
            message: "A cart holds one currency; these items are priced in \(codes.joined(separator: " and "))",
            details: ["currencies": .array(codes.map(JSONValue.string))])
    }

    static func unknownStorefront(_ name: String, known: [String]) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "unknown_storefront",
            message: "The shop has no storefront \"\(name)\"; it has " + known.map { $0.isEmpty ? "the root" : $0 }.joined(separator: ", "),
            details: ["storefront": .string(name), "storefronts": .array(known.map(JSONValue.string))])
    }

    static func notSoldInMarket(_ skus: [String], market: Market) -> CheckoutError {
        CheckoutError(
            .unprocessableContent, code: "not_sold_in_market",
            message: "Not sold in \(market.name ?? market.id) (\(market.currency.code)): \(skus.joined(separator: ", ")); remove it from the cart",
            details: ["skus": .array(skus.map(JSONValue.string)), "market": .string(market.id)])
    }

    static let amountTooLarge = CheckoutError(
        .unprocessableContent, code: "amount_too_large", message: "The cart's total is too large to charge")

    static let invalidToken = CheckoutError(
        .forbidden, code: "invalid_token", message: "The checkout link is not one this shop signed, or it was altered")

    static func tokenExpired(at expiry: String) -> CheckoutError {
        CheckoutError(
            .gone, code: "token_expired", message: "The checkout link expired at \(expiry); check out again from the bag",
            details: ["expiresAt": .string(expiry)])
    }

    static func catalogChanged(_ changes: [JSONValue], signedVersion: String, currentVersion: String) -> CheckoutError {
        CheckoutError(
            .conflict, code: "catalog_changed",
            message: "The shop's catalog changed since this link was made; check out again from the bag",
            details: [
                "changes": .array(changes), "signedCatalogVersion": .string(signedVersion),
                "catalogVersion": .string(currentVersion),
            ])
    }

    static let bodyTimeout = CheckoutError(
        .requestTimeout, code: "body_timeout", message: "The request body did not arrive in time; send it at once")

    static func methodNotAllowed(_ method: String, allowed: String) -> CheckoutError {
        CheckoutError(
            .methodNotAllowed, code: "method_not_allowed", message: "\(method) is not allowed here; use \(allowed)",
            details: ["allowed": .string(allowed)])
    }

    /// Hummingbird's own refusals (no route, body too large) in the same `{error, message, details}` shape.
    static func from(status: HTTPResponse.Status, message: String?) -> CheckoutError {
        switch status {
        case .notFound:
            return CheckoutError(.notFound, code: "not_found", message: "No such resource; see /" + CheckoutRoute.openAPI.pattern)
        case .contentTooLarge:
            return CheckoutError(
                .contentTooLarge, code: "body_too_large",
                message: "The request body is larger than \(CartRules.maximumBodyBytes / 1024) KiB",
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
            message: retryable
                ? "The payment page could not be opened: the payment provider did not answer. Nothing was charged; try again in a moment"
                : "The payment page could not be opened: the payment provider refused the request. Nothing was charged; please tell the shop")
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
