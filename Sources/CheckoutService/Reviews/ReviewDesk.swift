import CatalogModel
public import Foundation
import HTTPTypes
import Hummingbird
import Orders

/// The flood guard's numbers: a buyer fixing a typo sends the form a few times; a script sends it
/// hundreds of times.
public enum ReviewRules {
    /// Sendings per reviewed line (whichever link names it) per `window`.
    public static let postsPerLine = 10
    /// Sendings per client address per `window`, whatever the link: a household, or an office
    /// behind one address, reviews several lines at once.
    public static let postsPerAddress = 30
    public static let window: TimeInterval = 60
}

/// `GET` and `POST /reviews/<token>`: the buyer's form for one paid order line, and the pending
/// review it leaves in the orders file. Every refusal is a `CheckoutError`, shown as a page by
/// `CheckoutErrorMiddleware`; a client's input never causes a 5xx. `storefront` is the link's
/// `?storefront=` (the order does not record where it was filled), whose language the pages are in.
struct ReviewDesk: Sendable {
    let links: ReviewLinks
    let payments: Payments?
    let page: SummaryPage
    /// The machine's clock: links expire and reviews are dated by the real time.
    let clock: @Sendable () -> Date
    let bodyDeadline: Duration
    let byAddress = RateLimiter(limit: ReviewRules.postsPerAddress, window: ReviewRules.window)
    let byLine = RateLimiter(limit: ReviewRules.postsPerLine, window: ReviewRules.window)

    func form(token text: String, storefront: String?) async throws -> Response {
        guard let payments else { throw CheckoutError.reviewsNotConfigured }
        let token = try links.verify(text[...], at: clock())
        let (order, existing) = try await target(token, in: payments)
        if let existing, existing.status != .pending { throw CheckoutError.reviewDecided(approved: existing.status == .approved) }
        let storefront = page.strings.storefront(named: storefront)
        return Self.html(
            page.renderReviewForm(
                product: order.lines[token.line].name, action: Self.action(text, storefront: storefront), expiresAt: token.expiryDate,
                form: nil, pending: existing, storefront: storefront),
            policy: page.reviewContentSecurityPolicy)
    }

    /// Refusals are ordered by cost: the address's allowance, the link's signature, the line's
    /// allowance, the form's type, then its body (at most 64 KiB) and the orders file.
    func submit(_ request: Request, token text: String, address: String, storefront: String?) async throws -> Response {
        guard let payments else { throw CheckoutError.reviewsNotConfigured }
        let now = clock()
        if let wait = byAddress.retryAfter(address, at: now) { throw CheckoutError.tooManyRequests(retryAfter: wait) }
        let token = try links.verify(text[...], at: now)
        if let wait = byLine.retryAfter(ReviewSubmission.reviewID(order: token.order, line: token.line), at: now) {
            throw CheckoutError.tooManyRequests(retryAfter: wait)
        }
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            throw CheckoutError.unsupportedForm
        }
        let buffer = try await collectBody(of: request, within: bodyDeadline)
        let form = ReviewForm(fields: ReviewForm.fields(buffer.readableBytesView))
        let (order, existing) = try await target(token, in: payments)
        if let existing, existing.status != .pending { throw CheckoutError.reviewDecided(approved: existing.status == .approved) }
        let product = order.lines[token.line].name
        let storefront = page.strings.storefront(named: storefront)
        guard let submission = form.submission(order: order, line: token.line, at: now) else {
            return Self.html(
                page.renderReviewForm(
                    product: product, action: Self.action(text, storefront: storefront), expiresAt: token.expiryDate, form: form,
                    pending: existing, storefront: storefront),
                policy: page.reviewContentSecurityPolicy, status: .unprocessableContent)
        }
        let store = payments.store
        let replaced: Bool
        switch try await payments.onQueue({ try store.submitReview(submission) }) {
        case .stored: replaced = false
        case .replaced: replaced = true
        case .decided(let decided): throw CheckoutError.reviewDecided(approved: decided.status == .approved)
        }
        return Self.html(
            page.renderReviewSent(product: product, replaced: replaced, storefront: storefront), policy: page.reviewContentSecurityPolicy)
    }

    /// The paid order and line a verified token names, and the line's review so far. A token for
    /// an order that is not paid, a line it does not have, or a line whose SKU differs is no link
    /// this shop would make: 404, as for an altered one.
    private func target(_ token: ReviewToken, in payments: Payments) async throws -> (Order, ReviewSubmission?) {
        let store = payments.store
        let found = try await payments.onQueue { () -> (Order?, ReviewSubmission?) in
            guard let order = try store.order(number: token.order) else { return (nil, nil) }
            return (order, try store.reviewSubmission(order: token.order, line: token.line))
        }
        guard let order = found.0, order.status == .paid, order.lines.indices.contains(token.line),
            order.lines[token.line].sku == token.sku
        else { throw CheckoutError.reviewLinkInvalid }
        return (order, found.1)
    }

    /// The form posts back to the address it was opened at, relative so any path prefix works,
    /// and keeps its storefront so the answer is in the same language.
    static func action(_ token: String, storefront: String?) -> String {
        CheckoutRoute.reviewSubmit.link(token, from: CheckoutRoute.reviewForm) + (storefront.map { "?storefront=" + $0 } ?? "")
    }

    static func html(_ text: String, policy: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                // The token in the URL must not leak to the shop or anyone linked from the page.
                .referrerPolicy: "no-referrer", .contentSecurityPolicy: policy,
            ],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
