import CatalogModel
import Foundation
import Orders

/// The review form's pages, in the summary page's template, style and policy: the same shop
/// heading, no script, nothing loaded from elsewhere, and the form posting only to the service.
extension SummaryPage {
    /// No script and no outside resource; the form goes back to the service alone.
    var reviewContentSecurityPolicy: String {
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// Languages offered in the form, each named in itself; the shop's own first. Anything else a
    /// BCP 47 tag can say is accepted from a client that sends it.
    static let reviewLanguages: [(tag: String, name: String)] = [
        ("en", "English"), ("de", "Deutsch"), ("es", "Español"), ("fr", "Français"), ("it", "Italiano"), ("nl", "Nederlands"),
        ("pl", "Polski"), ("pt", "Português"), ("sv", "Svenska"), ("ja", "日本語"), ("ko", "한국어"), ("zh", "中文"),
    ]

    /// The form for one line, filled with `form`'s values when it is shown again with problems,
    /// else with the pending review's when there is one.
    func renderReviewForm(
        product: String, action: String, expiresAt: Date, form: ReviewForm?, pending: ReviewSubmission?
    ) -> String {
        let rating = form?.rating ?? pending?.rating
        let language = form?.language ?? pending?.language ?? ""
        var errors: [String: String] = [:]
        for error in form?.errors ?? [] where errors[error.field] == nil { errors[error.field] = error.message }
        let shopLanguage = String(site.languageTag.prefix { $0 != "-" && $0 != "_" }).lowercased()
        let ordered = Self.reviewLanguages.filter { $0.tag == shopLanguage } + Self.reviewLanguages.filter { $0.tag != shopLanguage }
        var languages: [[String: Any]] = [["tag": "", "name": "Not given", "selected": language.isEmpty]]
        languages += ordered.map { ["tag": $0.tag, "name": $0.name, "selected": $0.tag == language] }
        if !language.isEmpty, !ordered.contains(where: { $0.tag == language }) {
            languages.append(["tag": language, "name": language, "selected": true])
        }
        var context: [String: Any] = [
            "product": product,
            "action": action,
            "stars": (1...5).reversed().map { value -> [String: Any] in
                [
                    "value": value, "label": value == 1 ? "1 star" : "\(value) stars",
                    "symbols": String(repeating: "★", count: value) + String(repeating: "☆", count: 5 - value),
                    "checked": value == rating,
                ]
            },
            "title": form?.title ?? pending?.title ?? "",
            "body": form?.body ?? pending?.body ?? "",
            "author": form?.author ?? pending?.author ?? "",
            "languages": languages,
            "limits": [
                "title": Review.Limits.title.upperBound, "body": Review.Limits.body.upperBound,
                "bodyText": Review.Limits.body.upperBound.formatted(), "author": Review.Limits.author.upperBound,
            ],
            "expiresAt": Timestamp.rfc3339(expiresAt),
            "expiresAtText": Self.readable(expiresAt),
            "hasErrors": !(form?.errors.isEmpty ?? true),
            "oneError": form?.errors.count == 1,
            "errors": (form?.errors ?? []).map { ["field": $0.field, "message": $0.message] },
        ]
        for (field, message) in errors { context[field + "Error"] = message }
        if let pending {
            context["replacing"] = true
            context["submittedAt"] = Timestamp.rfc3339(pending.submittedAt)
            context["submittedAtText"] = Self.readable(pending.submittedAt)
        }
        return render(title: "Review your purchase", extra: ["review": context, "reviewPage": true])
    }

    func renderReviewSent(product: String, replaced: Bool) -> String {
        render(title: "Thank you for your review", extra: ["reviewSent": ["product": product, "replaced": replaced], "reviewPage": true])
    }

    func renderReviewError(_ error: CheckoutError) -> String {
        let title: String
        switch error.code {
        case "review_link_expired": title = "This review link has expired"
        case "review_decided": title = "This item has been reviewed"
        case "too_many_requests": title = "Please wait a moment"
        case "body_too_large": title = "Your review is too long to send"
        case "review_link_invalid", "not_found", "reviews_not_configured": title = "This review link cannot be used"
        default: title = "Your review could not be sent"
        }
        return render(title: title, extra: ["reviewError": ["code": error.code, "message": error.message], "reviewPage": true])
    }
}
