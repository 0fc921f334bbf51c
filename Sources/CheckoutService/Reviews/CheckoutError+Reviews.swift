import CatalogModel
import HTTPTypes

extension CheckoutError {
    /// Altered, cut short, signed with another key, a checkout token, or no paid order's line:
    /// the same answer for each, so a guesser learns nothing about which.
    static let reviewLinkInvalid = CheckoutError(
        .notFound, code: "review_link_invalid", text: CheckoutText("checkoutErrorReviewLinkInvalid"))

    static func reviewLinkExpired(at expiry: String) -> CheckoutError {
        CheckoutError(
            .gone, code: "review_link_expired", text: CheckoutText("checkoutErrorReviewLinkExpired", ["expiry": .text(expiry)]),
            details: ["expiresAt": .string(expiry)])
    }

    static func reviewDecided(approved: Bool) -> CheckoutError {
        CheckoutError(
            .conflict, code: "review_decided",
            text: CheckoutText(approved ? "checkoutErrorReviewPublished" : "checkoutErrorReviewDecided"),
            details: ["status": .string(approved ? "approved" : "rejected")])
    }

    static func tooManyRequests(retryAfter seconds: Int) -> CheckoutError {
        CheckoutError(
            .tooManyRequests, code: "too_many_requests", text: CheckoutText("checkoutErrorTooManyReviews", count: seconds),
            details: ["retryAfter": .int(seconds)])
    }

    /// The buyer holding a link learns that no review can be taken; the operator, from the same
    /// words in the log, why.
    static let reviewsNotConfigured = CheckoutError(
        .notFound, code: "reviews_not_configured", text: CheckoutText("checkoutErrorReviewsNotConfigured"))

    /// A browser always sends the form this way: only a client's developer reads this.
    static let unsupportedForm = CheckoutError(
        .unsupportedMediaType, code: "unsupported_form",
        message: "Send the review form as application/x-www-form-urlencoded, as a browser does")
}
