import CatalogModel
import HTTPTypes

extension CheckoutError {
    /// Altered, cut short, signed with another key, a checkout token, or no paid order's line:
    /// the same answer for each, so a guesser learns nothing about which.
    static let reviewLinkInvalid = CheckoutError(
        .notFound, code: "review_link_invalid",
        message: "This review link is not one the shop sent, or part of it is missing; open the link from the shop's email again")

    static func reviewLinkExpired(at expiry: String) -> CheckoutError {
        CheckoutError(
            .gone, code: "review_link_expired",
            message: "This review link expired at \(expiry). Thank you for wanting to review: please ask the shop for a new link",
            details: ["expiresAt": .string(expiry)])
    }

    static func reviewDecided(approved: Bool) -> CheckoutError {
        CheckoutError(
            .conflict, code: "review_decided",
            message: approved
                ? "Your review of this item has already been published; thank you. It can no longer be changed here"
                : "The shop has already looked at the review of this item; it can no longer be changed here",
            details: ["status": .string(approved ? "approved" : "rejected")])
    }

    static func tooManyRequests(retryAfter seconds: Int) -> CheckoutError {
        CheckoutError(
            .tooManyRequests, code: "too_many_requests",
            message: "Too many reviews were sent from here in a short time; wait \(seconds) seconds and send it again",
            details: ["retryAfter": .int(seconds)])
    }

    static let reviewsNotConfigured = CheckoutError(
        .notFound, code: "reviews_not_configured",
        message: "This checkout service keeps no orders, so it takes no reviews: it was started without --orders")

    static let unsupportedForm = CheckoutError(
        .unsupportedMediaType, code: "unsupported_form",
        message: "Send the review form as application/x-www-form-urlencoded, as a browser does")
}
