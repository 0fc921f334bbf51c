import CatalogModel
import Foundation
import Orders

/// The reviews page's HTML (`serve --edit --orders`): buyers' reviews waiting for staff, newest
/// first, each with its own form to approve (with the shop's response), save the response, or
/// reject. Everything a buyer wrote is escaped: it is plain text, whatever it looks like.
enum ReviewsPage {
    static let path = EditorPage.root + "reviews/"
    static func actionPath(_ submission: ReviewSubmission) -> String { path + submission.reviewID }

    /// How many pending reviews one page shows; the rest follow as they are decided.
    static let pageSize = 50

    static func list(
        pending: [ReviewSubmission], counts: [ReviewSubmission.Status: Int], decided: [ReviewSubmission], csrf: String,
        display: OrderDisplay, message: String? = nil, problem: (id: String, text: String)? = nil
    ) -> String {
        let e = EditorPage.escape
        var main = "<h1>Reviews</h1>"
        if let message { main += EditorPage.notice(message) }
        if let problem {
            main += """
                <div class="error-summary" role="alert" tabindex="-1" id="error-summary"><h2>Not done</h2>
                <p><a href="#\(e(problem.id))">\(e(problem.text))</a></p></div>
                """
        }
        let waiting = counts[.pending] ?? 0
        main += "<p>"
        main += waiting == 0 ? "No review waits." : waiting == 1 ? "<strong>1 review waits</strong> for approval." : "<strong>\(waiting) reviews wait</strong> for approval."
        main += " \(counts[.approved] ?? 0) approved and \(counts[.rejected] ?? 0) rejected so far. Approving appends the review to "
        main += "<code>Content/reviews/</code>; the next build publishes it. Rejected reviews are kept here, never shown.</p>"
        if pending.isEmpty, counts.values.reduce(0, +) == 0 {
            main += """
                <p>Buyers review what they bought through a link for each line of a paid order: the checkout service lists
                them in the order's JSON for the success page (<code>reviewLinks</code>), and
                <code>vitrine reviews links --orders FILE</code> prints them for orders paid before, to send by email.</p>
                """
        }
        for submission in pending { main += article(submission, csrf: csrf, display: display) }
        if waiting > pending.count {
            main += "<p role=\"status\">\(waiting - pending.count) more wait; they appear here as these are decided.</p>"
        }
        if !decided.isEmpty {
            main += "<table><caption>Recently decided</caption><thead><tr><th scope=\"col\">Review</th><th scope=\"col\">Product</th>"
            main += "<th scope=\"col\">Stars</th><th scope=\"col\">Author</th><th scope=\"col\">Decision</th><th scope=\"col\">When</th></tr></thead><tbody>"
            for item in decided {
                main += "<tr><th scope=\"row\"><code>\(e(item.reviewID))</code></th><td>\(e(item.productName))</td><td>\(item.rating)</td>"
                main += "<td>\(e(item.author))</td><td>\(item.status == .approved ? "Approved" : "Rejected")</td>"
                main += "<td>\(item.decidedAt.map(display.time) ?? "")</td></tr>"
            }
            main += "</tbody></table>"
        }
        return main
    }

    static func article(_ submission: ReviewSubmission, csrf: String, display: OrderDisplay) -> String {
        let e = EditorPage.escape
        let id = submission.reviewID
        let stars = String(repeating: "★", count: submission.rating) + String(repeating: "☆", count: max(0, 5 - submission.rating))
        var html = "<article class=\"review\" id=\"\(e(id))\" aria-labelledby=\"\(e(id))-product\">"
        html += "<h2 id=\"\(e(id))-product\">\(e(submission.productName)) <span class=\"hint\">SKU <code>\(e(submission.sku))</code></span></h2>"
        html += "<p><span aria-hidden=\"true\">\(stars)</span> <strong>\(submission.rating) out of 5 stars</strong>"
        html += " · by \(e(submission.author)) · \(display.time(submission.submittedAt))"
        html += " · order <a href=\"\(EditorPage.orderPath(submission.orderNumber))\">\(submission.orderNumber)</a>"
        if let language = submission.language { html += " · language <code>\(e(language))</code>" }
        if submission.revision > 1 { html += " · sent \(submission.revision) times, this is the latest" }
        html += "</p>"
        if let title = submission.title { html += "<h3>\(e(title))</h3>" }
        for paragraph in Review.paragraphs(of: submission.body) {
            html += "<p>" + e(paragraph).replacingOccurrences(of: "\n", with: "<br>") + "</p>"
        }
        html += """
            <form method="post" action="\(e(actionPath(submission)))">
            <input type="hidden" name="_csrf" value="\(e(csrf))">
            <input type="hidden" name="revision" value="\(submission.revision)">
            <div class="field"><label for="\(e(id))-response">The shop's response <span class="required">(optional; published with the review)</span></label>
            <textarea id="\(e(id))-response" name="response" rows="3" maxlength="\(Review.Limits.responseBody.upperBound)">\(e(submission.response ?? ""))</textarea></div>
            <p><button type="submit" name="action" value="approve">Approve and publish</button>
            <button type="submit" name="action" value="save">Save the response</button>
            <button type="submit" name="action" value="reject" class="danger">Reject</button></p>
            </form></article>
            """
        return html
    }
}
