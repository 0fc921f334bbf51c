import Foundation
import Hummingbird
import Orders

extension ContentEditor {
    /// `GET orders/?status=paid&review=1&page=2`.
    func orderList(_ request: Request, store: OrderStore) -> Response {
        let parameters = request.uri.queryParameters
        let query: OrderListQuery
        switch OrderListQuery.parse(
            status: parameters["status"].map(String.init), review: parameters["review"].map(String.init),
            page: parameters["page"].map(String.init))
        {
        case .success(let parsed): query = parsed
        case .failure(let problem):
            return ordersProblem(request, status: .badRequest, "<p>\(EditorPage.escape(problem.message)).</p>")
        }
        do {
            let counts = try store.counts()
            let matching: Int
            switch (query.status, query.needsReview) {
            case (nil, false): matching = counts.byStatus.values.reduce(0, +)
            case (let status?, false): matching = counts.byStatus[status] ?? 0
            case (nil, true): matching = counts.needsReview
            // The store counts the two apart only; orders needing review are few by design.
            case (let status?, true): matching = try store.orders(status: status, needsReview: true).count
            }
            let orders = try store.orders(
                status: query.status, needsReview: query.needsReview, limit: OrderListQuery.pageSize, offset: query.offset)
            let listCounts = OrdersPage.ListCounts(byStatus: counts.byStatus, needsReview: counts.needsReview, matching: matching)
            let display = OrderDisplay.shop(in: folder)
            return page(request) { _ in
                layout(title: "Orders", inOrders: true, main: OrdersPage.list(orders, query: query, counts: listCounts, display: display))
            }
        } catch {
            return ordersUnreadable(request, store: store, error)
        }
    }

    /// `GET orders/1001`. Anything but a number names no order: 404, as for an unknown number.
    func orderPage(_ request: Request, store: OrderStore, number text: String) -> Response {
        let link = "<a href=\"\(EditorPage.ordersPath)\">All orders</a>"
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let number = Int64(text) else {
            return ordersProblem(
                request, status: .notFound, title: "Not found",
                "<p>“\(EditorPage.escape(text))” is not an order number: they are whole numbers, like 1001. \(link).</p>")
        }
        do {
            guard let order = try store.order(number: number) else {
                return ordersProblem(request, status: .notFound, title: "Not found", "<p>No order \(number) in the orders file. \(link).</p>")
            }
            let display = OrderDisplay.shop(in: folder)
            return page(request) { _ in
                layout(title: "Order \(order.number)", inOrders: true, main: OrdersPage.order(order, display: display))
            }
        } catch {
            return ordersUnreadable(request, store: store, error)
        }
    }

    private func ordersProblem(_ request: Request, status: HTTPResponse.Status, title: String = "Orders", _ html: String) -> Response {
        page(request, status: status) { _ in
            layout(title: title, inOrders: true, main: "<h1>\(EditorPage.escape(title))</h1>" + html)
        }
    }

    /// The file was readable when the editor started; now it is not (removed, damaged, a newer
    /// schema). The catalog's pages go on working; this one says what happened.
    private func ordersUnreadable(_ request: Request, store: OrderStore, _ error: any Error) -> Response {
        ordersProblem(
            request, status: .internalServerError,
            "<div class=\"error-summary\" role=\"alert\"><p>The orders file <code>\(EditorPage.escape(store.path))</code> could not be read: "
                + "\(EditorPage.escape(String(describing: error))).</p></div><p>The catalog can still be edited; restart "
                + "<code>vitrine serve --edit --orders</code> once the file is back.</p>")
    }
}
