import CatalogModel
import Foundation
import Orders
import ShopStrings

/// The review form's pages, in the summary page's template, style and policy: the same shop
/// heading, no script, nothing loaded from elsewhere, and the form posting only to the service.
/// Like the summary page, each is in the language of the storefront the link was opened from
/// (`?storefront=ko-kr`, which the success page adds), else in the shop's.
extension SummaryPage {
    /// No script and no outside resource; the form goes back to the service alone.
    var reviewContentSecurityPolicy: String {
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// Languages offered in the form, each named in itself; the page's own first. Anything else a
    /// BCP 47 tag can say is accepted from a client that sends it.
    static let reviewLanguages: [(tag: String, name: String)] = [
        ("en", "English"), ("de", "Deutsch"), ("es", "Español"), ("fr", "Français"), ("it", "Italiano"), ("nl", "Nederlands"),
        ("pl", "Polski"), ("pt", "Português"), ("sv", "Svenska"), ("ja", "日本語"), ("ko", "한국어"), ("zh", "中文"),
    ]

    /// The review pages' messages the template prints by name (`{{{t.id}}}`).
    static let reviewMessageIDs = [
        "reviewFormRating", "reviewFormTitleLabel", "reviewFormBody", "reviewFormAuthor", "reviewFormLanguage", "reviewFormSend",
        "reviewFormBackToShop",
    ]

    /// The form for one line, filled with `form`'s values when it is shown again with problems,
    /// else with the pending review's when there is one.
    func renderReviewForm(
        product: String, action: String, expiresAt: Date, form: ReviewForm?, pending: ReviewSubmission?, storefront: String?
    ) -> String {
        let words = strings.strings(storefront: storefront)
        let rating = form?.rating ?? pending?.rating
        let language = form?.language ?? pending?.language ?? ""
        let problems = (form?.errors ?? []).map { (field: $0.field, message: $0.message.formatted(in: words)) }
        var errors: [String: String] = [:]
        for problem in problems where errors[problem.field] == nil { errors[problem.field] = problem.message }
        let ordered = Self.reviewLanguages.filter { $0.tag == words.language } + Self.reviewLanguages.filter { $0.tag != words.language }
        // `lang` only on a language's own name: "not given" is in the page's language, and an
        // empty `lang` would say the text is in no language at all.
        var languages: [[String: Any]] = [
            ["tag": "", "lang": false, "name": words("reviewFormLanguageNotGiven"), "selected": language.isEmpty]
        ]
        languages += ordered.map { ["tag": $0.tag, "lang": $0.tag, "name": $0.name, "selected": $0.tag == language] }
        if !language.isEmpty, !ordered.contains(where: { $0.tag == language }) {
            languages.append(["tag": language, "lang": language, "name": language, "selected": true])
        }
        var context: [String: Any] = [
            "intro": Self.html(words, "reviewFormIntro", ["product": #"<strong id="product">"# + Self.escaped(product) + "</strong>"]),
            "action": action,
            "stars": (1...5).reversed().map { value -> [String: Any] in
                [
                    "value": value, "label": words("reviewsStars", count: value),
                    "symbols": String(repeating: "★", count: value) + String(repeating: "☆", count: 5 - value),
                    "checked": value == rating,
                ]
            },
            "title": form?.title ?? pending?.title ?? "",
            "body": form?.body ?? pending?.body ?? "",
            "author": form?.author ?? pending?.author ?? "",
            "languages": languages,
            "limits": [
                "title": Review.Limits.title.upperBound, "body": Review.Limits.body.upperBound, "author": Review.Limits.author.upperBound,
            ],
            "bodyHint": Self.escaped(
                words("reviewFormBodyHint", ["maximum": CheckoutText.Argument.number(Review.Limits.body.upperBound).formatted(in: words)])),
            "worksUntil": Self.html(words, "reviewFormWorksUntil", ["time": Self.timeElement(expiresAt)]),
            "hasErrors": !problems.isEmpty,
            "checkAnswers": Self.escaped(words("reviewFormCheckAnswers", count: problems.count)),
            "errors": problems.map { ["field": $0.field, "message": $0.message] },
        ]
        for (field, message) in errors { context[field + "Error"] = message }
        if let pending {
            context["replacing"] = Self.html(words, "reviewFormReplacing", ["time": Self.timeElement(pending.submittedAt)])
        }
        return render(title: words("reviewFormTitle"), storefront: storefront, extra: ["review": context, "reviewPage": true])
    }

    func renderReviewSent(product: String, replaced: Bool, storefront: String?) -> String {
        let words = strings.strings(storefront: storefront)
        let sentence = Self.html(
            words, replaced ? "reviewFormSentReplaced" : "reviewFormSent", ["product": "<strong>" + Self.escaped(product) + "</strong>"])
        return render(
            title: words("reviewFormSentTitle"), storefront: storefront, extra: ["reviewSent": ["text": sentence], "reviewPage": true])
    }

    /// In the language of the error's storefront (the link's), else the shop's.
    func renderReviewError(_ error: CheckoutError) -> String {
        let words = strings.strings(storefront: error.storefront)
        let title: String
        switch error.code {
        case "review_link_expired": title = "reviewFormExpiredTitle"
        case "review_decided": title = "reviewFormDecidedTitle"
        case "too_many_requests": title = "reviewFormWaitTitle"
        case "body_too_large": title = "reviewFormTooLongTitle"
        case "review_link_invalid", "not_found", "reviews_not_configured": title = "reviewFormInvalidTitle"
        default: title = "reviewFormErrorTitle"
        }
        return render(
            title: words(title), storefront: error.storefront,
            extra: ["reviewError": ["code": error.code, "message": error.message(in: words)], "reviewPage": true])
    }
}
