import CatalogModel
import Foundation
import Hummingbird
import Orders
import Synchronization

/// The orders file opened for writing, for the reviews pages alone: the orders pages only read it.
/// Opened at first use, so a file the editor may not write still leaves the catalog and the
/// orders pages working, and the reviews page says why.
final class ReviewStore: Sendable {
    let path: String
    private let opened: Mutex<OrderStore?>

    init(orders: OrderStore) {
        path = orders.path
        opened = Mutex(orders.isReadOnly ? nil : orders)
    }

    func store() throws -> OrderStore {
        try opened.withLock { (current: inout OrderStore?) throws -> OrderStore in
            if let current { return current }
            let store = try OrderStore(path: path)
            current = store
            return store
        }
    }
}

extension ContentEditor {
    /// `GET reviews/?done=approved&id=o1001-0`: the list, with what the last action did.
    func reviewList(_ request: Request, desk: ReviewStore) -> Response {
        let parameters = request.uri.queryParameters
        var message: String?
        if let id = parameters["id"].map(String.init), ReviewSubmission.parse(reviewID: id) != nil {
            switch parameters["done"].map(String.init) {
            case "approved": message = "Approved review \(id)" + (parameters["file"].map { ": it is in Content/\(String($0))." } ?? ".")
            case "rejected": message = "Rejected review \(id): it stays here and is never published."
            case "saved": message = "Saved the response to review \(id); it is published when the review is approved."
            default: break
            }
        }
        return reviewPage(request, desk: desk, status: .ok, message: message, problem: nil)
    }

    /// `POST reviews/o1001-0` with `action` approve, save or reject, `revision` and `response`.
    func reviewAction(_ request: Request, desk: ReviewStore, id: String) async throws -> Response {
        guard let form = try await readForm(request) else { return Self.badForm() }
        if let refusal = security.allowsWrite(request, token: form["_csrf"]) { return refused(request, refusal) }
        guard let (order, line) = ReviewSubmission.parse(reviewID: id), let revision = form["revision"].flatMap(Int.init) else {
            return reviewPage(request, desk: desk, status: .notFound, message: nil, problem: (id, "No review has the id \(id)."))
        }
        let response = (form["response"]).map(ReviewText.multiline).flatMap { $0.isEmpty ? nil : $0 }
        if let response, response.unicodeScalars.count > Review.Limits.responseBody.upperBound {
            return reviewPage(
                request, desk: desk, status: .unprocessableContent, message: nil,
                problem: (id, "The response is \(response.unicodeScalars.count.formatted()) characters; at most \(Review.Limits.responseBody.upperBound.formatted()) fit."))
        }
        let store: OrderStore
        do {
            store = try desk.store()
        } catch {
            return reviewsUnreadable(request, desk: desk, error)
        }
        let now = Date()
        do {
            switch form["action"] {
            case "approve":
                return try approve(request, desk: desk, store: store, order: order, line: line, revision: revision, response: response, at: now)
            case "reject":
                let outcome = try store.decideReview(order: order, line: line, revision: revision, as: .rejected, response: response, at: now)
                return after(request, desk: desk, outcome, done: "rejected")
            case "save":
                let outcome = try store.saveReviewResponse(order: order, line: line, revision: revision, response: response)
                return after(request, desk: desk, outcome, done: "saved")
            default:
                return reviewPage(
                    request, desk: desk, status: .unprocessableContent, message: nil,
                    problem: (id, "Choose Approve and publish, Save the response, or Reject."))
            }
        } catch {
            return reviewsUnreadable(request, desk: desk, error)
        }
    }

    /// Checks and appends the line, then marks the review approved: in that order, and under the
    /// editor's write lock, so two approvals never append to one file at once. Should the mark not
    /// land, approving again finds the line by its id and only marks it.
    private func approve(
        _ request: Request, desk: ReviewStore, store: OrderStore, order: Int64, line: Int, revision: Int, response: String?,
        at now: Date
    ) throws -> Response {
        let id = ReviewSubmission.reviewID(order: order, line: line)
        writeLock.lock()
        defer { writeLock.unlock() }
        guard let submission = try store.reviewSubmission(order: order, line: line) else {
            return after(request, desk: desk, .missing, done: "approved")
        }
        guard submission.status == .pending, submission.revision == revision else {
            return after(request, desk: desk, submission.status == .pending ? .changed(submission) : .decided(submission), done: "approved")
        }
        switch ReviewPublisher(folder: folder).publish(submission, response: response, at: now) {
        case .failure(let problem):
            return reviewPage(request, desk: desk, status: .unprocessableContent, message: nil, problem: (id, problem.message))
        case .success(let published):
            let outcome = try store.decideReview(order: order, line: line, revision: revision, as: .approved, response: response, at: now)
            return after(request, desk: desk, outcome, done: "approved", file: "\(published.relative)")
        }
    }

    /// Back to the list with what happened, or the list with why nothing did.
    private func after(_ request: Request, desk: ReviewStore, _ outcome: OrderStore.DecisionOutcome, done: String, file: String? = nil) -> Response {
        switch outcome {
        case .done(let submission):
            var query = "?done=\(done)&id=\(submission.reviewID)"
            if let file { query += "&file=\(PercentEncoding.unreserved(file))" }
            return Self.redirect(ReviewsPage.path + query)
        case .changed(let submission):
            return reviewPage(
                request, desk: desk, status: .conflict, message: nil,
                problem: (submission.reviewID, "The buyer sent review \(submission.reviewID) again after this page was opened; read the new text below and decide again."))
        case .decided(let submission):
            return reviewPage(
                request, desk: desk, status: .conflict, message: nil,
                problem: (submission.reviewID, "Review \(submission.reviewID) was already \(submission.status.rawValue); nothing changed."))
        case .missing:
            return reviewPage(request, desk: desk, status: .notFound, message: nil, problem: ("reviews", "No such review in the orders file."))
        }
    }

    private func reviewPage(
        _ request: Request, desk: ReviewStore, status: HTTPResponse.Status, message: String?, problem: (id: String, text: String)?
    ) -> Response {
        do {
            let store = try desk.store()
            let pending = try store.reviewSubmissions(status: .pending, limit: ReviewsPage.pageSize)
            let counts = try store.reviewCounts()
            let decided = try store.reviewSubmissions(status: .approved, limit: 10) + store.reviewSubmissions(status: .rejected, limit: 10)
            let recent = decided.sorted { ($0.decidedAt ?? .distantPast) > ($1.decidedAt ?? .distantPast) }.prefix(10)
            let display = OrderDisplay.shop(in: folder)
            return page(request, status: status) { csrf in
                layout(
                    title: "Reviews", inReviews: true,
                    main: ReviewsPage.list(
                        pending: pending, counts: counts, decided: Array(recent), csrf: csrf, display: display, message: message,
                        problem: problem))
            }
        } catch {
            return reviewsUnreadable(request, desk: desk, error)
        }
    }

    private func reviewsUnreadable(_ request: Request, desk: ReviewStore, _ error: any Error) -> Response {
        page(request, status: .internalServerError) { _ in
            layout(
                title: "Reviews", inReviews: true,
                main: "<h1>Reviews</h1><div class=\"error-summary\" role=\"alert\"><p>The orders file <code>\(EditorPage.escape(desk.path))</code> "
                    + "could not be opened for the reviews: \(EditorPage.escape(String(describing: error))).</p></div><p>The catalog can still be "
                    + "edited. The editor needs to write this file to keep staff's decisions; check that it may, and restart "
                    + "<code>vitrine serve --edit --orders</code>.</p>")
        }
    }
}
