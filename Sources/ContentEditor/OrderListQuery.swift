import Orders

/// What the orders list shows, from its address (`?status=paid&review=1&page=2`), so a filtered
/// page can be bookmarked and sent to a colleague. A value the list's own form never sends is
/// refused with what would be right rather than quietly ignored: a list that silently shows every
/// order when staff asked for the failed ones is worse than none.
struct OrderListQuery: Sendable, Equatable {
    static let pageSize = 50
    /// Far beyond any shop's orders, and small enough that the offset cannot overflow.
    static let lastPage = 1_000_000
    /// The order staff look for them in: money first, then what may still turn into money.
    static let statuses: [Order.Status] = [.paid, .processing, .open, .failed, .expired]

    var status: Order.Status?
    var needsReview = false
    var page = 1

    var offset: Int { (page - 1) * Self.pageSize }
    var isFiltered: Bool { status != nil || needsReview }

    /// `nil` or empty means "not given"; `status=` and `review=` are what the form sends for "all".
    static func parse(status: String?, review: String?, page: String?) -> Result<OrderListQuery, Problem> {
        var query = OrderListQuery()
        if let status, !status.isEmpty {
            guard let known = Order.Status(rawValue: status) else {
                return .failure(Problem(
                    "“\(status)” is not an order status; use one of \(Self.statuses.map(\.rawValue).joined(separator: ", ")), or leave it out for every order"))
            }
            query.status = known
        }
        switch review ?? "" {
        case "", "0": break
        case "1": query.needsReview = true
        default: return .failure(Problem("review is 1 for only the orders that need review; leave it out for every order"))
        }
        if let page, !page.isEmpty {
            guard page.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let number = Int(page),
                (1...Self.lastPage).contains(number)
            else { return .failure(Problem("page is a whole number from 1, like page=2")) }
            query.page = number
        }
        return .success(query)
    }

    struct Problem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The list's address with this query's filters on `page` (1 left out), unescaped: callers
    /// print it through `EditorPage.escape`, which turns `&` into `&amp;`.
    func path(page: Int) -> String {
        var parts: [String] = []
        if let status { parts.append("status=" + status.rawValue) }
        if needsReview { parts.append("review=1") }
        if page > 1 { parts.append("page=\(page)") }
        return EditorPage.ordersPath + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
    }
}
